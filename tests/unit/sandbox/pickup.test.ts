import type { RunningSandbox } from '../../../sandbox/src/server';
import { Client, goodPng, OTHER, orderForm, start, type Json } from './helpers';

// Issue 57 (sandbox/README.md rule 18): pickup points, the delivery choice and its price, and orders shipped together.

let sandbox: RunningSandbox;
let c: Client;
let other: Client;
let card: number;
let homeId: number;

beforeAll(async () => {
  sandbox = await start();
  c = new Client(sandbox.url);
  other = new Client(sandbox.url);
  await c.login();
  await other.login(OTHER);
  card = (await c.json('GET', '/cards')).body.data[0].id;
  homeId = (await c.json('GET', '/addresses')).body.data[0].id;
});
afterAll(() => sandbox.close());

const item = (name = 'Shoes') => ({ name, description: 'https://www.nike.com/t/shoe', quantity: '1', screenshot: goodPng() });
const search = async (query: string): Promise<Json[]> => {
  const res = await c.json('GET', `/pickup_points?${query}`);
  expect(res.status).toBe(200);
  return res.body.data;
};
const isSorted = (points: Json[]) => points.every((p, i) => i === 0 || points[i - 1].distance_km <= p.distance_km);

/** A multipart order to collect at `code` (no address), as the order form sends it. */
function pickupForm(code: string | undefined, extra: Record<string, string> = {}): FormData {
  const form = orderForm({ portal: '3' }, [item()]);
  form.append('order[delivery]', 'pickup');
  if (code !== undefined) form.append('order[pickup_point_code]', code);
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  return form;
}

/** A new pickup (or address) order quoted at R1000 per item, customs R100, delivery R50, fee R185. */
async function quoted(code?: string): Promise<number> {
  const created = await c.json('POST', '/orders', code ? pickupForm(code) : orderForm({ portal: '3', address: String(homeId) }, [item()]));
  expect(created.status).toBe(201);
  await c.json('POST', `/__sandbox/orders/${created.body.data.id}/quote`, { cost: 1000, customs: 100, delivery: 50 });
  return created.body.data.id;
}

const order = async (id: number): Promise<Json> => (await c.json('GET', `/orders/${id}`)).body.data;
const setPoint = (code: string, status: string) => c.json('POST', `/__sandbox/pickup_points/${code}/status`, { status });
const payCard = (id: number) => c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card } });
const payHosted = (id: number) => c.json('POST', `/orders/${id}/create_hosted_payment`, { order: {} });
const payCredit = (id: number) => c.json('POST', `/orders/${id}/pay_with_credit`, { order: {} });

describe('the seeded pickup points', () => {
  it('are at least 40 across the nine provinces, PUDO lockers and Pargo counters, one closed', () => {
    const rows = sandbox.ctx.db.prepare('SELECT provider, kind, province, status FROM pickup_points').all() as Json[];
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((r) => r.province)).size).toBe(9);
    expect(rows.filter((r) => r.provider === 'pudo').every((r) => r.kind === 'locker')).toBe(true);
    expect(rows.filter((r) => r.provider === 'pargo').every((r) => r.kind === 'counter')).toBe(true);
    expect(Math.abs(rows.filter((r) => r.kind === 'locker').length - rows.length / 2)).toBeLessThanOrEqual(2);
    expect(rows.filter((r) => r.status === 'closed')).toHaveLength(1);
  });
});

