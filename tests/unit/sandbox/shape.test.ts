import type { RunningSandbox } from '../../../sandbox/src/server';
import { railsDecimal, shapeFromEnv, specBody } from '../../../sandbox/src/shape';
import { Client, goodPng, orderForm, start, type Json } from './helpers';

let sandbox: RunningSandbox;
let c: Client;

beforeAll(async () => {
  sandbox = await start({ shape: 'spec' });
  c = new Client(sandbox.url);
  await c.login();
});
afterAll(() => sandbox.close());

describe('the spec shape (the default)', () => {
  it('is what SANDBOX_SHAPE gives unless it says envelope', () => {
    expect(shapeFromEnv(undefined)).toBe('spec');
    expect(shapeFromEnv('spec')).toBe('spec');
    expect(shapeFromEnv(' Envelope ')).toBe('envelope');
  });

  it('renders decimals as Rails does and unwraps an envelope', () => {
    expect(railsDecimal(1200)).toBe('1200.0');
    expect(railsDecimal(275.33)).toBe('275.33');
    expect(specBody({ data: [{ id: 1, total: 5 }], meta: { total_pages: 1 } })).toEqual([{ id: 1, total: '5.0' }]);
    expect(specBody({ data: { id: 2 }, tokenize: { status: 'pending' } })).toEqual({ id: 2, tokenize: { status: 'pending' } });
    expect(specBody({ data: null })).toBeNull();
    expect(specBody({ users: [], meta: { total_count: 0 } })).toEqual({ users: [], meta: { total_count: 0 } });
  });

  it("answers a request in the envelope when its X-Sandbox-Shape asks, with the fault switches on only, and CORS lets the site send it", async () => {
    const enveloped = await c.call('GET', '/orders?per=2', undefined, { 'X-Sandbox-Shape': 'envelope' });
    const body = (await enveloped.json()) as Json;
    expect(body.data).toHaveLength(2);
    expect(body.meta).toMatchObject({ current_page: 1 });
    expect(Array.isArray((await c.json('GET', '/orders?per=2')).body)).toBe(true);
    const preflight = await fetch(`${sandbox.url}/api/web/v1/orders`, {
      method: 'OPTIONS',
      headers: { Origin: sandbox.ctx.siteOrigin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,x-sandbox-shape' },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-sandbox-shape');
    const served = await start({ shape: 'spec', faults: false });
    try {
      const plain = new Client(served.url);
      await plain.login();
      expect(Array.isArray(await (await plain.call('GET', '/orders', undefined, { 'X-Sandbox-Shape': 'envelope' })).json())).toBe(true);
    } finally {
      await served.close();
    }
  });

  it('answers single resources as bare objects and lists as bare arrays', async () => {
    const me = await c.json('GET', '/users/show_details');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: expect.any(Number), first_name: 'Thandi', last_name: 'Nkosi' });
    const addresses = await c.json('GET', '/addresses');
    expect(Array.isArray(addresses.body)).toBe(true);
    expect(addresses.body[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), postal_code: expect.any(String) });
    const portals = await c.json('GET', '/portals');
    expect(Array.isArray(portals.body)).toBe(true);
    const cards = await c.json('GET', '/cards');
    expect(Array.isArray(cards.body)).toBe(true);
  });

  it('keeps the user list as { users, meta } as SPEC section 3 shows it', async () => {
    const list = await c.json('GET', '/users?page=1');
    expect(list.status).toBe(200);
    expect(Object.keys(list.body).sort()).toEqual(['meta', 'users']);
    expect(list.body.meta).toMatchObject({ current_page: 1, total_pages: expect.any(Number), total_count: expect.any(Number) });
  });

  it('sends money as decimal strings, a missing quote as null, and the whole order list without paging', async () => {
    const orders = await c.json('GET', '/orders?per=2');
    expect(Array.isArray(orders.body)).toBe(true);
    expect(orders.body.length).toBeGreaterThan(2);
    const processing = orders.body.find((o: Json) => o.status === 'processing');
    expect(processing.quote).toEqual({
      fees: '260.0', service_fee: '185.0', sub_total: '1415.0', total_vat: '212.25', total: '1627.25', quoted_at: expect.any(String), credit: { balance: '1203.5' },
    });
    expect(processing.products[0]).toMatchObject({ cost_price: '650.0', customs_price: '95.0', delivery_price: '80.0', service_fee: '92.5', quantity: 1 });
    expect((await c.json('GET', `/orders/${processing.id}/cost_summary`)).body).toEqual(processing.quote);
    const placed = orders.body.find((o: Json) => o.status === 'placed');
    expect(placed.quote).toBeNull();
    expect((await c.json('GET', `/orders/${placed.id}/cost_summary`)).body).toBeNull();
  });

  it('sends the quote extras as decimal strings too: shipping speeds, the insurance offer, declared values, the checkout and the photo requests bare', async () => {
    const orders: Json[] = (await c.json('GET', '/orders')).body;
    const quoted = orders.find((o) => o.quote?.shipping_options);
    expect(quoted.quote.shipping_options).toEqual([
      { id: 'economy', label: 'Economy', price: '0.0', min_days: 8, max_days: 10 },
      { id: 'express', label: 'Express', price: '350.0', min_days: 3, max_days: 5 },
    ]);
    expect(quoted.quote.insurance).toEqual({ rate_percent: 2, minimum_premium: '50.0', insured_value: '2050.0', premium: '50.0', covers: expect.any(String) });
    expect(quoted.products[0]).toMatchObject({ customs_declaration: { description: 'Wireless earbuds', declared_value: '1200.0', country_of_origin: 'CN' }, if_unavailable: { rule: 'buy_alternative', alternative: 'White, same model' } });
    expect((await c.json('GET', `/orders/${quoted.id}/cost_summary`)).body).toEqual(quoted.quote);
    const received = orders.find((o) => o.warehouse_photos);
    expect(received.checkout).toMatchObject({ shipping_option_id: 'express', shipping_price: '350.0', insured: true, insurance_premium: '58.4', total: expect.stringMatching(/^\d+\.\d+$/) });
    const asked = await c.json('POST', `/orders/${received.id}/photo_requests`);
    expect(asked).toEqual({ status: 201, body: { id: expect.any(Number), order_id: received.id, message: '', requested_at: expect.any(String), answered_at: null } });
  });

  it('sends store credit bare with money as decimal strings: the balance, each movement and withdrawal, the quote\'s credit, a new withdrawal (201)', async () => {
    const credit = (await c.json('GET', '/credit')).body;
    expect(credit.balance).toBe('1203.5');
    expect(credit.movements[0]).toMatchObject({ kind: 'item_not_bought', amount: '379.5', balance_after: '1203.5' });
    expect(credit.movements.find((m: Json) => m.kind === 'withdrawal')).toMatchObject({ amount: '-500.0', balance_after: '65.0' });
    expect(credit.withdrawals[0]).toMatchObject({ amount: '500.0', status: 'paid', account_ending: '4821' });
    const created = await c.json('POST', '/credit/withdrawals', {
      withdrawal: { account_holder: 'T Nkosi', bank: 'FNB', account_number: '6212344821', account_type: 'cheque', amount: 3.5, current_password: 'Shopper#2026' },
    });
    expect(created).toMatchObject({ status: 201, body: { amount: '3.5', status: 'pending' } });
    const cancelled = await c.json('DELETE', `/credit/withdrawals/${created.body.id}`);
    expect(cancelled.body).toMatchObject({ amount: '3.5', status: 'cancelled' });
  });

  it('answers 201 with the created object: registration, an address, an order, a card with its tokenize beside it', async () => {
    const user = await c.json('POST', '/users', {
      user: { first_name: 'Lindi', last_name: 'Zulu', birth_date: '1990-01-01', email: 'lindi.shape@example.com', mobile: '0821234567', password: 'Lindi#2026x' },
    });
    expect(user.status).toBe(201);
    expect(user.body).toMatchObject({ id: expect.any(Number), email: 'lindi.shape@example.com' });
    const address = await c.json('POST', '/addresses', { address: { name: 'Shape', address: '1 Long St', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' } });
    expect(address.status).toBe(201);
    expect(address.body).toMatchObject({ id: expect.any(Number), name: 'Shape' });
    const order = await c.call('POST', '/orders', orderForm({ portal: '1', address: String(address.body.id) }, [
      { name: 'Shoes', description: 'https://www.nike.com/t/shoe', quantity: '1', screenshot: goodPng() },
    ]));
    expect(order.status).toBe(201);
    expect(await order.json()).toMatchObject({ id: expect.any(Number), status: 'placed', products: [expect.objectContaining({ name: 'Shoes', quantity: 1 })] });
    const card = await c.json('POST', '/cards', { card: { card_name: 'Shape card', is_preferred: false } });
    expect(card.status).toBe(201);
    expect(card.body).toMatchObject({ id: expect.any(Number), card_name: 'Shape card', tokenize: { status: 'pending', location: expect.stringContaining('/stand-in/payfast/cards/') } });
  });

  it('names the deleted address by a bare { id, name } and keeps errors as they are', async () => {
    const created = (await c.json('POST', '/addresses', { address: { name: 'Gone', address: '2 Long St', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' } })).body;
    expect((await c.json('DELETE', `/addresses/${created.id}`)).body).toEqual({ id: created.id, name: 'Gone' });
    expect((await c.json('GET', '/orders/999999')).body).toEqual({ error: 'Not found' });
  });

  it('sends issue 57 bare with money as decimal strings: points (distances and coordinates numbers), the delivery discount, the candidates and a shipment (201)', async () => {
    const points = (await c.json('GET', '/pickup_points?q=Rosebank')).body;
    expect(points[0]).toMatchObject({ code: 'PUDO-JHB-0207', latitude: -26.1456, longitude: 28.041, distance_km: 0, max_weight_kg: 15 });
    const orders: Json[] = (await c.json('GET', '/orders')).body;
    const pickup = orders.find((o) => o.delivery);
    expect(pickup.quote).toMatchObject({ delivery_discount: '45.0', sub_total: expect.stringMatching(/^\d+\.\d+$/) });
    const [group] = (await c.json('GET', '/shipments/candidates')).body;
    expect(group.orders.map((o: Json) => o.freight_alone)).toEqual(['60.0', '260.0']);
    expect(group.freight_together).toBe('290.0');
    const created = await c.json('POST', '/shipments', { shipment: { order_ids: group.orders.map((o: Json) => o.id) } });
    expect(created).toMatchObject({ status: 201, body: { freight_alone_total: '320.0', freight_together: '290.0', saving: '30.0', quote: { sub_total: '290.0', total_vat: '43.5', total: '333.5' } } });
  });
});
