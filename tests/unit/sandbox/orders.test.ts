import type { RunningSandbox } from '../../../sandbox/src/server';
import { Client, goodPng, OTHER, orderForm, paddedPng, pngOfSize, start, type Json } from './helpers';

let sandbox: RunningSandbox;
let c: Client;
let other: Client;
let anon: Client;
let homeId: number;
let orders: Json[];

const byStatus = (status: string) => orders.find((o) => o.status === status);

beforeAll(async () => {
  sandbox = await start();
  c = new Client(sandbox.url);
  other = new Client(sandbox.url);
  anon = new Client(sandbox.url);
  await c.login();
  await other.login(OTHER);
  homeId = (await c.json('GET', '/addresses')).body.data[0].id;
  orders = (await c.json('GET', '/orders?per=100')).body.data;
});
afterAll(() => sandbox.close());

/** The stand-in PayFast page (GET), or one of its buttons pressed; Confirm reports the amount the page shows, as PayFast's ITN does. */
async function standIn(location: string, action = ''): Promise<Response> {
  const path = location.replace(sandbox.url, '');
  if (!action) return c.call('GET', path);
  const amount = action === '/confirm' ? /name="amount_gross" value="([\d.]+)"/.exec(await (await c.call('GET', path)).text())?.[1] : undefined;
  return c.call('POST', `${path}${action}`, amount ? `amount_gross=${amount}` : '', { 'Content-Type': 'application/x-www-form-urlencoded' });
}

const product = (over: Record<string, unknown> = {}) => ({
  name: 'Shoes', description: 'https://www.nike.com/t/shoe', quantity: '2', comment: 'UK 7', screenshot: goodPng(), ...over,
});

