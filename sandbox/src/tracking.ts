import type { SandboxContext } from './context';
import { nowIso } from './db';
import { FieldReader, HttpError, MAX_URL, notFound } from './http';
import type { OrderRow } from './rows';
import { shippingOptionRows } from './shipping-options';
import { NORMAL_STATUSES, statusesOf, statusIndex } from './statuses';

// An order's way to the door (issue 55, sandbox/README.md rule 16): the time of each status it reached, what happened
// to it under each step, the delivery window promised at payment and the courier carrying it. Every key is sent only
// when the order has it, so an order without any keeps today's answer. Lateness and its notices are lateness.ts's.

/** The working days of the window when the paid checkout chose no speed. */
export const DEFAULT_WINDOW_DAYS = { min: 7, max: 12 } as const;

/** The events the operator records, each with the step it belongs under and the words shown when it gives none. */
export const EVENT_KINDS: Readonly<Record<string, { status: string; text: string }>> = {
  received: { status: 'goods purchased', text: 'Received at our warehouse' },
  weighed: { status: 'goods purchased', text: 'Weighed at the warehouse' },
  left_warehouse: { status: 'in transit', text: 'Left the warehouse' },
  landed: { status: 'in transit', text: 'Landed at O. R. Tambo International' },
  cleared_customs: { status: 'arrived in SA', text: 'Cleared SA customs' },
  with_courier: { status: 'arrived in SA', text: 'Handed to The Courier Guy' },
  out_for_delivery: { status: 'arrived in SA', text: 'Out for delivery' },
  delivered: { status: 'delivered', text: 'Delivered' },
};

/** A recorded event as stored. */
interface EventRow {
  id: number;
  order_id: number;
  status: string;
  kind: string;
  description: string;
  occurred_at: string;
}

/** An order's expected delivery window as stored: the days, the move's reason and previous window, and when its lateness was told. */
export interface WindowRow {
  order_id: number;
  from_date: string;
  to_date: string;
  reason: string | null;
  previous_from: string | null;
  previous_to: string | null;
  moved_at: string | null;
  /** When the shopper was told this window passed; null until then, and again after each move. */
  late_told_at: string | null;
}

