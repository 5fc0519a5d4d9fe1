import type { SandboxContext } from './context';
import { HttpError, notFound } from './http';
import { CLOSED_POINT_CODE, PICKUP_POINTS, PLACES } from './pickup-data';
import type { OrderRow } from './rows';

// Pickup points and an order's delivery choice (issue 57, sandbox/README.md rule 18): PUDO lockers and Pargo counters,
// searched by a place a shopper types or by coordinates and sorted by distance; an order collected at a point carries
// `delivery` and a discount off its freight; a point closed or too small for the parcel is refused where it is chosen
// and at payment. An order delivered to an address keeps today's keys.

/** A pickup point as stored. */
export interface PointRow {
  code: string;
  provider: 'pudo' | 'pargo';
  kind: 'locker' | 'counter';
  name: string;
  address: string;
  suburb: string;
  city: string;
  postal_code: string;
  province: string;
  opening_hours: string;
  latitude: number;
  longitude: number;
  /** A locker's box sizes, comma-separated; '' for a counter. */
  box_sizes: string;
  max_weight_kg: number;
  collect_days: number;
  status: 'open' | 'closed';
}

/** The heaviest parcel each locker box takes (kg); a point takes up to its largest box. */
export const BOX_LIMIT_KG: Readonly<Record<string, number>> = { S: 2, M: 5, L: 10, XL: 15 };
/** The heaviest parcel a counter takes (kg). */
export const COUNTER_LIMIT_KG = 15;
/** What collecting at a point takes off an order's freight, before VAT (never more than the freight). */
export const DELIVERY_DISCOUNT_CENTS = 4500;
/** Days a parcel waits at a point. */
export const COLLECT_DAYS = 7;
/** How far from the place searched a point is listed, and how many at most. */
export const SEARCH_RADIUS_KM = 50;
export const MAX_RESULTS = 20;