describe('seeded orders', () => {
  it('cover every status with the wire shape', async () => {
    const statuses = orders.map((o) => o.status);
    for (const s of ['placed', 'processing', 'paid', 'goods purchased', 'in transit', 'arrived in SA', 'delivered', 'returning', 'returned']) {
      expect(statuses).toContain(s);
    }
    expect(orders.filter((o) => o.status === 'delivered' && o.order_type === 'normal').map((o) => o.portal.id).sort()).toEqual([1, 4]);
    const processing = byStatus('processing');
    expect(Object.keys(processing).sort()).toEqual([
      'address', 'created_at', 'delivery_date', 'id', 'order_type', 'parent_order_id', 'payment_status', 'pickup', 'portal', 'products', 'quote', 'return', 'shipping', 'status', 'total_items', 'user',
    ]);
    expect(processing.user).toEqual({ first_name: 'Thandi', last_name: 'Nkosi' });
    // With the demo shopper's store credit, as the quote of an order they can pay carries it (issue 56).
    expect(processing.quote).toEqual({ fees: 260, service_fee: 185, sub_total: 1415, total_vat: 212.25, total: 1627.25, quoted_at: expect.any(String), credit: { balance: 1203.5 } });
    expect(processing.products[0]).toEqual({
      id: expect.any(Number), order_id: processing.id, name: 'Linen shirt', description: expect.stringMatching(/^https:\/\//), quantity: 1, comment: 'Size M',
      cost_price: 650, customs_price: 95, delivery_price: 80, service_fee: 92.5, screenshot: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/\w+\.png\?expires=\d+&signature=[\w-]+$/),
    });
    expect(byStatus('placed').quote).toBeNull();
    const returning = byStatus('returning');
    expect(returning).toMatchObject({ order_type: 'return', parent_order_id: expect.any(Number), return: { product_id: expect.any(Number), return_quantity: 1 } });
    const shot = await fetch(processing.products[0].screenshot);
    expect(shot.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shot.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
  });

  it('filter by type, comma-separated status and portal, with paging', async () => {
    const ids = async (q: string) => (await c.json('GET', `/orders?${q}`)).body.data.map((o: Json) => o.status);
    expect((await ids('status=placed,processing')).sort()).toEqual(['placed', 'processing', 'processing', 'processing']);
    expect(await ids('type=return&status=returning')).toEqual(['returning']);
    expect(await ids('type=return&status=returned')).toEqual(['returned']);
    expect(await ids('type=normal&status=delivered&portal=4')).toEqual(['delivered']);
    expect((await ids('type=normal')).every((s: string) => !s.startsWith('return'))).toBe(true);
    const page = await c.json('GET', '/orders?per=3&page=2');
    expect(page.body.data).toHaveLength(3);
    expect(page.body.meta).toEqual({ current_page: 2, total_pages: Math.ceil(orders.length / 3), total_count: orders.length });
    expect((await c.json('GET', '/orders?type=weird')).status).toBe(422);
    expect((await c.json('GET', '/orders?status=lost')).status).toBe(422);
    expect((await c.json('GET', '/orders?portal=abc')).status).toBe(422);
  });
});

describe('POST /orders', () => {
  it('creates an order from multipart (201) and serves the screenshot back', async () => {
    const res = await c.json('POST', '/orders', orderForm({ portal: '3', address: String(homeId) }, [product(), product({ name: 'Socks', quantity: '1' })]));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      id: expect.any(Number), portal: { id: 3, name: 'Nike' }, order_type: 'normal', status: 'placed', total_items: 3, quote: null,
      address: { id: homeId }, return: null, parent_order_id: null,
    });
    const shot = await fetch(res.body.data.products[0].screenshot);
    expect(shot.status).toBe(200);
    expect((await shot.arrayBuffer()).byteLength).toBeGreaterThanOrEqual(50_000);
    const raw = (await c.json('GET', `/__sandbox/orders/${res.body.data.id}`)).body.data;
    expect(raw.products[0].screenshot_bytes).toBeGreaterThanOrEqual(50_000);
  });

  it('rejects bad uploads with the spec messages', async () => {
    const cases: [Blob | undefined, string, string][] = [
      [undefined, 'no file', 'Image is required.'],
      [new Blob(['just text, not an image']), 'notes.png', '.jpg, .jpeg, .png and .webp files are accepted.'],
      [new Blob([Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(60_000)])]), 'anim.gif', '.jpg, .jpeg, .png and .webp files are accepted.'],
      [pngOfSize(20_000), 'small.png', 'Min file size is 50KB.'],
      [paddedPng(11_000_000), 'huge.png', 'Max file size is 10MB.'],
    ];
    for (const [file, fileName, message] of cases) {
      const res = await c.json('POST', '/orders', orderForm({ portal: '3', address: String(homeId) }, [product({ screenshot: file, fileName })]));
      expect(res.status, fileName).toBe(422);
      expect(res.body.error).toBe(message);
      expect(res.body.errors.screenshot).toEqual([message]);
      expect(res.body.errors['products[0].screenshot']).toEqual([message]);
    }
  });

  it('accepts jpeg and webp by magic bytes, whatever the name', async () => {
    const jpeg = new Blob([Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60_000)])]);
    const webp = Buffer.alloc(60_000);
    webp.write('RIFF', 0, 'ascii');
    webp.write('WEBPVP8 ', 8, 'ascii');
    const res = await c.json('POST', '/orders', orderForm({ portal: '1', address: String(homeId) }, [
      product({ screenshot: jpeg, fileName: 'photo.txt' }), product({ screenshot: new Blob([webp]), fileName: 'x' }),
    ]));
    expect(res.status).toBe(201);
    const types = await Promise.all(res.body.data.products.map(async (p: Json) => (await fetch(p.screenshot)).headers.get('content-type')));
    expect(types).toEqual(['image/jpeg', 'image/webp']);
  });

  it('validates portal, address, products, URL and quantity', async () => {
    const res = await c.json('POST', '/orders', orderForm({ portal: '0' }, []));
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({ portal_id: ['Must select a Portal'], address_id: ['Address required'], products: ['Add at least one product'] });
    const fields = await c.json('POST', '/orders', orderForm({ portal: '99', address: String(homeId) }, [product({ description: 'ftp://x', quantity: '0' }), product({ quantity: '1.5' })]));
    expect(fields.body.errors).toMatchObject({
      portal_id: ['Must select a Portal'],
      'products[0].description': ['Must be a valid URL'],
      'products[0].quantity': ['Must be at least 1'],
      'products[1].quantity': ['Must be at least 1'],
      description: ['Must be a valid URL'],
    });
    const notMine = (await other.json('GET', '/addresses')).body.data[0].id;
    expect((await c.json('POST', '/orders', orderForm({ portal: '3', address: String(notMine) }, [product()]))).body.errors.address_id).toEqual(['Address required']);
    expect(await c.json('POST', '/orders', { order: {} })).toEqual({ status: 400, body: { error: 'Expected a multipart/form-data body' } });
    expect((await anon.call('POST', '/orders', orderForm({ portal: '3' }, [product()]))).status).toBe(401);
  });

  it('stores SQL-looking strings verbatim', async () => {
    const name = "x'); DELETE FROM orders; --";
    const comment = '1 OR 1=1; DROP TABLE products';
    const res = await c.json('POST', '/orders', orderForm({ portal: '2', address: String(homeId) }, [product({ name, comment, description: "https://www.asos.com/?q=' OR ''='" })]));
    const fetched = await c.json('GET', `/orders/${res.body.data.id}`);
    expect(fetched.body.data.products[0]).toMatchObject({ name, comment, description: "https://www.asos.com/?q=' OR ''='" });
    expect((await c.json('GET', '/orders?per=100')).body.meta.total_count).toBeGreaterThan(orders.length);
  });
});

