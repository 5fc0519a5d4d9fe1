import type { SandboxContext } from './context';
import { nowIso } from './db';
import { FieldReader, HttpError, notFound } from './http';
import { queueMail, queueWhatsApp } from './outbox';
import { notifyOrder, type LateNews } from './push';
import type { OrderRow } from './rows';
import { expectedDeliveryJson, isDay, isLate, todayUtc, windowRow, type WindowRow } from './tracking';

// Late is said before the shopper asks (issue 55, sandbox/README.md rule 16): once the expected window has passed without
// delivery the shopper is told, once for that window, on their chosen channel; a moved window is a new one.

/** Who was told of a late order, and how. */
export interface LateNotice {
  order_id: number;
  /** The channel of the message besides the push: whatsapp for a shopper who chose it, else email. */
  channel: 'whatsapp' | 'email';
  /** How many of the shopper's browsers were pushed to. */
  pushed: number;
  expected_to: string;
  new_from?: string;
  new_to?: string;
}

/**
 * Tells the shopper their order runs late: a `late` push to their subscriptions, and a WhatsApp message when that is their
 * notification method, else an e-mail (outbox kind `order_late`), each naming the new window when there is one.
 */
export function tellLate(ctx: SandboxContext, order: OrderRow, news: LateNews, now = Date.now()): LateNotice {
  const user = ctx.db.prepare('SELECT email, notification_method FROM users WHERE id = ?').get(order.user_id) as { email: string; notification_method: string };
  const pushed = (ctx.db.prepare('SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = ?').get(order.user_id) as { n: number }).n;
  notifyOrder(ctx, order.id, 'late', now, news);
  const subject = `Order ${order.id} is running late`;
  const newWindow = news.new_from && news.new_to ? ` It is now expected ${news.new_from === news.new_to ? `on ${news.new_to}` : `from ${news.new_from} to ${news.new_to}`}.` : '';
  const text = `${subject}: it was expected by ${news.expected_to}.${newWindow}`;
  const payload = { order_id: order.id, status: order.status, ...news, link: new URL(`/my-orders/${order.id}/`, ctx.siteOrigin).href };
  if (user.notification_method === 'whatsapp') {
    queueWhatsApp(ctx, order.id, 'order_late', text, payload);
    return { order_id: order.id, channel: 'whatsapp', pushed, ...news };
  }
  queueMail(ctx, 'order_late', user.email, subject, { ...payload, text });
  return { order_id: order.id, channel: 'email', pushed, ...news };
}

/**
 * One pass of the late check (on the reminder timer, and `POST /__sandbox/late-check`): each normal order not delivered
 * whose window's last day has passed (UTC) and whose shopper was not yet told of this window is told once. Answers who was.
 */
export function checkLateOrders(ctx: SandboxContext, now = Date.now()): LateNotice[] {
  const due = ctx.db
    .prepare(
      `SELECT o.*, w.to_date FROM orders o JOIN expected_deliveries w ON w.order_id = o.id
       WHERE o.order_type = 'normal' AND o.status <> 'delivered' AND w.late_told_at IS NULL AND w.to_date < ?
       ORDER BY o.id`,
    )
    .all(todayUtc(now)) as (OrderRow & { to_date: string })[];
  const told = ctx.db.prepare('UPDATE expected_deliveries SET late_told_at = ? WHERE order_id = ? AND late_told_at IS NULL');
  return due.flatMap((row) => {
    // Marked first: a second pass running at the same moment finds it told and says nothing.
    if (told.run(new Date(now).toISOString(), row.id).changes === 0) return [];
    const { to_date: expectedTo, ...order } = row;
    return [tellLate(ctx, order, { expected_to: expectedTo }, now)];
  });
}

/** What the operator sets: the new first and last day (YYYY-MM-DD) and why the window moved. */
export interface WindowInput {
  from?: unknown;
  to?: unknown;
  reason?: unknown;
}

/**
 * Moves a paid order's expected delivery (operator action): 422 with field errors for days that are not real dates, a
 * window that ends before it starts, or no reason; 422 for an order without a window or already delivered. The window
 * keeps the one it replaces and when it moved, and its lateness will be told again should it pass. When the window it
 * replaces had passed, the shopper is told at once that the order runs late, with the new dates. Answers the window.
 */
export function moveExpectedDelivery(ctx: SandboxContext, orderId: number, input: WindowInput, now = Date.now()) {
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow | undefined;
  if (!order) throw notFound();
  const current: WindowRow | undefined = windowRow(ctx, orderId);
  if (!current) throw new HttpError(422, `Order ${orderId} has no expected delivery yet: it gets one when it is paid`);
  if (order.status === 'delivered') throw new HttpError(422, `Order ${orderId} is delivered; its expected delivery no longer moves`);
  const f = new FieldReader(input as Record<string, unknown>);
  const from = f.string('from', { required: true })?.trim();
  const to = f.string('to', { required: true })?.trim();
  const reason = f.string('reason', { required: true })?.trim();
  if (from !== undefined && !isDay(from)) f.add('from', 'must be a date (YYYY-MM-DD)');
  if (to !== undefined && !isDay(to)) f.add('to', 'must be a date (YYYY-MM-DD)');
  else if (to !== undefined && from !== undefined && isDay(from) && to < from) f.add('to', 'must be on or after from');
  f.check();
  ctx.db
    .prepare(
      `UPDATE expected_deliveries SET from_date = ?, to_date = ?, reason = ?, previous_from = ?, previous_to = ?, moved_at = ?, late_told_at = NULL
       WHERE order_id = ?`,
    )
    .run(from, to, reason, current.from_date, current.to_date, new Date(now).toISOString(), orderId);
  const told = isLate(order, current, now) && from && to ? tellLate(ctx, order, { expected_to: current.to_date, new_from: from, new_to: to }, now) : undefined;
  return { order_id: orderId, expected_delivery: expectedDeliveryJson(ctx, order, now), told: told ?? null };
}

/** When the shopper was told of the current window's lateness, for the seed's stories (an order told before the demo starts). */
export function markLateTold(ctx: SandboxContext, orderId: number, at = nowIso()): void {
  ctx.db.prepare('UPDATE expected_deliveries SET late_told_at = ? WHERE order_id = ?').run(at, orderId);
}
