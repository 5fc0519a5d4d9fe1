import { asBool, asInt, asRecord, asRecords, asText, asWord, type WireRecord } from './decode';
import { ORDER_STATUSES } from './order-status';

// Issue 55's additions to an order (docs/api-contract.md, "Following an order to the door"): `status_history`,
// `tracking_events`, `expected_delivery` and `courier`, each sent only when the service has it. Read defensively:
// unknown keys are ignored, a value of the wrong type is dropped, a date that cannot be read is left out (never
// "Invalid Date"), and junk never throws. orders.ts reads this module; it imports nothing from orders.ts.

/** When the order reached a status. */
export interface StatusStep {
  status: string;
  at: string;
}

/** Something that happened to the order, under the step it belongs to, in words a shopper reads. */
export interface TrackingEvent {
  id: number;
  status: string;
  kind: string;
  text: string;
  at: string;
}

/** The expected delivery window (dates YYYY-MM-DD), why and from what it moved, and whether it has passed. */
export interface ExpectedDelivery {
  from: string;
  to: string;
  reason: string;
  previous: { from: string; to: string } | null;
  movedAt: string;
  late: boolean;
}

/** The courier carrying the order: name, waybill and its tracking page as the service sent it (the view checks it). */
export interface Courier {
  name: string;
  waybill: string;
  trackingUrl: string;
}

/** Everything the service says of the order's way to the door; fields it did not send are empty. */
export interface Tracking {
  history: StatusStep[];
  events: TrackingEvent[];
  expected?: ExpectedDelivery;
  courier?: Courier;
}

/** The words of each event kind the service names, for an event it sent without a description. */
export const EVENT_TEXT: Readonly<Record<string, string>> = {
  received: 'Received at our warehouse',
  weighed: 'Weighed at the warehouse',
  left_warehouse: 'Left the warehouse',
  landed: 'Landed in South Africa',
  cleared_customs: 'Cleared SA customs',
  with_courier: 'Handed to the courier',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
};

/** A moment the service sent, as an ISO 8601 UTC string; '' when it is not a readable date and time. */
export function instantFromWire(value: unknown): string {
  const text = asText(value).trim();
  // A bare number would read as a year or as milliseconds: only text with a date in it is a moment.
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return '';
  const time = Date.parse(text);
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

/** A calendar day the service sent (YYYY-MM-DD, or the date part of a timestamp); '' when it is not a real day. */
export function dayFromWire(value: unknown): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T| )/.exec(asText(value).trim());
  if (!match) return '';
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d ? match[0].slice(0, 10) : '';
}

const statusWord = (value: unknown): string => asWord(value, ORDER_STATUSES);

/** The order's `status_history`, oldest first as sent; an entry without a status or a readable date is left out. */
export function statusHistoryFromWire(value: unknown): StatusStep[] {
  return asRecords(value)
    .map((s) => ({ status: statusWord(s.status), at: instantFromWire(s.at) }))
    .filter((s) => s.status !== '' && s.at !== '');
}

/** The order's `tracking_events` as sent; an event without words (its own or its kind's) is left out, an unreadable date is ''. */
export function trackingEventsFromWire(value: unknown): TrackingEvent[] {
  return asRecords(value).flatMap((e) => {
    const kind = asText(e.kind).trim();
    const text = asText(e.description).trim() || EVENT_TEXT[kind] || '';
    return text ? [{ id: asInt(e.id), status: statusWord(e.status), kind, text, at: instantFromWire(e.occurred_at) }] : [];
  });
}

// A window: both days, or the one readable day for both ends; undefined without any.
function windowFromWire(w: WireRecord | undefined): { from: string; to: string } | undefined {
  const from = dayFromWire(w?.from);
  const to = dayFromWire(w?.to);
  if (!from && !to) return undefined;
  return from && to && from > to ? { from: to, to: from } : { from: from || to, to: to || from };
}

/** The order's `expected_delivery`; undefined when absent or without a readable day. */
export function expectedDeliveryFromWire(value: unknown): ExpectedDelivery | undefined {
  const e = asRecord(value);
  const window = windowFromWire(e);
  if (!e || !window) return undefined;
  return {
    ...window,
    reason: asText(e.reason).trim(),
    previous: windowFromWire(asRecord(e.previous)) ?? null,
    movedAt: instantFromWire(e.moved_at),
    late: asBool(e.late),
  };
}

/** The order's `courier`; undefined when absent or with neither a name nor a waybill. */
export function courierFromWire(value: unknown): Courier | undefined {
  const c = asRecord(value);
  const courier = { name: asText(c?.name).trim(), waybill: asText(c?.waybill).trim(), trackingUrl: asText(c?.tracking_url).trim() };
  return courier.name || courier.waybill ? courier : undefined;
}

/** The tracking of a wire order; undefined when the service sent none of the four keys, or nothing readable in them. */
export function trackingFromWire(o: WireRecord): Tracking | undefined {
  const tracking: Tracking = {
    history: statusHistoryFromWire(o.status_history),
    events: trackingEventsFromWire(o.tracking_events),
    expected: expectedDeliveryFromWire(o.expected_delivery),
    courier: courierFromWire(o.courier),
  };
  const sent = tracking.history.length > 0 || tracking.events.length > 0 || tracking.expected || tracking.courier;
  return sent ? tracking : undefined;
}