describe('one order', () => {
  it('shows, lists products and cost summary; 404 for unknown or foreign ids', async () => {
    const processing = byStatus('processing');
    expect((await c.json('GET', `/orders/${processing.id}`)).body.data.id).toBe(processing.id);
    expect((await c.json('GET', `/orders/${processing.id}/products`)).body.data).toHaveLength(2);
    expect((await c.json('GET', `/orders/${processing.id}/cost_summary`)).body.data.total).toBe(1627.25);
    expect((await c.json('GET', `/orders/${byStatus('placed').id}/cost_summary`)).body).toEqual({ data: null });
    for (const path of [`/orders/${processing.id}`, `/orders/${processing.id}/products`, `/orders/${processing.id}/cost_summary`, `/products/${processing.products[0].id}`]) {
      expect(await other.json('GET', path), path).toEqual({ status: 404, body: { error: 'Not found' } });
    }
    expect((await c.json('GET', '/orders/999999')).status).toBe(404);
    expect((await c.json('GET', '/orders/1e3')).status).toBe(404);
    expect((await anon.call('GET', `/orders/${processing.id}`)).status).toBe(401);
  });

  it('changes the address of an open order only', async () => {
    const placed = byStatus('placed');
    const cape = (await c.json('GET', '/addresses')).body.data[1].id;
    expect((await c.json('PATCH', `/orders/${placed.id}`, { order: { address: cape } })).body.data.address.id).toBe(cape);
    expect((await c.json('PATCH', `/orders/${placed.id}`, { order: { address: 'x' } })).status).toBe(422);
    expect((await c.json('PATCH', `/orders/${byStatus('delivered').id}`, { order: { address: cape } })).status).toBe(422);
    expect((await other.json('PATCH', `/orders/${placed.id}`, { order: { address: cape } })).status).toBe(404);
  });

  it('removes and restores products, recomputing the quote', async () => {
    const processing = byStatus('processing');
    const [first, second] = processing.products;
    const removed = await c.json('DELETE', `/products/${second.id}`);
    expect(removed.body).toEqual({ data: { id: second.id, name: 'Canvas tote' } });
    const quote = (await c.json('GET', `/orders/${processing.id}/cost_summary`)).body.data;
    expect(quote).toEqual({ fees: 175, service_fee: 185, sub_total: 1010, total_vat: 151.5, total: 1161.5, quoted_at: expect.any(String), credit: { balance: 1203.5 } });
    expect((await c.json('GET', `/products/${first.id}`)).body.data.service_fee).toBe(185);
    const last = await c.json('DELETE', `/products/${first.id}`);
    expect(last.status).toBe(422);
    expect(last.body.error).toEqual(expect.any(String));
    expect(await other.json('POST', `/products/${second.id}/restore`)).toEqual({ status: 404, body: { error: 'Not found' } });
    expect((await c.json('GET', `/orders/${processing.id}/products`)).body.data.map((p: Json) => p.id)).toEqual([first.id]);
    expect((await c.json('POST', `/products/${second.id}/restore`)).body.data.name).toBe('Canvas tote');
    expect((await c.json('GET', `/orders/${processing.id}/cost_summary`)).body.data.total).toBe(1627.25);
    const paid = byStatus('paid');
    expect((await c.json('DELETE', `/products/${paid.products[0].id}`)).status).toBe(422);
    expect((await other.json('DELETE', `/products/${first.id}`)).status).toBe(404);
    expect((await c.json('GET', '/products/999999')).status).toBe(404);
  });
});