describe('GET /pickup_points', () => {
  it('finds the points near a suburb typed by name, nearest first, with every field', async () => {
    const points = await search('q=rosebank');
    expect(points[0]).toEqual({
      code: 'PUDO-JHB-0207', provider: 'pudo', kind: 'locker', name: 'Rosebank Mall Locker', address: '50 Bath Avenue', suburb: 'Rosebank',
      city: 'Johannesburg', postal_code: '2196', province: 'Gauteng', opening_hours: 'Mon-Sun 06:00-22:00', latitude: -26.1456, longitude: 28.041,
      box_sizes: ['S', 'M', 'L', 'XL'], largest_box: 'XL', max_weight_kg: 15, distance_km: 0, collect_days: 7, status: 'open',
    });
    expect(isSorted(points)).toBe(true);
    expect(points.length).toBeGreaterThan(3);
    expect(points.length).toBeLessThanOrEqual(20);
    expect(points.every((p) => p.province === 'Gauteng' && p.distance_km <= 50)).toBe(true);
    const counter = points.find((p) => p.kind === 'counter');
    expect(counter).toMatchObject({ box_sizes: [], max_weight_kg: 15 });
    expect(counter).not.toHaveProperty('largest_box');
  });

  it('finds the points near a street postal code, and lists a closed point as closed', async () => {
    const points = await search('q=%202001%20');
    expect(points[0]).toMatchObject({ code: 'PARGO-JHB-0058', distance_km: 0 });
    expect(points.find((p) => p.code === 'PUDO-JHB-0311')).toMatchObject({ status: 'closed' });
    expect(isSorted(points)).toBe(true);
  });

  it('finds the points near coordinates (the browser\'s location), sorted by distance', async () => {
    const points = await search('lat=-33.9249&lng=18.4241');
    expect(points.map((p) => p.code).slice(0, 2)).toEqual(['PARGO-CPT-0007', 'PUDO-CPT-0015']);
    expect(points[0].distance_km).toBe(0.6);
    expect(isSorted(points)).toBe(true);
    expect(points.every((p) => p.city !== 'Johannesburg')).toBe(true);
  });

  it("answers [] for a place it does not know or one without a point near, and 422 for no place or bad coordinates", async () => {
    expect(await search('q=Atlantis%20on%20Mars')).toEqual([]);
    expect(await search('lat=-22.3&lng=14.5')).toEqual([]);
    expect((await c.json('GET', '/pickup_points?q=%20')).body).toEqual({ error: 'Type a suburb, town or postal code', errors: { q: ["can't be blank"] } });
    expect((await c.json('GET', '/pickup_points?lat=north&lng=18')).status).toBe(422);
    expect((await new Client(sandbox.url).json('GET', '/pickup_points?q=Sandton')).status).toBe(401);
  });
});

