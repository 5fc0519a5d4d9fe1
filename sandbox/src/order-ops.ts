import { queueMail, queueWhatsApp } from './outbox';
import type { SandboxContext } from './context';
import { dateFromToday, nowIso } from './db';
import { HttpError, notFound } from './http';
import { endAttempts } from './payments';
import { notifyOrder, notifyStatus } from './push';
import type { OrderRow, ProductRow } from './rows';
import { QUOTE_VALID_HOURS, quoteFor } from './serialize';
import { statusesOf, statusIndex } from './statuses';
import { openWindow, recordMove } from './tracking';

export { NORMAL_STATUSES, RETURN_STATUSES } from './statuses';
/** Statuses in which products may still be removed or restored and the address changed. */
export const OPEN_STATUSES = ['placed', 'processing'];
/** Facilitation fee in cents (about $10). */
export const DEFAULT_SERVICE_FEE_CENTS = 18_500;

/** Per-item prices in rand for a quote; a list gives one value per product in order, the last repeating. */
export interface QuoteInput {
  cost?: number[];
  customs?: number[];
  delivery?: number[];
  fee?: number;
  /** Hours since the quote was issued (a test of the 48-hour clock); default 0, now. */
  hoursAgo?: number;
}

function loadOrder(ctx: SandboxContext, orderId: number): OrderRow {
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow | undefined;
  if (!order) throw notFound();
  return order;
}

function pick(values: number[] | undefined, index: number, fallback: number): number {
  if (!values || values.length === 0) return fallback;
  return values[Math.min(index, values.length - 1)] ?? fallback;
}

/** An amount in rand as whole cents; a 422 naming `label` for anything but a number of rand, 0 or more. */
export function cents(rand: number, label: string): number {
  if (!Number.isFinite(rand) || rand < 0) throw new HttpError(422, `${label} must be a number of rand, 0 or more`);
  return Math.round(rand * 100);
}

/** Issues (or re-issues) the quote of a placed or processing order, moves it to processing, mails and pushes it. */
export function issueQuote(ctx: SandboxContext, orderId: number, input: QuoteInput = {}) {
  const order = loadOrder(ctx, orderId);
  if (order.order_type !== 'normal' || !OPEN_STATUSES.includes(order.status)) {
    throw new HttpError(422, `Order ${orderId} is ${order.status}; only placed or processing orders can be quoted`);
  }
  const products = ctx.db.prepare('SELECT * FROM products WHERE order_id = ? ORDER BY id').all(orderId) as ProductRow[];
  const fee = input.fee === undefined ? DEFAULT_SERVICE_FEE_CENTS : cents(input.fee, 'fee');
  const setPrices = ctx.db.prepare('UPDATE products SET cost_cents = ?, customs_cents = ?, delivery_cents = ? WHERE id = ?');
  ctx.db.transaction(() => {
    products.forEach((p, i) => {
      setPrices.run(
        cents(pick(input.cost, i, 100), 'cost'),
        cents(pick(input.customs, i, 20), 'customs'),
        cents(pick(input.delivery, i, 30), 'delivery'),
        p.id,
      );
    });
    ctx.db
      .prepare("UPDATE orders SET service_fee_cents = ?, quoted_at = ?, status = 'processing' WHERE id = ?")
      .run(fee, new Date(Date.now() - (input.hoursAgo ?? 0) * 3_600_000).toISOString(), orderId);
    endAttempts(ctx, orderId, 'the quote was issued again.');
  })();
  const updated = loadOrder(ctx, orderId);
  const quote = quoteFor(updated, ctx.db.prepare('SELECT * FROM products WHERE order_id = ?').all(orderId) as ProductRow[]);
  const user = ctx.db.prepare('SELECT email FROM users WHERE id = ?').get(order.user_id) as { email: string };
  queueMail(ctx, 'quote', user.email, `Your quote for order ${orderId}`, { order_id: orderId, quote, valid_hours: QUOTE_VALID_HOURS });
  queueWhatsApp(ctx, orderId, 'quote', `Your quote for order ${orderId} is ready: R${quote?.total ?? 0}, valid for ${QUOTE_VALID_HOURS} hours.`, { quote });
  notifyOrder(ctx, orderId, 'quote');
  return { order_id: orderId, status: updated.status, quote };
}

/**
 * Moves an order to any status of its type (operator action; no transition rules), recording when (its status history);
 * a normal order moved to paid or beyond without a delivery window gets one from now. A move to a pushed status is pushed.
 */
export function setStatus(ctx: SandboxContext, orderId: number, status: string) {
  const order = loadOrder(ctx, orderId);
  const allowed = statusesOf(order.order_type);
  if (!allowed.includes(status)) {
    throw new HttpError(422, `Status must be one of: ${allowed.join(', ')}`, { status: [`is not a ${order.order_type} order status`] });
  }
  const deliveryDate = status === 'delivered' || status === 'returned' ? (order.delivery_date ?? dateFromToday(0)) : order.delivery_date;
  const now = nowIso();
  ctx.db.transaction(() => {
    ctx.db.prepare('UPDATE orders SET status = ?, delivery_date = ? WHERE id = ?').run(status, deliveryDate, orderId);
    if (status !== order.status) recordMove(ctx, order.id, status, now);
    if (order.order_type === 'normal' && statusIndex('normal', status) >= statusIndex('normal', 'paid')) {
      openWindow(ctx, orderId, order.paid_at ?? now, order.checkout_shipping_option);
    }
  })();
  if (status !== order.status) notifyStatus(ctx, orderId, status);
  return { order_id: orderId, status };
}
