import { accountPath } from '../../../lib/account-paths';
import type { Order } from '../../../lib/api/orders';
import type { Courier, ExpectedDelivery, Tracking } from '../../../lib/api/tracking';
import { formatDateTime, formatDay } from '../../../lib/format';
import { PROGRESS_STEPS, progressOf, statusLabel } from '../../../lib/progress';
import { quoteClock, QUOTE_EXPIRED } from '../../../lib/quote-clock';
import { shipsWithText, storageText } from '../shared/order-shipping';
import { pickupPointView, type PickupPointView } from '../shared/pickup-point';

// What the order's page (/my-orders/:id/) decides, apart from its view (OrderScreen.tsx): the timeline's rows with
// their dates and events, what happens next, the expected delivery and whether it is late, whether the courier's link
// may be a link, and what else belongs to the order (its quote or invoice, its returns).

/** The status of each of the seven steps, in the order of SPEC section 4's progress bar. */
export const STEP_STATUSES = ['placed', 'processing', 'paid', 'goods purchased', 'in transit', 'arrived in SA', 'delivered'] as const;

/** What happens next, by the order's status: the current step says it. */
export const NEXT_STEP: Readonly<Record<string, string>> = {
  placed: 'Next: we check your items and send you a quote.',
  processing: 'Next: pay your quote, and we buy your items.',
  paid: 'Next: we buy your items.',
  'goods purchased': 'Next: your items reach our warehouse and fly to South Africa.',
  'in transit': 'Next: your parcel lands in South Africa and clears customs.',
  'arrived in SA': 'Next: the courier brings it to your door.',
  delivered: 'Delivered. Something not right? You can book a return.',
  return: 'This order was returned.',
  returning: 'Next: the courier collects your return.',
  returned: 'Your return has been collected.',
};

/** Where a step stands: reached before the current one, the current one, or not reached yet. */
export type StepState = 'done' | 'current' | 'next';

/** An event under its step: its words and when it happened ('' when the service sent no readable time). */
export interface TimelineEvent {
  id: number;
  text: string;
  at: string;
  when: string;
}

/** One step of the timeline: its label, where it stands, when it was reached (only a reached step has a date) and its events. */
export interface TimelineRow {
  status: string;
  label: string;
  state: StepState;
  at: string;
  when: string;
  events: TimelineEvent[];
}

/** The timeline of an order: its seven steps and the sentence of what happens next. */
export interface Timeline {
  rows: TimelineRow[];
  next: string;
}

/** The sentence of what happens next for a status; '' for a status the client does not know. */
export function nextStep(status: string): string {
  return NEXT_STEP[status.trim()] ?? '';
}

const eventOf = (e: Tracking['events'][number]): TimelineEvent => ({ id: e.id, text: e.text, at: e.at, when: formatDateTime(e.at) });

/** The seven steps of an order with the date each reached step was reached (from the service's history), the current one, and the events under their steps; an event of no known step goes under the current one. */
export function timelineOf(order: Pick<Order, 'status' | 'tracking'>): Timeline {
  const { completed, isReturn } = progressOf(order.status);
  const current = isReturn ? -1 : completed - 1;
  const reachedAt = new Map((order.tracking?.history ?? []).map((s) => [s.status, s.at]));
  const events = order.tracking?.events ?? [];
  const stepOf = (status: string): number => STEP_STATUSES.indexOf(status as (typeof STEP_STATUSES)[number]);
  const rows = STEP_STATUSES.map((status, index): TimelineRow => {
    const state: StepState = isReturn || index < current ? 'done' : index === current ? 'current' : 'next';
    const at = state === 'next' ? '' : (reachedAt.get(status) ?? '');
    const own = events.filter((e) => (stepOf(e.status) === -1 ? index === current : stepOf(e.status) === index));
    return { status, label: PROGRESS_STEPS[index] ?? status, state, at, when: formatDateTime(at), events: own.map(eventOf) };
  });
  return { rows, next: nextStep(order.status) };
}

/** A window of days as a shopper reads it: 'between 1 and 4 December', 'between 28 November and 3 December', or 'on 2 December'. */
export function windowWords({ from, to }: { from: string; to: string }): string {
  if (from === to) return `on ${formatDay(from)}`;
  const [fromYear, fromMonth] = from.split('-');
  const [toYear, toMonth] = to.split('-');
  if (fromYear !== toYear) return `between ${formatDay(from, true)} and ${formatDay(to, true)}`;
  const start = fromMonth === toMonth ? String(Number(from.slice(8))) : formatDay(from);
  return `between ${start} and ${formatDay(to)}`;
}

/** What the page says of the expected delivery: the window, and when the service moved it, why and from what. */
export interface DeliveryView {
  expected: string;
  /** 'Held for a customs inspection'; '' when it did not move or the service gave no reason. */
  reason: string;
  /** 'Before, it was expected between 20 and 25 November.'; '' when it did not move. */
  previous: string;
  /** The late notice; '' while the order is not late. */
  late: string;
}

