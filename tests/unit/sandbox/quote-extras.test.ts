import type { RunningSandbox } from '../../../sandbox/src/server';
import { Client, goodPng, OTHER, orderForm, start, type Json } from './helpers';

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

const item = (over: Record<string, unknown> = {}) => ({ name: 'Shoes', description: 'https://www.nike.com/t/shoe', quantity: '1', screenshot: goodPng(), ...over });

/** A new order of the demo shopper quoted at R1000 and R500 per item (customs 100, delivery 50, fee R185): sub_total R1985. */
async function quotedOrder(): Promise<{ id: number; products: Json[] }> {
  const created = await c.json('POST', '/orders', orderForm({ portal: '3', address: String(homeId) }, [item(), item({ name: 'Socks' })]));
  const id = created.body.data.id;
  await c.json('POST', `/__sandbox/orders/${id}/quote`, { cost: [1000, 500], customs: 100, delivery: 50 });
  return { id, products: (await c.json('GET', `/orders/${id}/products`)).body.data };
}

const speeds = async (id: number) => {
  await c.json('POST', `/__sandbox/orders/${id}/shipping-options`, { id: 'economy', label: 'Economy', price: 0, min_days: 8, max_days: 10 });
  return c.json('POST', `/__sandbox/orders/${id}/shipping-options`, { id: 'express', label: 'Express', price: 350, min_days: 3, max_days: 5 });
};
const pay = (id: number, extra: Record<string, unknown> = {}) => c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card, ...extra } });
const payHosted = (id: number, extra: Record<string, unknown> = {}) => c.json('POST', `/orders/${id}/create_hosted_payment`, { order: { ...extra } });
const declare = (productId: number, body: Record<string, unknown>) => c.json('POST', `/__sandbox/products/${productId}/declaration`, body);

describe('the demo shopper', () => {
  it('has a quote with economy and express, insurance, a declaration and "if unavailable" rules, and a paid order at the warehouse with photos', async () => {
    const orders: Json[] = (await c.json('GET', '/orders?per=100')).body.data;
    const quoted = orders.find((o) => o.status === 'processing' && o.portal.name === 'Amazon');
    expect(quoted.quote.shipping_options.map((o: Json) => o.id)).toEqual(['economy', 'express']);
    expect(quoted.quote.insurance).toMatchObject({ rate_percent: 2, minimum_premium: 50 });
    expect(quoted.products.every((p: Json) => p.customs_declaration?.country_of_origin && p.if_unavailable)).toBe(true);
    const received = orders.find((o) => o.warehouse_photos);
    expect(received).toMatchObject({ status: 'goods purchased', checkout: { shipping_option_id: 'express', insured: true, declaration_confirmed_at: expect.any(String) } });
    expect(received.warehouse_photos.map((p: Json) => p.alt)).toEqual(received.products.map((p: Json) => p.name));
    // Seeded before any test here made orders of its own: only these two carry the new data.
    expect(orders.filter((o) => o.quote?.shipping_options || o.warehouse_photos || o.checkout)).toHaveLength(2);
  });
});

describe('an order without any of the new data', () => {
  it('is answered and paid exactly as before: no new key on the order, its products, its quote or its cost summary', async () => {
    // A shopper without store credit: one with a balance also finds `credit` on the quote (issue 56, credit.test.ts).
    sandbox.ctx.db.prepare('DELETE FROM credit_movements').run();
    const { id } = await quotedOrder();
    const order = (await c.json('GET', `/orders/${id}`)).body.data;
    expect(Object.keys(order).sort()).toEqual([
      'address', 'created_at', 'delivery_date', 'id', 'order_type', 'parent_order_id', 'payment_status', 'pickup', 'portal', 'products', 'quote', 'return', 'shipping', 'status', 'total_items', 'user',
    ]);
    expect(Object.keys(order.products[0]).sort()).toEqual([
      'comment', 'cost_price', 'customs_price', 'delivery_price', 'description', 'id', 'name', 'order_id', 'quantity', 'screenshot', 'service_fee',
    ]);
    const quote = { fees: 300, service_fee: 185, sub_total: 1985, total_vat: 297.75, total: 2282.75, quoted_at: expect.any(String) };
    expect(order.quote).toEqual(quote);
    expect((await c.json('GET', `/orders/${id}/cost_summary`)).body.data).toEqual(quote);
    const paid = await pay(id);
    expect(paid.status).toBe(200);
    expect(paid.body.data.order.status).toBe('paid');
    expect(paid.body.data.order).not.toHaveProperty('checkout');
  });

  it('refuses a shipping speed or insurance it never offered', async () => {
    const { id } = await quotedOrder();
    expect((await pay(id, { shipping_option_id: 'express' })).body.errors).toEqual({ shipping_option_id: ['is not a shipping speed of this quote'] });
    expect((await pay(id, { insure: true, insurance_premium: 50 })).body.errors).toEqual({ insure: ['Insurance is not offered for this order'] });
    expect((await c.json('GET', `/orders/${id}`)).body.data.status).toBe('processing');
  });
});