describe('returns', () => {
  const returnForm = (fields: Record<string, string>, photo?: Blob) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (photo) form.append('return_photo', photo, 'photo.png');
    return form;
  };

  it('creates a return order from a delivered order and completes it', async () => {
    const delivered = orders.find((o) => o.status === 'delivered' && o.portal.id === 4);
    const item = delivered.products[1];
    const res = await c.json('POST', `/orders/${delivered.id}/return_order`, returnForm({ id: String(delivered.id), product_id: String(item.id), return_quantity: '1', return_reason: 'Too small' }, goodPng()));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      order_type: 'return', status: 'returning', parent_order_id: delivered.id, total_items: 1,
      return: { product_id: item.id, return_quantity: 1, return_reason: 'Too small', return_photo: expect.stringContaining('/uploads/') },
    });
    expect(await other.json('GET', `/orders/${res.body.data.id}/complete_return_order`)).toEqual({ status: 404, body: { error: 'Not found' } });
    expect((await c.json('GET', `/orders/${res.body.data.id}`)).body.data.status).toBe('returning');
    const done = await c.json('GET', `/orders/${res.body.data.id}/complete_return_order`);
    expect(done.body.data.status).toBe('returned');
    // A second mark (a retry after a timed-out first one) answers as the first did.
    const again = await c.json('GET', `/orders/${res.body.data.id}/complete_return_order`);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: res.body.data.id, status: 'returned' });
    expect((await c.json('GET', `/orders/${delivered.id}/complete_return_order`)).status).toBe(422);
  });

  it('validates returns', async () => {
    const delivered = orders.find((o) => o.status === 'delivered' && o.portal.id === 1);
    const item = delivered.products[1];
    const post = (id: number, fields: Record<string, string>, photo?: Blob) => c.json('POST', `/orders/${id}/return_order`, returnForm(fields, photo));
    expect((await post(byStatus('paid').id, { product_id: String(item.id), return_quantity: '1' }, goodPng())).status).toBe(422);
    const tooMany = await post(delivered.id, { product_id: String(item.id), return_quantity: '3' }, goodPng());
    expect(tooMany.body.errors.return_quantity).toEqual(['Must be at most 2']);
    const foreign = await post(delivered.id, { product_id: String(byStatus('placed').products[0].id), return_quantity: '1' }, goodPng());
    expect(foreign.body.errors.product_id).toEqual(['Item is required']);
    const noPhoto = await post(delivered.id, { product_id: String(item.id), return_quantity: '1' });
    expect(noPhoto.body.errors.return_photo).toEqual(['Image is required.']);
    const textPhoto = await post(delivered.id, { product_id: String(item.id), return_quantity: '1' }, new Blob(['hello']));
    expect(textPhoto.body.errors.return_photo).toEqual(['.jpg, .jpeg, .png and .webp files are accepted.']);
    expect((await other.json('POST', `/orders/${delivered.id}/return_order`, returnForm({ product_id: String(item.id), return_quantity: '1' }, goodPng()))).status).toBe(404);
  });
});

