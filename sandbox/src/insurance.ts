import type { SandboxContext } from './context';
import { HttpError, MAX_TEXT, notFound } from './http';
import { OPEN_STATUSES } from './order-ops';
import type { OrderRow, ProductRow } from './serialize';

/** What the insurance covers unless the operator says otherwise. */
export const DEFAULT_COVERS = 'Loss, theft and damage from our warehouse to your door, up to the insured value';

/** What the operator sets: the premium rule (a share of the insured value with a minimum) and what it covers, or `withdraw`. */
export interface InsuranceInput {
  ratePercent?: number;
  minimum?: number;
  covers?: string;
  withdraw?: boolean;
}

/** The value insured: each live product's declared value (else its price) times its quantity, in cents. */
export function insuredValueCents(products: ProductRow[]): number {
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

/** Offers (or changes, or withdraws) insurance on an open normal order (operator action); answers the offer as it now stands. */
export function setInsurance(ctx: SandboxContext, orderId: number, input: InsuranceInput) {
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow | undefined;
  if (!order) throw notFound();
  if (order.order_type !== 'normal' || !OPEN_STATUSES.includes(order.status)) {
    throw new HttpError(422, `Order ${orderId} is ${order.status}; insurance is set on placed or processing orders`);
  }
  if (input.withdraw) {
    ctx.db.prepare('UPDATE orders SET insurance_rate_bp = NULL, insurance_minimum_cents = NULL, insurance_covers = NULL WHERE id = ?').run(orderId);
  } else {
    const rate = input.ratePercent;
    if (rate === undefined || !Number.isFinite(rate) || rate <= 0 || rate > 100) throw new HttpError(422, 'rate_percent must be a share above 0 and at most 100');
    const minimum = input.minimum ?? 0;
    if (!Number.isFinite(minimum) || minimum < 0) throw new HttpError(422, 'minimum_premium must be a number of rand, 0 or more');
    const covers = input.covers?.trim() || DEFAULT_COVERS;
    if (covers.length > MAX_TEXT) throw new HttpError(422, `covers must be at most ${MAX_TEXT} characters`);
    ctx.db
      .prepare('UPDATE orders SET insurance_rate_bp = ?, insurance_minimum_cents = ?, insurance_covers = ? WHERE id = ?')
      .run(Math.round(rate * 100), Math.round(minimum * 100), covers, orderId);
  }
  const updated = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow;
  const products = ctx.db.prepare('SELECT * FROM products WHERE order_id = ?').all(orderId) as ProductRow[];
  return { order_id: orderId, insurance: insuranceJson(updated, products) ?? null };
}