describe('shipping speeds', () => {
  it('are sent with the quote and the cost summary; the card payment takes the chosen one and records the total that follows', async () => {
    const { id } = await quotedOrder();
    expect((await speeds(id)).body.data.shipping_options).toHaveLength(2);
    const options = [
      { id: 'economy', label: 'Economy', price: 0, min_days: 8, max_days: 10 },
      { id: 'express', label: 'Express', price: 350, min_days: 3, max_days: 5 },
    ];
    expect((await c.json('GET', `/orders/${id}`)).body.data.quote).toMatchObject({ total: 2282.75, shipping_options: options });
    expect((await c.json('GET', `/orders/${id}/cost_summary`)).body.data.shipping_options).toEqual(options);
    expect((await pay(id)).body).toEqual({ error: 'Choose a shipping speed', errors: { shipping_option_id: ['Choose a shipping speed'] } });
    expect((await pay(id, { shipping_option_id: 'overnight' })).body.errors.shipping_option_id).toEqual(['is not a shipping speed of this quote']);
    const paid = await pay(id, { shipping_option_id: 'express' });
    expect(paid.status).toBe(200);
    // 1985 + 350 = 2335; VAT 350.25.
    expect(paid.body.data.order.checkout).toEqual({
      shipping_option_id: 'express', shipping_price: 350, insured: false, insurance_premium: null, declaration_confirmed_at: null,
      sub_total: 2335, total_vat: 350.25, total: 2685.25,
    });
  });

  it('refuses a speed the service withdrew with a field error naming it, on the card and the hosted payment, and takes another', async () => {
    const { id } = await quotedOrder();
    await speeds(id);
    const withdrawn = await c.json('POST', `/__sandbox/orders/${id}/shipping-options`, { id: 'express', withdraw: true });
    expect(withdrawn.body.data.shipping_options.map((o: Json) => o.id)).toEqual(['economy']);
    expect((await c.json('GET', `/orders/${id}`)).body.data.quote.shipping_options.map((o: Json) => o.id)).toEqual(['economy']);
    const refused = { error: 'Express is no longer offered: choose another shipping speed', errors: { shipping_option_id: ['Express is no longer offered: choose another shipping speed'] } };
    expect(await pay(id, { shipping_option_id: 'express' })).toEqual({ status: 422, body: refused });
    expect(await payHosted(id, { shipping_option_id: 'express' })).toEqual({ status: 422, body: refused });
    const hosted = await payHosted(id, { shipping_option_id: 'economy' });
    expect(hosted.body.data).toMatchObject({ status: 'pending', order: { status: 'processing', checkout: { shipping_option_id: 'economy', total: 2282.75 } } });
  });

  it('are set only by the operator on an open order, with a price of 0 or more and a window in working days', async () => {
    const { id } = await quotedOrder();
    expect((await c.json('POST', `/__sandbox/orders/${id}/shipping-options`, { id: 'express', label: 'Express', price: -1, min_days: 3 })).status).toBe(422);
    expect((await c.json('POST', `/__sandbox/orders/${id}/shipping-options`, { id: 'express', label: 'Express', price: 1, min_days: 5, max_days: 3 })).status).toBe(422);
    expect((await c.json('POST', `/__sandbox/orders/${id}/shipping-options`, { id: 'express', withdraw: true })).status).toBe(422);
    await pay(id);
    expect((await speeds(id)).status).toBe(422);
  });
});