/** The courier columns of an order. */
interface CourierRow {
  courier_name: string | null;
  courier_waybill: string | null;
  courier_tracking_url: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar day written YYYY-MM-DD. */
export function isDay(text: unknown): text is string {
  return typeof text === 'string' && DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

/** The day `days` working days (Monday to Friday) after the UTC date of `start`, as YYYY-MM-DD. */
export function addWorkingDays(start: string, days: number): string {
  const d = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  for (let left = days; left > 0; ) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

/** Today's UTC date, YYYY-MM-DD. */
export function todayUtc(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Records that the order reached `status` at `at`. */
export function recordMove(ctx: SandboxContext, orderId: number, status: string, at = nowIso()): void {
  ctx.db.prepare('INSERT INTO status_moves (order_id, status, at) VALUES (?, ?, ?)').run(orderId, status, at);
}

/**
 * The order's `status_history`: its first status at `created_at`, processing at `quoted_at` (unless a move recorded it),
 * then each recorded move, each step at the latest time it was reached and none beyond the current status (after a move
 * back, the history is the path that stands), in the order of the steps. Undefined until the order has moved past its
 * quote (a placed or quoted order keeps today's keys).
 */
export function statusHistoryJson(ctx: SandboxContext, order: OrderRow) {
  const moves = ctx.db.prepare('SELECT status, at FROM status_moves WHERE order_id = ? ORDER BY at, id').all(order.id) as { status: string; at: string }[];
  if (moves.length === 0) return undefined;
  const [first] = statusesOf(order.order_type);
  const steps = new Map<string, string>([[first ?? order.status, order.created_at]]);
  if (order.order_type === 'normal' && order.quoted_at !== null && statusIndex('normal', order.status) >= 1) steps.set('processing', order.quoted_at);
  for (const m of moves) steps.set(m.status, m.at);
  return [...steps]
    .filter(([status]) => statusIndex(order.order_type, status) <= statusIndex(order.order_type, order.status))
    .sort(([a], [b]) => statusIndex(order.order_type, a) - statusIndex(order.order_type, b))
    .map(([status, at]) => ({ status, at }));
}

/** The order's `tracking_events`, oldest first; undefined when none was recorded. */
export function trackingEventsJson(ctx: SandboxContext, orderId: number) {
  const rows = ctx.db.prepare('SELECT * FROM tracking_events WHERE order_id = ? ORDER BY occurred_at, id').all(orderId) as EventRow[];
  if (rows.length === 0) return undefined;
  return rows.map((e) => ({ id: e.id, status: e.status, kind: e.kind, description: e.description, occurred_at: e.occurred_at }));
}

/** The order's window as stored, or undefined before payment. */
export function windowRow(ctx: SandboxContext, orderId: number): WindowRow | undefined {
  return ctx.db.prepare('SELECT * FROM expected_deliveries WHERE order_id = ?').get(orderId) as WindowRow | undefined;
}

/** Whether the window has passed (today, UTC, is after its last day) while the order is not delivered. */
export function isLate(order: Pick<OrderRow, 'status'>, window: Pick<WindowRow, 'to_date'>, now = Date.now()): boolean {
  return order.status !== 'delivered' && todayUtc(now) > window.to_date;
}

/** The order's `expected_delivery`; undefined before payment. */
export function expectedDeliveryJson(ctx: SandboxContext, order: OrderRow, now = Date.now()) {
  const w = windowRow(ctx, order.id);
  if (!w) return undefined;
  return {
    from: w.from_date,
    to: w.to_date,
    reason: w.reason,
    previous: w.previous_from !== null && w.previous_to !== null ? { from: w.previous_from, to: w.previous_to } : null,
    moved_at: w.moved_at,
    late: isLate(order, w, now),
  };
}

/** The order's `courier`; undefined until the operator sets one. */
export function courierJson(ctx: SandboxContext, orderId: number) {
  const c = ctx.db.prepare('SELECT courier_name, courier_waybill, courier_tracking_url FROM orders WHERE id = ?').get(orderId) as CourierRow | undefined;
  if (!c?.courier_name || !c.courier_waybill) return undefined;
  return { name: c.courier_name, waybill: c.courier_waybill, tracking_url: c.courier_tracking_url };
}

/** The four keys of issue 55 on an order's answer, each undefined (left out of the JSON) when the order has none of it. */
export function trackingJson(ctx: SandboxContext, order: OrderRow) {
  return {
    status_history: statusHistoryJson(ctx, order),
    tracking_events: trackingEventsJson(ctx, order.id),
    expected_delivery: expectedDeliveryJson(ctx, order),
    courier: courierJson(ctx, order.id),
  };
}

/**
 * Sets the order's window when it is paid, once: the paid checkout's speed's working days (or 7 to 12 without a speed),
 * counted from the payment's date and skipping Saturdays and Sundays. `days` overrides the speed (the seed's stories).
 */
export function openWindow(ctx: SandboxContext, orderId: number, paidAt: string, speedCode: string | null, days?: { min: number; max: number }): void {
  const speed = speedCode === null ? undefined : shippingOptionRows(ctx, orderId).find((o) => o.code === speedCode);
  const { min, max } = days ?? (speed ? { min: speed.min_days, max: speed.max_days } : DEFAULT_WINDOW_DAYS);
  ctx.db
    .prepare('INSERT OR IGNORE INTO expected_deliveries (order_id, from_date, to_date) VALUES (?, ?, ?)')
    .run(orderId, addWorkingDays(paidAt, min), addWorkingDays(paidAt, max));
}

function loadOrder(ctx: SandboxContext, orderId: number): OrderRow {
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow | undefined;
  if (!order) throw notFound();
  return order;
}

/** What the operator records: `kind` (one of {@link EVENT_KINDS}), and optionally its words, its step and when it happened. */
export interface EventInput {
  kind?: unknown;
  description?: unknown;
  status?: unknown;
  occurred_at?: unknown;
}

/**
 * Records an event of a paid normal order (operator action): 422 with field errors for an unknown kind, a step the order
 * has not reached, or an unreadable time. Answers the order's events.
 */
export function addEvent(ctx: SandboxContext, orderId: number, input: EventInput) {
  const order = loadOrder(ctx, orderId);
  if (order.order_type !== 'normal' || statusIndex('normal', order.status) < statusIndex('normal', 'paid')) {
    throw new HttpError(422, `Order ${orderId} is ${order.status}; events are recorded from payment on`);
  }
  const f = new FieldReader(input as Record<string, unknown>);
  const kind = f.string('kind', { required: true })?.trim() ?? '';
  const known = EVENT_KINDS[kind];
  if (kind && !known) f.add('kind', `must be one of ${Object.keys(EVENT_KINDS).join(', ')}`);
  const description = f.string('description')?.trim() || known?.text || '';
  const status = f.string('status')?.trim() || known?.status || order.status;
  if (!(NORMAL_STATUSES as readonly string[]).includes(status)) f.add('status', `must be one of ${NORMAL_STATUSES.join(', ')}`);
  else if (statusIndex('normal', status) > statusIndex('normal', order.status)) f.add('status', `is a step order ${orderId} has not reached (it is ${order.status})`);
  const at = f.string('occurred_at')?.trim();
  if (at !== undefined && Number.isNaN(Date.parse(at))) f.add('occurred_at', 'must be an ISO 8601 date and time');
  f.check();
  ctx.db
    .prepare('INSERT INTO tracking_events (order_id, status, kind, description, occurred_at) VALUES (?, ?, ?, ?, ?)')
    .run(orderId, status, kind, description, at ? new Date(at).toISOString() : nowIso());
  return { order_id: orderId, tracking_events: trackingEventsJson(ctx, orderId) };
}

/** What the operator sets: the courier's name, the waybill and its tracking page as the courier gave it. */
export interface CourierInput {
  name?: unknown;
  waybill?: unknown;
  tracking_url?: unknown;
}

/**
 * Sets the courier of a normal order from `in transit` on (operator action). The tracking page is kept as the courier
 * gave it when it is a URL at all: the client decides whether to link it (https, allowed hosts). Answers the courier.
 */
export function setCourier(ctx: SandboxContext, orderId: number, input: CourierInput) {
  const order = loadOrder(ctx, orderId);
  if (order.order_type !== 'normal' || statusIndex('normal', order.status) < statusIndex('normal', 'in transit')) {
    throw new HttpError(422, `Order ${orderId} is ${order.status}; a courier is set from in transit on`);
  }
  const f = new FieldReader(input as Record<string, unknown>);
  const name = f.string('name', { required: true })?.trim();
  const waybill = f.string('waybill', { required: true, max: 64 })?.trim();
  const url = f.string('tracking_url', { max: MAX_URL })?.trim() || null;
  if (url !== null && !URL.canParse(url)) f.add('tracking_url', 'must be a URL');
  f.check();
  ctx.db.prepare('UPDATE orders SET courier_name = ?, courier_waybill = ?, courier_tracking_url = ? WHERE id = ?').run(name, waybill, url, orderId);
  return { order_id: orderId, courier: courierJson(ctx, orderId) };
}
