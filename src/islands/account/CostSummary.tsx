import type { ReactNode } from 'react';
import type { Quote } from '../../lib/api/orders';
import { formatRand } from '../../lib/format';

/** Props of the cost summary. */
export interface CostSummaryProps {
  quote: Quote | null;
}

/** The inclusive quote: freight, customs and duties; facilitation fee; sub-total; VAT; total. */
export function CostSummary({ quote }: CostSummaryProps): ReactNode {
  if (!quote) {
    return <p className="notice">Your quote is not ready yet: it arrives by e-mail within 24 hours of your order.</p>;
  }
  const rows: [string, number][] = [
    ['Freight, customs and duties', quote.feesCost],
    ['Facilitation fee', quote.serviceFeeCost],
    ['Sub-total', quote.subTotal],
    ['VAT', quote.totalVat],
  ];
  return (
    <dl className="cost-summary">
      {rows.map(([term, amount]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{formatRand(amount)}</dd>
        </div>
      ))}
      <div className="cost-summary__total">
        <dt>Total</dt>
        <dd>{formatRand(quote.total)}</dd>
      </div>
    </dl>
  );
}