describe('insurance', () => {
  it('offers a premium that is a share of the insured value with a minimum, and what it covers', async () => {
    const { id } = await quotedOrder();
    const set = await c.json('POST', `/__sandbox/orders/${id}/insurance`, { rate_percent: 2, minimum_premium: 50 });
    expect(set.body.data.insurance).toEqual({ rate_percent: 2, minimum_premium: 50, insured_value: 1500, premium: 50, covers: expect.stringMatching(/^Loss, theft and damage/) });
    await c.json('POST', `/__sandbox/orders/${id}/insurance`, { rate_percent: 5, minimum_premium: 50, covers: 'Loss and damage in transit' });
    expect((await c.json('GET', `/orders/${id}/cost_summary`)).body.data.insurance).toEqual({ rate_percent: 5, minimum_premium: 50, insured_value: 1500, premium: 75, covers: 'Loss and damage in transit' });
    await c.json('POST', `/__sandbox/orders/${id}/insurance`, { withdraw: true });
    expect((await c.json('GET', `/orders/${id}`)).body.data.quote).not.toHaveProperty('insurance');
  });

  it('is paid only with the premium the shopper saw: a premium that changed since is refused saying so, and the total follows it', async () => {
    const { id } = await quotedOrder();
    await c.json('POST', `/__sandbox/orders/${id}/insurance`, { rate_percent: 5, minimum_premium: 50 });
    expect((await pay(id, { insure: true })).body.errors).toEqual({ insurance_premium: ["can't be blank: send the premium the shopper saw"] });
    expect((await pay(id, { insure: 'maybe' })).body.errors).toEqual({ insure: ['must be true or false'] });
    await c.json('POST', `/__sandbox/orders/${id}/insurance`, { rate_percent: 6, minimum_premium: 50 });
    const changed = 'The insurance premium changed from R75.00 to R90.00: check the new total';
    expect(await pay(id, { insure: true, insurance_premium: '75.0' })).toEqual({ status: 422, body: { error: changed, errors: { insurance_premium: [changed] } } });
    expect((await payHosted(id, { insure: true, insurance_premium: 75 })).body.errors.insurance_premium).toEqual([changed]);
    const paid = await pay(id, { insure: true, insurance_premium: '90.0' });
    // 1985 + 90 = 2075; VAT 311.25.
    expect(paid.body.data.order.checkout).toMatchObject({ insured: true, insurance_premium: 90, sub_total: 2075, total_vat: 311.25, total: 2386.25 });
  });

  it('is left out when the shopper does not insure: the total is the quote', async () => {
    const { id } = await quotedOrder();
    await c.json('POST', `/__sandbox/orders/${id}/insurance`, { rate_percent: 5, minimum_premium: 50 });
    expect((await pay(id, { insure: false })).body.data.order.checkout).toMatchObject({ insured: false, insurance_premium: null, total: 2282.75 });
  });
});

describe('customs declaration', () => {
  it('is sent with the products, insures the declared value, and the order (the invoice data) shows what was declared', async () => {
    const { id, products } = await quotedOrder();
    const declared = await declare(products[0].id, { description: 'Running shoes, textile upper', declared_value: 900, country_of_origin: 'vn' });
    expect(declared.body.data.declaration).toEqual({ description: 'Running shoes, textile upper', declared_value: 900, country_of_origin: 'VN' });
    await c.json('POST', `/__sandbox/orders/${id}/insurance`, { rate_percent: 10, minimum_premium: 0 });
    const order = (await c.json('GET', `/orders/${id}`)).body.data;
    expect(order.products[0].customs_declaration).toEqual({ description: 'Running shoes, textile upper', declared_value: 900, country_of_origin: 'VN' });
    expect(order.products[1]).not.toHaveProperty('customs_declaration');
    expect(order.quote.insurance).toMatchObject({ insured_value: 1400, premium: 140 });
  });

  it('refuses payment until the shopper confirms it, on the card and the hosted payment', async () => {
    const { id, products } = await quotedOrder();
    await declare(products[0].id, { description: 'Shoes', declared_value: 1000, country_of_origin: 'CN' });
    const refused = { error: 'Confirm the customs declaration before paying', errors: { declaration_confirmed: ['Confirm the customs declaration before paying'] } };
    expect(await pay(id)).toEqual({ status: 422, body: refused });
    expect(await pay(id, { declaration_confirmed: false })).toEqual({ status: 422, body: refused });
    expect(await payHosted(id)).toEqual({ status: 422, body: refused });
    const paid = await pay(id, { declaration_confirmed: true });
    expect(paid.status).toBe(200);
    expect(paid.body.data.order.checkout).toMatchObject({ declaration_confirmed_at: expect.any(String), total: 2282.75 });
    const invoice = (await c.json('GET', `/orders/${id}`)).body.data;
    expect(invoice.products[0].customs_declaration).toMatchObject({ declared_value: 1000, country_of_origin: 'CN' });
  });

  it('refuses a declared value of zero or above the product price, a blank description and a bad country, each with its field error', async () => {
    const { products } = await quotedOrder();
    const zero = await declare(products[0].id, { description: 'Shoes', declared_value: 0, country_of_origin: 'CN' });
    expect(zero).toEqual({ status: 422, body: { error: 'Declared value must be more than R0: declare what the item cost', errors: { declared_value: ['must be more than R0: declare what the item cost'] } } });
    const above = await declare(products[0].id, { description: 'Shoes', declared_value: 1000.01, country_of_origin: 'CN' });
    expect(above.body.errors).toEqual({ declared_value: ["can't be more than the product's price (R1000.00)"] });
    const bad = await declare(products[0].id, { description: ' ', declared_value: 'lots', country_of_origin: 'China' });
    expect(bad.body.errors).toEqual({
      description: ["can't be blank"], declared_value: ['must be a number of rand'], country_of_origin: ['must be a two-letter country code (ISO 3166-1), such as CN'],
    });
    expect((await c.json('GET', `/products/${products[0].id}`)).body.data).not.toHaveProperty('customs_declaration');
  });
});

