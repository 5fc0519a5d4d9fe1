import type { SandboxContext } from './context';
import { nowIso } from './db';
import { HttpError, MAX_TEXT, notFound } from './http';
import { OPEN_STATUSES } from './order-ops';
import type { OrderRow } from './serialize';

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

/** What the operator sets: a speed offered (or changed), or withdrawn with `withdraw`. */
export interface ShippingOptionInput {
  id: string;
  label?: string;
  price?: number;
  minDays?: number;
  maxDays?: number;
  withdraw?: boolean;
}

const CODE = /^[a-z][a-z0-9_-]{0,31}$/;
const MAX_DAYS = 60;

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

function days(value: number | undefined, label: string): number {
  if (value === undefined || !Number.isInteger(value) || value < 1 || value > MAX_DAYS) {
    throw new HttpError(422, `${label} must be a whole number of working days from 1 to ${MAX_DAYS}`);
  }
  return value;
}

/** Offers, changes or withdraws one shipping speed of an open normal order (operator action); answers the speeds now offered. */
export function setShippingOption(ctx: SandboxContext, orderId: number, input: ShippingOptionInput) {
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow | undefined;
  if (!order) throw notFound();
  if (order.order_type !== 'normal' || !OPEN_STATUSES.includes(order.status)) {
    throw new HttpError(422, `Order ${orderId} is ${order.status}; shipping speeds are set on placed or processing orders`);
  }
  if (!CODE.test(input.id)) throw new HttpError(422, 'id must be a short lower-case name such as express');
  if (input.withdraw) {
    const changed = ctx.db.prepare('UPDATE shipping_options SET withdrawn_at = ? WHERE order_id = ? AND code = ? AND withdrawn_at IS NULL').run(nowIso(), orderId, input.id).changes;
    if (changed === 0) throw new HttpError(422, `Order ${orderId} offers no shipping speed ${input.id}`);
  } else {
    const label = input.label?.trim() ?? '';
    if (label === '' || label.length > MAX_TEXT) throw new HttpError(422, `label must be 1 to ${MAX_TEXT} characters`);
    if (input.price === undefined || !Number.isFinite(input.price) || input.price < 0) throw new HttpError(422, 'price must be a number of rand, 0 or more');
    const min = days(input.minDays, 'min_days');
    const max = days(input.maxDays ?? min, 'max_days');
    if (max < min) throw new HttpError(422, 'max_days must be at least min_days');
    ctx.db
      .prepare(
        `INSERT INTO shipping_options (order_id, code, label, price_cents, min_days, max_days) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (order_id, code) DO UPDATE SET label = excluded.label, price_cents = excluded.price_cents,
           min_days = excluded.min_days, max_days = excluded.max_days, withdrawn_at = NULL`,
      )
      .run(orderId, input.id, label, Math.round(input.price * 100), min, max);
  }
  return { order_id: orderId, shipping_options: shippingOptionsJson(shippingOptionRows(ctx, orderId)) };
}
