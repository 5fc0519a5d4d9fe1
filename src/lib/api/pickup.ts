import { api } from './client';
import { asAmount, asInt, asNumber, asRecord, asRecords, asText, asWord, readList, readOne, unreadable, type WireRecord } from './decode';
import { isApiError } from './errors';
import { dayFromWire } from './tracking';

// Issue 57 (docs/api-contract.md, "How it reaches you: pickup points and shipping together"): PUDO lockers and Pargo
// counters, an order's delivery choice, and orders at the warehouse shipped together. Read defensively as every answer
// is: money a number or a decimal string, unknown keys ignored, a point without a code or an order group without ids
// left out. orders.ts reads the order's keys through this module; it imports nothing from orders.ts.

/** Who runs a pickup point. */
export const PICKUP_PROVIDERS = ['pudo', 'pargo'] as const;

/** A locker (boxes, PIN by SMS) or a counter in a shop. */
export const PICKUP_KINDS = ['locker', 'counter'] as const;

/** Whether a point takes parcels. */
export const PICKUP_POINT_STATUSES = ['open', 'closed'] as const;

/** A locker or counter where a shopper collects a parcel. */
export interface PickupPoint {
  code: string;
  /** pudo or pargo, or the word a newer service sent. */
  provider: (typeof PICKUP_PROVIDERS)[number] | string;
  /** locker or counter, or the word a newer service sent. */
  kind: (typeof PICKUP_KINDS)[number] | string;
  name: string;
  address: string;
  suburb: string;
  city: string;
  postalCode: string;
  province: string;
  openingHours: string;
  /** Null when the service sent no readable coordinate. */
  latitude: number | null;
  longitude: number | null;
  /** A locker's box sizes (S, M, L, XL); empty for a counter. */
  boxSizes: string[];
  /** A locker's largest box; '' for a counter. */
  largestBox: string;
  /** The heaviest parcel it takes; null when the service does not say. */
  maxWeightKg: number | null;
  /** From the place searched; null outside a search (an order's point). */
  distanceKm: number | null;
  /** Days a parcel waits to be collected; null when the service does not say. */
  collectDays: number | null;
  /** open or closed, or the word a newer service sent. */
  status: (typeof PICKUP_POINT_STATUSES)[number] | string;
}

/** How a pickup order reaches the shopper: the point and how collection works, in the service's words. */
export interface Delivery {
  method: 'pickup';
  pickupPoint: PickupPoint;
  collection: string;
}

/** The combined shipment an order is in: its id and the other orders in it. */
export interface OrderShipment {
  id: number;
  with: number[];
}

/** Where a group of orders goes: one of the shopper's addresses or a pickup point. */
export type ShipmentDestination = { method: 'address'; addressId: number } | { method: 'pickup'; pickupPointCode: string };

/** An order that can ship with others: its freight alone (rand before VAT) and until when its storage is free (YYYY-MM-DD, '' unknown). */
export interface ShipmentCandidate {
  id: number;
  freightAlone: number;
  storageFreeUntil: string;
}

/** Orders waiting at the warehouse for one destination, with the freight of each alone and of all together. */
export interface ShipmentCandidateGroup {
  destination: ShipmentDestination;
  orders: ShipmentCandidate[];
  freightAloneTotal: number;
  freightTogether: number;
  /** freightAloneTotal - freightTogether, never below zero. */
  saving: number;
}

/** A combined shipment as created: its orders, freight alone and together, and the one quote for its freight. */
export interface Shipment {
  id: number;
  orderIds: number[];
  freightAloneTotal: number;
  freightTogether: number;
  saving: number;
  quote: { subTotal: number; totalVat: number; total: number };
}

/** What a search looks for: a suburb, town or postal code as typed, or a place's coordinates. */
export type PickupSearch = { q: string } | { lat: number; lng: number };

const cents = (rand: number): number => Math.round(rand * 100);
const rand = (centsValue: number): number => centsValue / 100;

function coordinate(value: unknown): number | null {
  const n = asNumber(value, Number.NaN);
  return Number.isFinite(n) ? n : null;
}

function positive(value: unknown): number | null {
  const n = asAmount(value);
  return n !== null && n > 0 ? n : null;
}

/** A point from the wire; undefined without a code. */
export function pickupPointFromWire(p: WireRecord): PickupPoint | undefined {
  const code = asText(p.code).trim();
  if (!code) return undefined;
  const boxSizes = Array.isArray(p.box_sizes) ? p.box_sizes.map(asText).map((s) => s.trim()).filter(Boolean) : [];
  const collectDays = asInt(p.collect_days, Number.NaN);
  return {
    code,
    provider: asWord(p.provider, PICKUP_PROVIDERS),
    kind: asWord(p.kind, PICKUP_KINDS),
    name: asText(p.name).trim(),
    address: asText(p.address).trim(),
    suburb: asText(p.suburb).trim(),
    city: asText(p.city).trim(),
    postalCode: asText(p.postal_code).trim(),
    province: asText(p.province).trim(),
    openingHours: asText(p.opening_hours).trim(),
    latitude: coordinate(p.latitude),
    longitude: coordinate(p.longitude),
    boxSizes,
    largestBox: asText(p.largest_box).trim() || (boxSizes.at(-1) ?? ''),
    maxWeightKg: positive(p.max_weight_kg),
    distanceKm: asAmount(p.distance_km),
    collectDays: collectDays > 0 ? collectDays : null,
    status: asWord(p.status, PICKUP_POINT_STATUSES),
  };
}