describe('quotes and payment', () => {
  it('pays a quoted processing order with a valid own card', async () => {
    const created = await c.json('POST', '/orders', orderForm({ portal: '5', address: String(homeId) }, [product()]));
    const id = created.body.data.id;
    const card = (await c.json('GET', '/cards')).body.data[0].id;
    expect((await c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card } })).status).toBe(422);
    const quoted = await c.json('POST', `/__sandbox/orders/${id}/quote`, { cost: 1000, customs: 100, delivery: 50 });
    expect(quoted.body.data).toMatchObject({ status: 'processing', quote: { fees: 300, service_fee: 185, sub_total: 2485, total_vat: 372.75, total: 2857.75, quoted_at: expect.any(String) } });
    const otherCard = (await other.json('GET', '/cards')).body.data[0].id;
    expect((await c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: otherCard } })).status).toBe(404);
    expect((await c.json('POST', `/orders/${id}/create_card_payment`, { order: {} })).body.errors.card_id).toEqual(['Must select a card']);
    const pending = (await c.json('POST', '/cards', { card: { card_name: 'Pending' } })).body.data.id;
    expect((await c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: pending } })).status).toBe(422);
    const paid = await c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card } });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', order: { id, status: 'paid' } });
    expect((await c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card } })).status).toBe(422);
    expect((await other.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: otherCard } })).status).toBe(404);
  });

  it('with the redirect flow, pays only once the shopper confirms on the stand-in PayFast page, and goes back only to the site', async () => {
    const quotedOrder = async () => {
      const id = (await c.json('POST', '/orders', orderForm({ portal: '5', address: String(homeId) }, [product()]))).body.data.id;
      await c.json('POST', `/__sandbox/orders/${id}/quote`, { cost: 100 });
      return id;
    };
    const card = (await c.json('GET', '/cards')).body.data[0].id;
    expect((await c.json('POST', '/__sandbox/payment-flow', { email: 'shopper@example.com', flow: 'redirect' })).body.data.flow).toBe('redirect');
    const site = 'http://127.0.0.1:4321';
    const pay = (id: number, back: Record<string, string> = {}) => c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card, ...back } });
    const statusOf = async (id: number) => (await c.json('GET', `/orders/${id}`)).body.data.status;

    const confirmed = await quotedOrder();
    const pending = await pay(confirmed, { return_url: `${site}/quote-payment/${confirmed}/?success=true`, cancel_url: `${site}/quote-payment/${confirmed}/?cancel=true` });
    expect(pending.body.data).toMatchObject({ status: 'pending', location: expect.stringMatching(/\/stand-in\/payfast\/payments\/[\w-]{24,}$/), order: { id: confirmed, status: 'processing' } });
    const location: string = pending.body.data.location;
    expect(await statusOf(confirmed)).toBe('processing');
    const page = await standIn(location);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Confirm payment');
    const back = await standIn(location, '/confirm');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${site}/quote-payment/${confirmed}/?success=true`);
    expect(await statusOf(confirmed)).toBe('paid');
    expect((await standIn(location, '/confirm')).status).toBe(404);

    const cancelled = await quotedOrder();
    const elsewhere = await pay(cancelled, { return_url: 'https://evil.example/x', cancel_url: 'https://evil.example/y' });
    const cancel = await standIn(elsewhere.body.data.location, '/cancel');
    expect(cancel.headers.get('location')).toBe(`${site}/quote-payment/${cancelled}/?cancel=true`);
    expect(await statusOf(cancelled)).toBe('processing');
    expect((await c.json('POST', '/__sandbox/payment-flow', { email: 'shopper@example.com', flow: null })).body.data.flow).toBe('direct');
    expect((await pay(cancelled)).body.data.status).toBe('paid');
  });

  it("pays on PayFast's own page with no saved card: paid, cancelled or failed there, the order's payment_status says which, and it goes back only to the site", async () => {
    const site = 'http://127.0.0.1:4321';
    const quotedOrder = async () => {
      const id = (await c.json('POST', '/orders', orderForm({ portal: '5', address: String(homeId) }, [product()]))).body.data.id;
      await c.json('POST', `/__sandbox/orders/${id}/quote`, { cost: 100 });
      return id;
    };
    const back = (id: number) => ({ return_url: `${site}/quote-payment/${id}/?success=true`, cancel_url: `${site}/quote-payment/${id}/?cancel=true` });
    const hosted = (id: number, order: Record<string, string> = back(id)) => c.json('POST', `/orders/${id}/create_hosted_payment`, { order });
    const orderOf = async (id: number) => (await c.json('GET', `/orders/${id}`)).body.data;

    const placed = (await c.json('POST', '/orders', orderForm({ portal: '5', address: String(homeId) }, [product()]))).body.data.id;
    expect((await hosted(placed)).status).toBe(422);
    const paid = await quotedOrder();
    expect((await other.json('POST', `/orders/${paid}/create_hosted_payment`, { order: back(paid) })).status).toBe(404);
    const pending = await hosted(paid);
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({ status: 'pending', location: expect.stringMatching(/\/stand-in\/payfast\/payments\/[\w-]{24,}$/), order: { id: paid, status: 'processing', payment_status: 'pending' } });
    const page = await standIn(pending.body.data.location);
    expect(await page.text()).toContain('Instant EFT, SnapScan');
    const confirmed = await standIn(pending.body.data.location, '/confirm');
    expect(confirmed.headers.get('location')).toBe(`${site}/quote-payment/${paid}/?success=true`);
    expect(await orderOf(paid)).toMatchObject({ status: 'paid', payment_status: 'paid' });

    const cancelled = await quotedOrder();
    const cancel = await standIn((await hosted(cancelled, { return_url: 'https://evil.example/x', cancel_url: 'https://evil.example/y' })).body.data.location, '/cancel');
    expect(cancel.headers.get('location')).toBe(`${site}/quote-payment/${cancelled}/?cancel=true`);
    expect(await orderOf(cancelled)).toMatchObject({ status: 'processing', payment_status: 'cancelled' });

    const failed = await quotedOrder();
    const location = (await hosted(failed)).body.data.location;
    const fail = await standIn(location, '/fail');
    expect(fail.status).toBe(303);
    expect(fail.headers.get('location')).toBe(`${site}/quote-payment/${failed}/?success=true`);
    expect(await orderOf(failed)).toMatchObject({ status: 'processing', payment_status: 'failed' });
    expect((await standIn(location, '/confirm')).status).toBe(404);
    expect((await standIn((await hosted(failed)).body.data.location, '/confirm')).status).toBe(303);
    expect(await orderOf(failed)).toMatchObject({ status: 'paid', payment_status: 'paid' });
  });

  it('moves statuses through the control endpoint', async () => {
    const placed = byStatus('placed');
    expect((await c.json('POST', `/__sandbox/orders/${placed.id}/status`, { status: 'in transit' })).body.data.status).toBe('in transit');
    expect((await c.json('POST', `/__sandbox/orders/${placed.id}/status`, { status: 'lost' })).status).toBe(422);
    expect((await c.json('POST', `/__sandbox/orders/${placed.id}/quote`, {})).status).toBe(422);
  });
});
