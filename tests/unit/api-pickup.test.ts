// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../src/lib/config';
import { createOrder, orderFromWire, quoteFromWire, updateOrderDelivery } from '../../src/lib/api/orders';
import { candidateGroupFromWire, createShipment, deliveryFromWire, pickupPointFromWire, searchPickupPoints, shipmentCandidates, shipmentFromWire } from '../../src/lib/api/pickup';
import { clearTokens, storeTokens } from '../../src/lib/stores/session';

// Issue 57 as the sandbox sends it (docs/api-contract.md, "How it reaches you"): money as decimal strings in the spec
// dialect, numbers in the envelope.
const wirePoint = {
  code: 'PUDO-JHB-0142', provider: 'pudo', kind: 'locker', name: 'Sandton City Locker', address: '83 Rivonia Road', suburb: 'Sandhurst',
  city: 'Sandton', postal_code: '2196', province: 'Gauteng', opening_hours: 'Mon-Sun 06:00-22:00', latitude: -26.1076, longitude: 28.0567,
  box_sizes: ['S', 'M', 'L'], largest_box: 'L', max_weight_kg: 10, distance_km: 1.2, collect_days: 7, status: 'open',
};
const point = {
  code: 'PUDO-JHB-0142', provider: 'pudo', kind: 'locker', name: 'Sandton City Locker', address: '83 Rivonia Road', suburb: 'Sandhurst',
  city: 'Sandton', postalCode: '2196', province: 'Gauteng', openingHours: 'Mon-Sun 06:00-22:00', latitude: -26.1076, longitude: 28.0567,
  boxSizes: ['S', 'M', 'L'], largestBox: 'L', maxWeightKg: 10, distanceKm: 1.2, collectDays: 7, status: 'open',
};
const collection = 'We SMS you a PIN when your parcel is in the locker; collect it within 7 days.';
const specGroup = {
  destination: { method: 'address', address_id: 3 },
  orders: [{ id: 4, freight_alone: '350.00', storage_free_until: '2026-12-20' }, { id: 9, freight_alone: '340.10', storage_free_until: '2026-12-24' }],
  freight_together: '520.05',
};
const group = {
  destination: { method: 'address', addressId: 3 },
  orders: [{ id: 4, freightAlone: 350, storageFreeUntil: '2026-12-20' }, { id: 9, freightAlone: 340.1, storageFreeUntil: '2026-12-24' }],
  freightAloneTotal: 690.1,
  freightTogether: 520.05,
  saving: 170.05,
};

