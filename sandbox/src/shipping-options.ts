import type { SandboxContext } from './context';

/** A shipping speed offered on an order, as stored (`code` is its wire `id`). */
export interface ShippingOptionRow {
  id: number;
  order_id: number;
  code: string;
  label: string;
  price_cents: number;
  min_days: number;
  max_days: number;
  withdrawn_at: string | null;
}

/** Every shipping speed of an order, withdrawn ones included (callers filter). */
export function shippingOptionRows(ctx: SandboxContext, orderId: number): ShippingOptionRow[] {
  return ctx.db.prepare('SELECT * FROM shipping_options WHERE order_id = ? ORDER BY price_cents, id').all(orderId) as ShippingOptionRow[];
}

/** The speeds still offered, in wire shape: id, label, price in rand (before VAT, on top of the quote) and the window in working days. */
export function shippingOptionsJson(rows: ShippingOptionRow[]) {
  return rows
    .filter((o) => o.withdrawn_at === null)
    .map((o) => ({ id: o.code, label: o.label, price: o.price_cents / 100, min_days: o.min_days, max_days: o.max_days }));
}