describe('the delivery choice', () => {
  it('places a pickup order without an address: the order answers its point without distance and how collection works', async () => {
    const created = await c.json('POST', '/orders', pickupForm('PUDO-JHB-0142'));
    expect(created.status).toBe(201);
    expect(created.body.data.address).toBeNull();
    expect(created.body.data.delivery).toEqual({
      method: 'pickup',
      pickup_point: expect.objectContaining({ code: 'PUDO-JHB-0142', name: 'Sandton City Locker', largest_box: 'L', max_weight_kg: 10, status: 'open' }),
      collection: 'We SMS you a PIN when your parcel is in the locker; collect it within 7 days.',
    });
    expect(created.body.data.delivery.pickup_point).not.toHaveProperty('distance_km');
    const counter = await c.json('POST', '/orders', pickupForm('PARGO-CPT-0007'));
    expect(counter.body.data.delivery.collection).toBe('We SMS you when your parcel is at the counter; show the SMS and your ID to collect it within 7 days.');
  });

  it('refuses a pickup order without a point, with an unknown or a closed one, and an unknown delivery word', async () => {
    const errors = async (form: FormData) => (await c.json('POST', '/orders', form)).body.errors;
    expect(await errors(pickupForm(undefined))).toEqual({ pickup_point_code: ['Choose a pickup point'] });
    expect(await errors(pickupForm('PUDO-XXX-0000'))).toEqual({ pickup_point_code: ['is not a pickup point we deliver to'] });
    expect(await errors(pickupForm('PUDO-JHB-0311'))).toEqual({ pickup_point_code: ['Braamfontein Station Locker has closed: choose another pickup point'] });
    const drone = orderForm({ portal: '3', address: String(homeId) }, [item()]);
    drone.append('order[delivery]', 'drone');
    expect(await errors(drone)).toEqual({ delivery: ['must be address or pickup'] });
  });

  it('takes R45 off the freight on the quote and in its totals, and a payment charges that total', async () => {
    const pickup = await quoted('PUDO-JHB-0207');
    const address = await quoted();
    const quote = (await order(pickup)).quote;
    expect(quote).toMatchObject({ fees: 150, service_fee: 185, delivery_discount: 45, sub_total: 1290, total_vat: 193.5, total: 1483.5 });
    expect((await c.json('GET', `/orders/${pickup}/cost_summary`)).body.data).toMatchObject({ delivery_discount: 45, total: 1483.5 });
    expect((await order(address)).quote).not.toHaveProperty('delivery_discount');
    expect((await order(address)).quote.total).toBe(1535.25);
    sandbox.ctx.db.prepare('DELETE FROM credit_movements').run();
    expect((await payCard(pickup)).body.data.order.status).toBe('paid');
    expect((await c.json('GET', `/__sandbox/orders/${pickup}`)).body.data.paid_amount_cents).toBe(148_350);
  });

  it('refuses both payment calls (and credit) for a point that closed after it was chosen, saying so; the order answers the point closed', async () => {
    const id = await quoted('PUDO-JHB-0142');
    await setPoint('PUDO-JHB-0142', 'closed');
    try {
      expect((await order(id)).delivery.pickup_point.status).toBe('closed');
      const message = 'Sandton City Locker has closed: choose another pickup point';
      for (const refused of [await payCard(id), await payHosted(id), await payCredit(id)]) {
        expect(refused).toMatchObject({ status: 422, body: { error: message, errors: { pickup_point_code: [message] } } });
      }
      expect(await order(id)).toMatchObject({ status: 'processing', payment_status: null });
      const moved = await c.json('PATCH', `/orders/${id}`, { order: { delivery: 'pickup', pickup_point_code: 'PUDO-JHB-0207' } });
      expect(moved.body.data.delivery.pickup_point.code).toBe('PUDO-JHB-0207');
      expect((await payHosted(id)).status).toBe(200);
    } finally {
      await setPoint('PUDO-JHB-0142', 'open');
    }
  });

  it('refuses a parcel heavier than the point takes, at payment and when the point is chosen', async () => {
    const id = await quoted('PUDO-JHB-0142');
    await c.json('POST', `/__sandbox/orders/${id}/weight`, { weight_kg: 12 });
    const message = 'Sandton City Locker takes parcels up to 10 kg: choose a larger locker or a counter';
    expect(await payCard(id)).toMatchObject({ status: 422, body: { errors: { pickup_point_code: [message] } } });
    expect(await payHosted(id)).toMatchObject({ status: 422, body: { error: message } });
    expect((await c.json('PATCH', `/orders/${id}`, { order: { delivery: 'pickup', pickup_point_code: 'PUDO-SWT-0019' } })).body.errors).toEqual({
      pickup_point_code: ['Maponya Mall Locker takes parcels up to 5 kg: choose a larger locker or a counter'],
    });
    expect((await c.json('PATCH', `/orders/${id}`, { order: { delivery: 'pickup', pickup_point_code: 'PARGO-JHB-0031' } })).status).toBe(200);
    expect((await payCard(id)).body.data.order.status).toBe('paid');
  });

  it('re-prices when the choice changes and ends a pending payment attempt, as an address change does', async () => {
    const id = await quoted();
    expect((await payHosted(id)).body.data.status).toBe('pending');
    const moved = await c.json('PATCH', `/orders/${id}`, { order: { delivery: 'pickup', pickup_point_code: 'PARGO-JHB-0031' } });
    expect(moved.body.data).toMatchObject({ payment_status: 'ended', quote: { delivery_discount: 45, total: 1483.5 }, delivery: { method: 'pickup' } });
    const attempts = sandbox.ctx.db.prepare('SELECT state, ended_reason FROM payment_attempts WHERE order_id = ?').all(id);
    expect(attempts).toEqual([{ state: 'ended', ended_reason: 'the delivery choice changed.' }]);
    expect((await payHosted(id)).body.data.status).toBe('pending');
    const back = await c.json('PATCH', `/orders/${id}`, { order: { delivery: 'address', address: homeId } });
    expect(back.body.data).toMatchObject({ payment_status: 'ended', quote: { total: 1535.25 }, address: { id: homeId } });
    expect(back.body.data).not.toHaveProperty('delivery');
    expect(back.body.data.quote).not.toHaveProperty('delivery_discount');
  });

  it('keeps the choice of a paid order, and another shopper cannot change it', async () => {
    const id = await quoted('PUDO-JHB-0207');
    await payCard(id);
    expect((await c.json('PATCH', `/orders/${id}`, { order: { delivery: 'pickup', pickup_point_code: 'PARGO-JHB-0031' } })).body.error).toBe('The delivery of a finalized order cannot change');
    expect((await other.json('PATCH', `/orders/${id}`, { order: { delivery: 'pickup', pickup_point_code: 'PARGO-JHB-0031' } })).status).toBe(404);
  });
});

