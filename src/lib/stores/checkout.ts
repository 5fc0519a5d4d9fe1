import type { OrderProduct } from '../api/orders';
import type { Checkout, ShippingOption } from '../api/quote-extras';

// What the quote page and the invoice both read of issue 44 (kept apart from the quote page's choices, so that the
// invoice loads only this).

/** Sub-total, VAT and total of a quote with a choice. */
export interface Totals {
  subTotal: number;
  totalVat: number;
  total: number;
}

/** Cost lines beyond the quote's own: the rows before Sub-total (shipping, insurance) and the totals that follow. */
export interface CostExtras {
  rows: [string, number][];
  totals: Totals;
  /** Lines after the Total (issue 56): what store credit takes off (negative) or paid, and what is left to pay or was charged. */
  after?: [string, number][];
}

/** True when at least one product is declared to customs: the declaration must then be confirmed. */
export function isDeclared(products: readonly Pick<OrderProduct, 'declaration'>[]): boolean {
  return products.some((p) => p.declaration !== undefined);
}

/** The shipping and insurance lines the order was paid with, and the totals charged; undefined without a checkout. */
export function checkoutCostExtras(
  checkout: Checkout | undefined,
  options: readonly ShippingOption[] = [],
): CostExtras | undefined {
  if (!checkout) return undefined;
  const rows: [string, number][] = [];
  if (checkout.shippingOptionId) {
    const label = options.find((o) => o.id === checkout.shippingOptionId)?.label ?? checkout.shippingOptionId;
    rows.push([`Shipping (${label})`, checkout.shippingPrice]);
  }
  if (checkout.insured && checkout.insurancePremium !== null) rows.push(['Insurance', checkout.insurancePremium]);
  const totals = { subTotal: checkout.subTotal, totalVat: checkout.totalVat, total: checkout.total };
  return checkout.creditUsed === undefined ? { rows, totals } : { rows, totals, after: creditPaidRows(checkout) };
}

// Issue 56: the invoice says what store credit paid and what the card or PayFast charged (nothing when credit paid it all).
function creditPaidRows({ creditUsed = 0, paidNow }: Pick<Checkout, 'creditUsed' | 'paidNow'>): [string, number][] {
  const rows: [string, number][] = [['Credit used', creditUsed]];
  if (paidNow) rows.push(['Paid by card / PayFast', paidNow]);
  return rows;
}