describe('pickup points and shipping together (decoding issue 57)', () => {
  it('reads a point with every field, and a counter without boxes', () => {
    expect(pickupPointFromWire(wirePoint)).toEqual(point);
    expect(pickupPointFromWire({ code: 'PARGO-CPT-0007', kind: 'Counter ', provider: 'PARGO', max_weight_kg: '15', latitude: '-33.9', box_sizes: null })).toMatchObject({
      kind: 'counter', provider: 'pargo', boxSizes: [], largestBox: '', maxWeightKg: 15, latitude: -33.9, longitude: null, distanceKm: null, collectDays: null,
    });
  });

  it('leaves out a point without a code', () => {
    expect(pickupPointFromWire({ name: 'Nowhere' })).toBeUndefined();
    expect(pickupPointFromWire({ code: '  ' })).toBeUndefined();
  });

  it('reads the delivery of a pickup order; an address method, junk or a point without a code is no delivery', () => {
    const { distance_km: _, ...onOrder } = wirePoint;
    expect(deliveryFromWire({ method: 'Pickup', pickup_point: { ...onOrder, status: 'closed' }, collection })).toEqual({
      method: 'pickup', pickupPoint: { ...point, distanceKm: null, status: 'closed' }, collection,
    });
    expect(deliveryFromWire({ method: 'address' })).toBeUndefined();
    expect(deliveryFromWire({ method: 'pickup', pickup_point: { name: 'x' } })).toBeUndefined();
    expect(deliveryFromWire('pickup')).toBeUndefined();
  });

  it.each([
    ['spec dialect (decimal strings)', specGroup],
    ['envelope (numbers)', { ...specGroup, orders: specGroup.orders.map((o) => ({ ...o, freight_alone: Number(o.freight_alone) })), freight_together: 520.05 }],
  ])('reads a candidate group of the %s with the saving in whole cents', (_, wire) => {
    expect(candidateGroupFromWire(wire)).toEqual(group);
  });

  it('reads a pickup destination; a group without a destination, a together freight or two orders is left out', () => {
    expect(candidateGroupFromWire({ ...specGroup, destination: { method: 'pickup', pickup_point_code: 'PUDO-JHB-0142' } })?.destination).toEqual({
      method: 'pickup', pickupPointCode: 'PUDO-JHB-0142',
    });
    expect(candidateGroupFromWire({ ...specGroup, destination: { method: 'drone' } })).toBeUndefined();
    expect(candidateGroupFromWire({ ...specGroup, freight_together: 'lots' })).toBeUndefined();
    expect(candidateGroupFromWire({ ...specGroup, orders: [specGroup.orders[0], { id: 9, freight_alone: 'x' }] })).toBeUndefined();
  });

  it('reads a created shipment in both dialects; one without an id or quote is unreadable', () => {
    const spec = { id: 2, order_ids: [4, 9], freight_alone_total: '690.10', freight_together: '520.05', saving: '170.05', quote: { sub_total: '520.05', total_vat: '78.01', total: '598.06' } };
    const shipment = { id: 2, orderIds: [4, 9], freightAloneTotal: 690.1, freightTogether: 520.05, saving: 170.05, quote: { subTotal: 520.05, totalVat: 78.01, total: 598.06 } };
    expect(shipmentFromWire(spec)).toEqual(shipment);
    expect(shipmentFromWire({ data: { ...spec, freight_alone_total: 690.1, freight_together: 520.05, saving: undefined, quote: { sub_total: 520.05, total_vat: 78.01, total: 598.06 } } })).toEqual(shipment);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => shipmentFromWire({ ...spec, quote: null })).toThrow();
    vi.restoreAllMocks();
  });

  it("reads an order's delivery, shipment, storage and the quote's delivery discount; an order without them keeps today's keys", () => {
    const order = orderFromWire({
      id: 4, status: 'goods purchased', delivery: { method: 'pickup', pickup_point: wirePoint, collection },
      shipment: { id: 2, with: [9, '11'] }, storage_free_until: '2026-12-20T00:00:00Z', quote: { total: '100', delivery_discount: '45.00' },
    });
    expect(order.delivery?.pickupPoint.code).toBe('PUDO-JHB-0142');
    expect(order.shipment).toEqual({ id: 2, with: [9, 11] });
    expect(order.storageFreeUntil).toBe('2026-12-20');
    expect(order.quote?.deliveryDiscount).toBe(45);
    const today = orderFromWire({ id: 5, quote: { total: '100' }, shipment: { with: [1] }, storage_free_until: '2026-02-30', delivery: null });
    expect(['delivery', 'shipment', 'storageFreeUntil'].filter((key) => key in today)).toEqual([]);
    expect('deliveryDiscount' in (quoteFromWire({ total: 1, delivery_discount: 0 }) ?? {})).toBe(false);
  });
});