describe('shipping together', () => {
  const at = (id: number) => c.json('POST', `/__sandbox/orders/${id}/status`, { status: 'goods purchased' });

  it("the demo shopper's two orders at the warehouse for Work are candidates: freight alone and together, storage free for 30 days", async () => {
    const orders: Json[] = (await c.json('GET', '/orders?per=100')).body.data;
    const work = (await c.json('GET', '/addresses')).body.data.find((a: Json) => a.name === 'Work').id;
    const waiting = orders.filter((o) => o.status === 'goods purchased');
    expect(waiting.every((o) => /^\d{4}-\d{2}-\d{2}$/.test(o.storage_free_until))).toBe(true);
    expect(orders.filter((o) => o.status !== 'goods purchased').every((o) => !('storage_free_until' in o))).toBe(true);
    const purchasedAt = (o: Json) => o.status_history.find((s: Json) => s.status === 'goods purchased').at.slice(0, 10);
    for (const o of waiting) expect(Date.parse(o.storage_free_until) - Date.parse(purchasedAt(o))).toBe(30 * 86_400_000);
    const groups = (await c.json('GET', '/shipments/candidates')).body.data;
    const together = waiting.filter((o) => o.address?.id === work).map((o) => o.id).sort((a, b) => a - b);
    expect(together).toHaveLength(2);
    expect(groups).toEqual([{
      destination: { method: 'address', address_id: work },
      orders: [
        { id: together[0], freight_alone: 60, storage_free_until: waiting.find((o) => o.id === together[0]).storage_free_until },
        { id: together[1], freight_alone: 260, storage_free_until: waiting.find((o) => o.id === together[1]).storage_free_until },
      ],
      freight_together: 290,
    }]);
    expect((await c.json('GET', `/__sandbox/shipments/candidates?email=${encodeURIComponent(OTHER.email)}`)).body.data).toEqual([]);
  });

  it('has a seeded pickup order with its point and discount', async () => {
    const orders: Json[] = (await c.json('GET', '/orders?per=100')).body.data;
    const pickups = orders.filter((o) => o.delivery && o.status === 'processing' && o.address === null);
    expect(pickups[0]).toMatchObject({ delivery: { pickup_point: { code: 'PUDO-JHB-0207' } }, quote: { delivery_discount: 45 } });
  });

  it('groups pickup orders by point, refuses another shopper (404), destinations that differ and an order that left the warehouse', async () => {
    const a = await quoted('PUDO-DBN-0027');
    const b = await quoted('PUDO-DBN-0027');
    const elsewhere = await quoted('PARGO-DBN-0014');
    for (const id of [a, b, elsewhere]) await at(id);
    const group = (await c.json('GET', '/shipments/candidates')).body.data.find((g: Json) => g.destination.method === 'pickup');
    expect(group).toEqual({
      destination: { method: 'pickup', pickup_point_code: 'PUDO-DBN-0027' },
      orders: [{ id: a, freight_alone: 5, storage_free_until: expect.any(String) }, { id: b, freight_alone: 5, storage_free_until: expect.any(String) }],
      freight_together: 7.5,
    });
    expect((await other.json('POST', '/shipments', { shipment: { order_ids: [a, b] } })).status).toBe(404);
    expect((await c.json('POST', '/shipments', { shipment: { order_ids: [a, elsewhere] } })).body.errors).toEqual({
      order_ids: ['These orders go to different places: only orders to the same address or pickup point ship together'],
    });
    expect((await c.json('POST', '/shipments', { shipment: { order_ids: [a] } })).body.errors).toEqual({ order_ids: ['Choose at least two orders to ship together'] });
    // Listed as candidates, then flown before the shopper confirmed.
    await c.json('POST', `/__sandbox/orders/${b}/status`, { status: 'in transit' });
    expect((await c.json('POST', '/shipments', { shipment: { order_ids: [a, b] } })).body).toEqual({
      error: `Order ${b} has left the warehouse: it can no longer ship with the others`,
      errors: { order_ids: [`Order ${b} has left the warehouse: it can no longer ship with the others`] },
    });
    const early = await quoted('PUDO-DBN-0027');
    expect((await c.json('POST', '/shipments', { shipment: { order_ids: [a, early] } })).body.error).toBe(`Order ${early} is not at our warehouse yet: it can ship with others once its goods are bought`);
    expect(sandbox.ctx.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE shipment_id IS NOT NULL').get()).toEqual({ n: 0 });
  });

  it('combines the candidates into one shipment with one quote for the freight; each order says what it ships with', async () => {
    const [group] = (await c.json('GET', '/shipments/candidates')).body.data.filter((g: Json) => g.destination.method === 'address');
    const ids = group.orders.map((o: Json) => o.id);
    const created = await c.json('POST', '/shipments', { shipment: { order_ids: ids } });
    expect(created).toEqual({
      status: 201,
      body: { data: {
        id: expect.any(Number), order_ids: ids, freight_alone_total: 320, freight_together: 290, saving: 30,
        quote: { sub_total: 290, total_vat: 43.5, total: 333.5 }, created_at: expect.any(String),
      } },
    });
    expect((await order(ids[0])).shipment).toEqual({ id: created.body.data.id, with: [ids[1]] });
    expect((await order(ids[1])).shipment).toEqual({ id: created.body.data.id, with: [ids[0]] });
    expect((await c.json('GET', '/shipments/candidates')).body.data.filter((g: Json) => g.destination.method === 'address')).toEqual([]);
    expect((await c.json('POST', '/shipments', { shipment: { order_ids: ids } })).body.error).toBe(`Order ${ids[0]} already ships with other orders`);
  });
});
