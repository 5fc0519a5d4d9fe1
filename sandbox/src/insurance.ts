import type { OrderRow, ProductRow } from './rows';

/** What the insurance covers unless the operator says otherwise. */
export const DEFAULT_COVERS = 'Loss, theft and damage from our warehouse to your door, up to the insured value';

/** The value insured: each live product's declared value (else its price) times its quantity, in cents. */
function insuredValueCents(products: ProductRow[]): number {
  return products
    .filter((p) => p.deleted_at === null)
    .reduce((sum, p) => sum + (p.declared_value_cents ?? p.cost_cents ?? 0) * p.quantity, 0);
}

/** The premium in cents as the rule stands now, or null when the order offers no insurance. */
export function premiumCents(order: OrderRow, products: ProductRow[]): number | null {
  if (order.insurance_rate_bp === null || order.insurance_minimum_cents === null) return null;
  return Math.max(order.insurance_minimum_cents, Math.round((insuredValueCents(products) * order.insurance_rate_bp) / 10_000));
}

/** The insurance offer in wire shape (rule, insured value, premium in rand before VAT, what it covers), or undefined when none. */
export function insuranceJson(order: OrderRow, products: ProductRow[]) {
  const premium = premiumCents(order, products);
  if (premium === null) return undefined;
  return {
    rate_percent: (order.insurance_rate_bp ?? 0) / 100,
    minimum_premium: (order.insurance_minimum_cents ?? 0) / 100,
    insured_value: insuredValueCents(products) / 100,
    premium: premium / 100,
    covers: order.insurance_covers ?? DEFAULT_COVERS,
  };
}