describe('the issue 57 calls', () => {
  let answers: { status: number; body: unknown }[] = [];
  let sent: { url: string; method: string; body: unknown }[] = [];

  beforeEach(() => {
    storeTokens('access-1', 'refresh-1', false);
    sent = [];
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      sent.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      const next = answers.shift() ?? { status: 500, body: { error: 'no answer set' } };
      return Promise.resolve(new Response(JSON.stringify(next.body), { status: next.status, headers: { 'Content-Type': 'application/json' } }));
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearTokens();
  });

  it('GET /pickup_points?q= sends what was typed, trimmed, and reads the list in both dialects', async () => {
    answers = [{ status: 200, body: [wirePoint, { name: 'no code' }] }, { status: 200, body: { data: [] } }];
    expect(await searchPickupPoints({ q: ' Sandton ' })).toEqual([point]);
    expect(sent[0]?.url).toBe(`${config.apiBase}/pickup_points?q=Sandton`);
    expect(await searchPickupPoints({ lat: -26.1, lng: 28.05 })).toEqual([]);
    expect(sent[1]?.url).toBe(`${config.apiBase}/pickup_points?lat=-26.1&lng=28.05`);
  });

  it.each([404, 405])('a service without pickup points or combining (%i) is undefined', async (status) => {
    answers = [{ status, body: { error: 'Not found' } }, { status, body: { error: 'Not found' } }];
    expect(await searchPickupPoints({ q: '2196' })).toBeUndefined();
    expect(await shipmentCandidates()).toBeUndefined();
  });

  it('another failure is thrown as it came', async () => {
    answers = [{ status: 500, body: { error: 'Internal server error' } }];
    await expect(searchPickupPoints({ q: 'x' })).rejects.toMatchObject({ status: 500 });
  });

  it('GET /shipments/candidates reads the groups', async () => {
    answers = [{ status: 200, body: { data: [specGroup] } }];
    expect(await shipmentCandidates()).toEqual([group]);
    expect(sent[0]).toMatchObject({ url: `${config.apiBase}/shipments/candidates`, method: 'GET' });
  });

  it('POST /shipments sends the order ids; a refusal keeps its words', async () => {
    answers = [
      { status: 201, body: { id: 2, order_ids: [4, 9], freight_alone_total: 690.1, freight_together: 520.05, saving: 170.05, quote: { sub_total: 520.05, total_vat: 78.01, total: 598.06 } } },
      { status: 422, body: { error: 'Order 9 has left the warehouse: it can no longer ship with the others', errors: { order_ids: ['Order 9 has left the warehouse: it can no longer ship with the others'] } } },
    ];
    expect(await createShipment([4, 9])).toMatchObject({ id: 2, saving: 170.05 });
    expect(sent[0]).toEqual({ url: `${config.apiBase}/shipments`, method: 'POST', body: { shipment: { order_ids: [4, 9] } } });
    await expect(createShipment([4, 9])).rejects.toMatchObject({ status: 422, errors: { order_ids: ['Order 9 has left the warehouse: it can no longer ship with the others'] } });
  });

  it('PATCH /orders/{id} sends the pickup choice or the address', async () => {
    answers = [{ status: 200, body: { id: 4, delivery: { method: 'pickup', pickup_point: wirePoint, collection } } }, { status: 200, body: { id: 4 } }];
    expect((await updateOrderDelivery(4, { method: 'pickup', pickupPointCode: 'PUDO-JHB-0142' })).delivery?.collection).toBe(collection);
    expect(sent[0]).toEqual({ url: `${config.apiBase}/orders/4`, method: 'PATCH', body: { order: { delivery: 'pickup', pickup_point_code: 'PUDO-JHB-0142' } } });
    expect((await updateOrderDelivery(4, { method: 'address', addressId: 3 })).delivery).toBeUndefined();
    expect(sent[1]?.body).toEqual({ order: { delivery: 'address', address: 3 } });
  });

  it("POST /orders sends a pickup order's point and no address; an address order sends today's fields", async () => {
    answers = [{ status: 201, body: { id: 31 } }, { status: 201, body: { id: 32 } }];
    const products = [{ name: 'Kettle', description: '', quantity: 1, comment: '', screenshot: new Blob(['x']), fileName: 'k.png' }];
    await createOrder({ portal: 3, pickupPointCode: 'PUDO-JHB-0142', products });
    await createOrder({ portal: 3, addressId: 4, products });
    const keys = (body: unknown) => [...(body as FormData).keys()].filter((key) => !key.includes('[products]'));
    expect(keys(sent[0]?.body)).toEqual(['order[portal_id]', 'order[order_type]', 'order[status]', 'order[delivery]', 'order[pickup_point_code]']);
    expect((sent[0]?.body as FormData).get('order[pickup_point_code]')).toBe('PUDO-JHB-0142');
    expect(keys(sent[1]?.body)).toEqual(['order[portal_id]', 'order[order_type]', 'order[status]', 'order[address_id]']);
  });
});