describe('"if unavailable" on POST /orders', () => {
  it('is accepted per product, echoed on the order and its products, and left out where none was given', async () => {
    const res = await c.json('POST', '/orders', withRules([['buy_alternative', 'Size 8, black'], ['cancel_item', ''], undefined]));
    expect(res.status).toBe(201);
    const products = res.body.data.products;
    expect(products[0].if_unavailable).toEqual({ rule: 'buy_alternative', alternative: 'Size 8, black' });
    expect(products[1].if_unavailable).toEqual({ rule: 'cancel_item', alternative: '' });
    expect(products[2]).not.toHaveProperty('if_unavailable');
    expect((await c.json('GET', `/products/${products[0].id}`)).body.data.if_unavailable.rule).toBe('buy_alternative');
  });

  it('refuses an unknown rule, buy the alternative without one, an alternative without a rule and one too long', async () => {
    const res = await c.json('POST', '/orders', withRules([['sometimes', ''], ['buy_alternative', ' '], [undefined, 'Blue'], ['ask_me', 'x'.repeat(256)]]));
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      'products[0].if_unavailable': ['must be buy_alternative, cancel_item or ask_me'],
      'products[1].alternative': ["can't be blank when the rule is buy the alternative"],
      'products[2].if_unavailable': ["can't be blank when an alternative is given"],
      'products[3].alternative': ['is too long (maximum is 255 characters)'],
    });
  });
});

/** An order form whose products carry these [rule, alternative] pairs (undefined: no field sent). */
function withRules(rules: ([string | undefined, string] | undefined)[]): FormData {
  const form = orderForm({ portal: '3', address: String(homeId) }, rules.map(() => item()));
  rules.forEach((pair, i) => {
    if (pair?.[0] !== undefined) form.append(`order[products][${i}][if_unavailable]`, pair[0]);
    if (pair?.[1]) form.append(`order[products][${i}][alternative]`, pair[1]);
  });
  return form;
}

describe('warehouse photos', () => {
  it('are added once the items are received, served only through signed expiring links, privately cached, with the product name as alt text', async () => {
    const { id, products } = await quotedOrder();
    expect((await c.json('POST', `/__sandbox/orders/${id}/photos`, { product_id: products[0].id })).status).toBe(422);
    await pay(id);
    await c.json('POST', `/__sandbox/orders/${id}/status`, { status: 'goods purchased' });
    expect((await c.json('POST', `/__sandbox/orders/${id}/photos`, { product_id: 999_999 })).status).toBe(422);
    expect((await c.json('POST', `/__sandbox/orders/${id}/photos`, { product_id: products[1].id })).status).toBe(200);
    const photos = (await c.json('GET', `/orders/${id}`)).body.data.warehouse_photos;
    expect(photos).toEqual([{ id: expect.any(Number), product_id: products[1].id, url: expect.stringMatching(/\/uploads\/\w+\.png\?expires=\d+&signature=[\w-]+$/), alt: 'Socks', taken_at: expect.any(String) }]);
    const served = await fetch(photos[0].url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const unsigned = await fetch(photos[0].url.replace(/\?.*$/, ''));
    expect(unsigned.status).toBe(403);
    expect((await other.json('GET', `/orders/${id}`)).status).toBe(404);
  });

  it('"Ask for more photos" is recorded (201), asked once while open (200), answered when photos arrive, and only by the owner of a received order', async () => {
    const { id, products } = await quotedOrder();
    expect((await c.json('POST', `/orders/${id}/photo_requests`)).status).toBe(422);
    await pay(id);
    await c.json('POST', `/__sandbox/orders/${id}/status`, { status: 'goods purchased' });
    expect((await other.json('POST', `/orders/${id}/photo_requests`)).status).toBe(404);
    const asked = await c.json('POST', `/orders/${id}/photo_requests`, { photo_request: { message: 'The sole, please' } });
    expect(asked).toEqual({ status: 201, body: { data: { id: expect.any(Number), order_id: id, message: 'The sole, please', requested_at: expect.any(String), answered_at: null } } });
    const again = await c.json('POST', `/orders/${id}/photo_requests`);
    expect(again).toEqual({ status: 200, body: asked.body });
    expect((await c.json('POST', `/orders/${id}/photo_requests`, { photo_request: { message: 'x'.repeat(256) } })).status).toBe(422);
    await c.json('POST', `/__sandbox/orders/${id}/photos`, { product_id: products[0].id });
    const order = (await c.json('GET', `/orders/${id}`)).body.data;
    expect(order.photo_requests).toEqual([{ ...asked.body.data, answered_at: expect.any(String) }]);
    expect((await c.json('POST', `/orders/${id}/photo_requests`)).status).toBe(201);
  });
});