/** An order's `delivery`; undefined for an address order (absent, or a method other than pickup) or a point without a code. */
export function deliveryFromWire(value: unknown): Delivery | undefined {
  const d = asRecord(value);
  if (!d || asText(d.method).trim().toLowerCase() !== 'pickup') return undefined;
  const pickupPoint = pickupPointFromWire(asRecord(d.pickup_point) ?? {});
  return pickupPoint ? { method: 'pickup', pickupPoint, collection: asText(d.collection).trim() } : undefined;
}

/** An order's `shipment`; undefined when absent or without an id. */
export function orderShipmentFromWire(value: unknown): OrderShipment | undefined {
  const s = asRecord(value);
  const id = asInt(s?.id);
  if (!s || id <= 0) return undefined;
  return { id, with: (Array.isArray(s.with) ? s.with : []).map((n) => asInt(n)).filter((n) => n > 0) };
}

/** An order's `storage_free_until` (YYYY-MM-DD); undefined when absent or not a real day. */
export function storageFreeUntilFromWire(value: unknown): string | undefined {
  return dayFromWire(value) || undefined;
}

function destinationFromWire(value: unknown): ShipmentDestination | undefined {
  const d = asRecord(value);
  const method = asText(d?.method).trim().toLowerCase();
  if (method === 'address' && asInt(d?.address_id) > 0) return { method: 'address', addressId: asInt(d?.address_id) };
  const code = asText(d?.pickup_point_code).trim();
  if (method === 'pickup' && code) return { method: 'pickup', pickupPointCode: code };
  return undefined;
}

// The saving from the freights in cents, so a sum of rand never shows as R0,0000000001.
function savingOf(aloneTotal: number, together: number): number {
  return Math.max(0, rand(cents(aloneTotal) - cents(together)));
}

/** A group of `GET /shipments/candidates`; undefined without a destination or with fewer than two readable orders. */
export function candidateGroupFromWire(g: WireRecord): ShipmentCandidateGroup | undefined {
  const destination = destinationFromWire(g.destination);
  const orders = asRecords(g.orders)
    .map((o) => ({ id: asInt(o.id), freightAlone: asAmount(o.freight_alone), storageFreeUntil: dayFromWire(o.storage_free_until) }))
    .filter((o): o is ShipmentCandidate => o.id > 0 && o.freightAlone !== null);
  const freightTogether = asAmount(g.freight_together);
  if (!destination || orders.length < 2 || freightTogether === null) return undefined;
  const freightAloneTotal = rand(orders.reduce((sum, o) => sum + cents(o.freightAlone), 0));
  return { destination, orders, freightAloneTotal, freightTogether, saving: savingOf(freightAloneTotal, freightTogether) };
}

/** The answer of `POST /shipments`, bare, in `{ data }` or in `{ shipment }`. */
export function shipmentFromWire(body: unknown): Shipment {
  const s = readOne(body, 'shipment');
  const orderIds = (Array.isArray(s.order_ids) ? s.order_ids : []).map((n) => asInt(n)).filter((n) => n > 0);
  const freightAloneTotal = asAmount(s.freight_alone_total);
  const freightTogether = asAmount(s.freight_together);
  const quote = asRecord(s.quote);
  if (asInt(s.id) <= 0 || freightAloneTotal === null || freightTogether === null || !quote) throw unreadable('shipment');
  return {
    id: asInt(s.id),
    orderIds,
    freightAloneTotal,
    freightTogether,
    saving: asAmount(s.saving) ?? savingOf(freightAloneTotal, freightTogether),
    quote: { subTotal: asNumber(quote.sub_total), totalVat: asNumber(quote.total_vat), total: asNumber(quote.total) },
  };
}

const present = <T>(value: T | undefined): value is T => value !== undefined;

// A service without issue 57 answers 404 or 405: the caller then offers today's choices only.
async function unlessAbsent<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 405)) return undefined;
    throw error;
  }
}

/** Points near a place (`GET /pickup_points?q=` or `?lat=&lng=`), nearest first; [] when none; undefined when the service has no pickup points (404 or 405). */
export async function searchPickupPoints(search: PickupSearch): Promise<PickupPoint[] | undefined> {
  const query = 'q' in search ? { q: search.q.trim() } : { lat: search.lat, lng: search.lng };
  return unlessAbsent(async () =>
    readList(await api<unknown>('/pickup_points', { query }), 'pickup_points').items.map(pickupPointFromWire).filter(present),
  );
}

/** The shopper's orders at the warehouse that can ship together (`GET /shipments/candidates`); undefined when the service cannot combine (404 or 405). */
export async function shipmentCandidates(): Promise<ShipmentCandidateGroup[] | undefined> {
  return unlessAbsent(async () =>
    readList(await api<unknown>('/shipments/candidates'), 'candidates').items.map(candidateGroupFromWire).filter(present),
  );
}

/** Ships orders together (`POST /shipments`): the shipment with one quote for the combined freight; a refusal (422, 404) is thrown as it came. */
export async function createShipment(orderIds: readonly number[]): Promise<Shipment> {
  return shipmentFromWire(await api<unknown>('/shipments', { method: 'POST', body: { shipment: { order_ids: [...orderIds] } } }));
}
