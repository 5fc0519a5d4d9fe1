import type { ReactNode } from 'react';
import type { Quote } from '../../../lib/api/orders';
import { formatRand } from '../../../lib/format';
import type { CostExtras } from '../../../lib/stores/checkout';

/** Props of the cost summary. */
export interface CostSummaryProps {
  quote: Quote | null;
  /** The chosen shipping speed and insurance, and the totals that follow (issue 44); without it, the quote's own. */
  extras?: CostExtras;
}

// A line that takes off (store credit, a pickup point's collection discount) shows a real minus sign.
const amountText = (amount: number): string => (amount < 0 ? `\u2212${formatRand(-amount)}` : formatRand(amount));

/** The inclusive quote: freight, customs and duties; facilitation fee; a pickup point's collection discount; shipping and insurance when chosen; sub-total; VAT; total; then what store credit paid and the rest (issue 56). */
export function CostSummary({ quote, extras }: CostSummaryProps): ReactNode {
  if (!quote) {
    return <p className="notice">Your quote is not ready yet: it arrives by e-mail within 24 hours of your order.</p>;
  }
  const totals = extras?.totals ?? quote;
  const rows: [string, number][] = [
    ['Freight, customs and duties', quote.feesCost],
    ['Facilitation fee', quote.serviceFeeCost],
    // Issue 57: collecting at a pickup point takes this off the freight; the quote's totals already include it.
    ...(quote.deliveryDiscount ? [['Collection discount', -quote.deliveryDiscount] as [string, number]] : []),
    ...(extras?.rows ?? []),
    ['Sub-total', totals.subTotal],
    ['VAT', totals.totalVat],
  ];
  return (
    <dl className="cost-summary">
      {rows.map(([term, amount]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{amountText(amount)}</dd>
        </div>
      ))}
      {/* With a choice on the page the total changes as the shopper chooses: a screen reader hears the new one. */}
      <div className="cost-summary__total" aria-live={extras ? 'polite' : undefined}>
        <dt>Total</dt>
        <dd>{formatRand(totals.total)}</dd>
      </div>
      {extras?.after?.map(([term, amount]) => (
        <div key={term} className="cost-summary__after" aria-live="polite">
          <dt>{term}</dt>
          <dd>{amountText(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