/** Adds the seeded points a database does not have yet (the seed and each later start); a point's status is left as the operator set it. */
export function syncPickupPoints(ctx: SandboxContext): void {
  const add = ctx.db.prepare(
    `INSERT OR IGNORE INTO pickup_points (code, provider, kind, name, address, suburb, city, postal_code, province, opening_hours, latitude, longitude,
       box_sizes, max_weight_kg, collect_days, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const [code, provider, name, address, suburb, city, postal, province, hours, lat, lng, boxes] of PICKUP_POINTS) {
    const largest = boxes?.at(-1);
    const limit = largest ? (BOX_LIMIT_KG[largest] ?? COUNTER_LIMIT_KG) : COUNTER_LIMIT_KG;
    add.run(code, provider, boxes ? 'locker' : 'counter', name, address, suburb, city, postal, province, hours, lat, lng, (boxes ?? []).join(','), limit, COLLECT_DAYS,
      code === CLOSED_POINT_CODE ? 'closed' : 'open');
  }
}

/** The great-circle distance between two places in km (haversine, Earth radius 6371 km). */
export function haversineKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point's wire shape; `distanceKm` only in a search (one decimal). */
export function pointJson(p: PointRow, distanceKm?: number) {
  const boxes = p.box_sizes === '' ? [] : p.box_sizes.split(',');
  return {
    code: p.code,
    provider: p.provider,
    kind: p.kind,
    name: p.name,
    address: p.address,
    suburb: p.suburb,
    city: p.city,
    postal_code: p.postal_code,
    province: p.province,
    opening_hours: p.opening_hours,
    latitude: p.latitude,
    longitude: p.longitude,
    box_sizes: boxes,
    largest_box: boxes.at(-1),
    max_weight_kg: p.max_weight_kg,
    distance_km: distanceKm === undefined ? undefined : Math.round(distanceKm * 10) / 10,
    collect_days: p.collect_days,
    status: p.status,
  };
}

const squash = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

// Where a typed place is: a place of the table by its name or postal code, else a point's own suburb, city or postal
// code, else a place whose name starts with what was typed (three letters or more).
function placeOf(points: PointRow[], typed: string): { latitude: number; longitude: number } | undefined {
  const q = squash(typed);
  const place = PLACES.find(([name, postal]) => squash(name) === q || postal === q);
  if (place) return { latitude: place[2], longitude: place[3] };
  const point = points.find((p) => [p.suburb, p.city, p.postal_code].some((field) => squash(field) === q));
  if (point) return point;
  const started = q.length >= 3 ? PLACES.find(([name]) => squash(name).startsWith(q)) : undefined;
  return started ? { latitude: started[2], longitude: started[3] } : undefined;
}

function coordinate(text: string | undefined, min: number, max: number): number | undefined {
  const n = text === undefined || text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

/** `GET /pickup_points?q=` or `?lat=&lng=`: the points within {@link SEARCH_RADIUS_KM} of the place, nearest first, at most {@link MAX_RESULTS}; [] for a place not known. */
export function searchPoints(ctx: SandboxContext, query: { q?: string; lat?: string; lng?: string }) {
  const points = ctx.db.prepare('SELECT * FROM pickup_points ORDER BY code').all() as unknown as PointRow[];
  let origin: { latitude: number; longitude: number } | undefined;
  if (query.q !== undefined && query.q.trim() !== '') {
    if (query.q.length > 100) throw new HttpError(422, 'Type at most 100 characters', { q: ['is too long (maximum is 100 characters)'] });
    origin = placeOf(points, query.q);
  } else if (query.lat !== undefined || query.lng !== undefined) {
    const latitude = coordinate(query.lat, -90, 90);
    const longitude = coordinate(query.lng, -180, 180);
    if (latitude === undefined || longitude === undefined) throw new HttpError(422, 'lat and lng must be coordinates in degrees', { lat: ['is invalid'] });
    origin = { latitude, longitude };
  } else {
    throw new HttpError(422, 'Type a suburb, town or postal code', { q: ["can't be blank"] });
  }
  if (!origin) return [];
  const from = origin;
  return points
    .map((p) => ({ p, km: haversineKm(from, p) }))
    .filter(({ km }) => km <= SEARCH_RADIUS_KM)
    .sort((a, b) => a.km - b.km || a.p.code.localeCompare(b.p.code))
    .slice(0, MAX_RESULTS)
    .map(({ p, km }) => pointJson(p, km));
}

/** The point with this code, or undefined. */
export function pointByCode(ctx: SandboxContext, code: unknown): PointRow | undefined {
  if (typeof code !== 'string' || code.trim() === '') return undefined;
  return ctx.db.prepare('SELECT * FROM pickup_points WHERE code = ?').get(code.trim()) as PointRow | undefined;
}

/** How collecting at the point works, in the shopper's words. */
export function collectionText(p: PointRow): string {
  return p.kind === 'locker'
    ? `We SMS you a PIN when your parcel is in the locker; collect it within ${p.collect_days} days.`
    : `We SMS you when your parcel is at the counter; show the SMS and your ID to collect it within ${p.collect_days} days.`;
}

/** A pickup order's `delivery` (the point without distance, and how collection works); undefined for an order delivered to an address. */
export function deliveryJson(ctx: SandboxContext, order: Pick<OrderRow, 'delivery_method' | 'pickup_point_code'>) {
  if (order.delivery_method !== 'pickup') return undefined;
  const point = pointByCode(ctx, order.pickup_point_code);
  if (!point) return undefined;
  return { method: 'pickup', pickup_point: pointJson(point), collection: collectionText(point) };
}

/** What collecting at a point takes off this freight (cents before VAT): {@link DELIVERY_DISCOUNT_CENTS} at most the freight; 0 for an address order. */
export function deliveryDiscountCents(order: Pick<OrderRow, 'delivery_method'>, freightCents: number): number {
  return order.delivery_method === 'pickup' ? Math.max(0, Math.min(DELIVERY_DISCOUNT_CENTS, freightCents)) : 0;
}

/** The order's weight in kg: the operator's, else the latest 'weighed' event's "... 2.4 kg"; undefined before it is known. */
export function orderWeightKg(ctx: SandboxContext, order: Pick<OrderRow, 'id' | 'weight_grams'>): number | undefined {
  if (order.weight_grams !== null) return order.weight_grams / 1000;
  const event = ctx.db
    .prepare("SELECT description FROM tracking_events WHERE order_id = ? AND kind = 'weighed' ORDER BY occurred_at DESC, id DESC LIMIT 1")
    .get(order.id) as { description: string } | undefined;
  const match = /(\d+(?:[.,]\d+)?)\s*kg\b/i.exec(event?.description ?? '');
  return match?.[1] ? Number(match[1].replace(',', '.')) : undefined;
}

/** Why the order cannot go to this point: closed, or its parcel heavier than the point takes; undefined when it can. */
export function pointProblem(ctx: SandboxContext, point: PointRow, order?: Pick<OrderRow, 'id' | 'weight_grams'>): string | undefined {
  if (point.status === 'closed') return `${point.name} has closed: choose another pickup point`;
  const weight = order ? orderWeightKg(ctx, order) : undefined;
  if (weight !== undefined && weight > point.max_weight_kg) {
    return point.kind === 'locker'
      ? `${point.name} takes parcels up to ${point.max_weight_kg} kg: choose a larger locker or a counter`
      : `${point.name} takes parcels up to ${point.max_weight_kg} kg: choose delivery to your address`;
  }
  return undefined;
}

/** The point a shopper chose by `pickup_point_code`, or the field's problem (blank, unknown, closed, too small). */
export function choosePoint(ctx: SandboxContext, code: unknown, order?: Pick<OrderRow, 'id' | 'weight_grams'>): { point?: PointRow; problem?: string } {
  if (typeof code !== 'string' || code.trim() === '') return { problem: 'Choose a pickup point' };
  const point = pointByCode(ctx, code);
  if (!point) return { problem: 'is not a pickup point we deliver to' };
  const problem = pointProblem(ctx, point, order);
  return problem ? { problem } : { point };
}

/** Refuses a payment of a pickup order whose point closed or is too small for its parcel: 422 `errors.pickup_point_code`. */
export function checkPickupPoint(ctx: SandboxContext, order: OrderRow): void {
  if (order.delivery_method !== 'pickup') return;
  const point = pointByCode(ctx, order.pickup_point_code);
  const problem = point ? pointProblem(ctx, point, order) : 'Choose a pickup point';
  if (problem) throw new HttpError(422, problem, { pickup_point_code: [problem] });
}

/** Opens or closes a point (operator): an order that chose it then answers its status, and its payment is refused while closed. */
export function setPointStatus(ctx: SandboxContext, code: string, status: unknown) {
  if (status !== 'open' && status !== 'closed') throw new HttpError(422, 'status must be open or closed');
  const point = pointByCode(ctx, code);
  if (!point) throw notFound();
  ctx.db.prepare('UPDATE pickup_points SET status = ? WHERE code = ?').run(status, point.code);
  return pointJson({ ...point, status });
}

/** Sets an order's weight in kg (operator; null forgets it): the weight refusal then follows it. */
export function setOrderWeight(ctx: SandboxContext, orderId: number, kg: unknown) {
  if (kg !== null && (typeof kg !== 'number' || !Number.isFinite(kg) || kg <= 0 || kg > 1000)) throw new HttpError(422, 'weight_kg must be a number of kg above 0, or null');
  const changed = ctx.db.prepare('UPDATE orders SET weight_grams = ? WHERE id = ?').run(kg === null ? null : Math.round(kg * 1000), orderId).changes;
  if (changed === 0) throw notFound();
  return { id: orderId, weight_kg: kg };
}