/** The expected delivery of an order after payment; undefined when the service sent no window (before payment, or a service without it). */
export function deliveryOf(order: Pick<Order, 'status' | 'tracking'>, now = Date.now()): DeliveryView | undefined {
  const expected = order.tracking?.expected;
  if (!expected) return undefined;
  return {
    expected: `Expected ${windowWords(expected)}`,
    reason: expected.previous ? expected.reason : '',
    previous: expected.previous ? `Before, it was expected ${windowWords(expected.previous)}.` : '',
    late: lateNotice(expected, order.status, now),
  };
}

/**
 * The late notice, '' while the order is on time: the service says the window passed without delivery (`late`), or it
 * moved a window that had passed (then the notice gives the new date, as the service's own notice does).
 */
export function lateNotice(expected: ExpectedDelivery, status: string, now = Date.now()): string {
  if (expected.late) return `This order is running late: it was expected by ${formatDay(expected.to)}. We will tell you the new date as soon as we have it.`;
  const today = new Date(now).toISOString().slice(0, 10);
  const before = expected.previous;
  if (!before || before.to >= today || status === 'delivered') return '';
  return `This order is running late: it was expected by ${formatDay(before.to)}. It is now expected ${windowWords(expected)}.`;
}

/** The courier's tracking page when it may be a link: https, no credentials, its host on the allowed list; '' otherwise (the waybill is shown as text). */
export function courierLink(trackingUrl: string, hosts: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(trackingUrl);
  } catch {
    return '';
  }
  if (url.protocol !== 'https:' || url.username || url.password) return '';
  return hosts.includes(url.host.toLowerCase()) ? url.href : '';
}

/** The courier as the page shows it: name, waybill, and the tracking page's link when it is allowed. */
export interface CourierView {
  name: string;
  waybill: string;
  href: string;
}

/** The courier of an order with its link decided; undefined when the service sent none. */
export function courierOf(courier: Courier | undefined, hosts: readonly string[]): CourierView | undefined {
  if (!courier) return undefined;
  return { name: courier.name, waybill: courier.waybill, href: courierLink(courier.trackingUrl, hosts) };
}

/** The order's paper: its quote while it waits for payment (with the time to pay by), its invoice once paid; none while placed. */
export type OrderPaper =
  | { kind: 'quote'; href: string; label: string; payBy: string }
  | { kind: 'invoice'; href: string; label: string }
  | { kind: 'none'; text: string };

/** Said in place of the quote while the order waits for one. */
export const QUOTE_COMING = 'We are preparing your quote: it comes by e-mail within 24 hours of your order.';

/** The link to the order's quote or invoice, as the history's row offers it (SPEC section 4). */
export function paperOf(order: Pick<Order, 'id' | 'status' | 'quote'>, now = Date.now()): OrderPaper {
  if (order.status === 'placed') return { kind: 'none', text: QUOTE_COMING };
  if (order.status === 'processing') {
    const clock = order.quote ? quoteClock(order.quote.quotedAt, now) : undefined;
    const payBy = !clock ? '' : clock.expired ? QUOTE_EXPIRED : `Pay by ${clock.validUntil} (${clock.left}).`;
    return { kind: 'quote', href: `${accountPath('quotePayment')}${order.id}/`, label: `Quote for order ${order.id}`, payBy };
  }
  return { kind: 'invoice', href: `${accountPath('invoice')}${order.id}/`, label: `Invoice for order ${order.id}` };
}

/** Whether the order may have returns to show (a delivered normal order): only then does the page read the orders. */
export function mayHaveReturns(order: Pick<Order, 'orderType' | 'status'>): boolean {
  return order.orderType === 'normal' && order.status === 'delivered';
}

/** A return of the order as the page lists it. */
export interface ReturnRow {
  id: number;
  text: string;
}

/** The returns made of this order (return orders whose parent it is), oldest first, each with its status. */
export function returnsOf(orders: readonly Order[], orderId: number): ReturnRow[] {
  return orders
    .filter((o) => o.orderType === 'return' && o.parentOrderId === orderId)
    .sort((a, b) => a.id - b.id)
    .map((o) => ({ id: o.id, text: `Return ${o.id}: ${statusLabel(o.status)}` }));
}

/** How the order reaches the shopper, as the page shows it (issue 57): its pickup point, the orders it ships with and its free storage at the warehouse. */
export interface ReachView {
  /** The point of a pickup order; undefined for delivery to an address. */
  point?: PickupPointView;
  /** 'Ships with Order 14'; '' when it ships alone. */
  shipsWith: string;
  /** 'Storage free until 20 December'; '' when it is not at the warehouse. */
  storage: string;
}

/** The order's point, shipment and storage; undefined when the service sent none of them (an address order shipping alone, or a service without issue 57). */
export function reachOf(order: Pick<Order, 'status' | 'delivery' | 'shipment' | 'storageFreeUntil'>): ReachView | undefined {
  const point = order.delivery ? pickupPointView(order.delivery, ['placed', 'processing'].includes(order.status)) : undefined;
  const shipsWith = shipsWithText(order.shipment);
  const storage = storageText(order.storageFreeUntil);
  return point || shipsWith || storage ? { ...(point && { point }), shipsWith, storage } : undefined;
}
