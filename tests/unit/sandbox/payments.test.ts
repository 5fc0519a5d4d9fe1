import type { RunningSandbox } from '../../../sandbox/src/server';
import { Client, goodPng, orderForm, start, type Json } from './helpers';

// Issue 53: every rand paid is the rand quoted. Each payment attempt is bound to the amount and choices it charges.
let sandbox: RunningSandbox;
let c: Client;
let card: number;
let homeId: number;
let workId: number;
const site = 'http://127.0.0.1:4321';

beforeAll(async () => {
  sandbox = await start();
  c = new Client(sandbox.url);
  await c.login();
  card = (await c.json('GET', '/cards')).body.data[0].id;
  const addresses: Json[] = (await c.json('GET', '/addresses')).body.data;
  homeId = addresses[0].id;
  workId = addresses[1].id;
});
afterAll(() => sandbox.close());

const item = (name: string) => ({ name, description: 'https://www.nike.com/t/shoe', quantity: '1', screenshot: goodPng() });

/** A new order quoted at R1000 and R500 per item (customs 100, delivery 50, fee R185): sub_total R1985, total R2282.75. */
async function quotedOrder(hoursAgo = 0): Promise<{ id: number; products: Json[] }> {
  const id = (await c.json('POST', '/orders', orderForm({ portal: '3', address: String(homeId) }, [item('Shoes'), item('Socks')]))).body.data.id;
  await c.json('POST', `/__sandbox/orders/${id}/quote`, { cost: [1000, 500], customs: 100, delivery: 50, hours_ago: hoursAgo });
  return { id, products: (await c.json('GET', `/orders/${id}/products`)).body.data };
}

/** The same order with economy (free) and express (R350) and insurance at 2 %, at least R50 (premium R50 on R1500). */
async function orderWithChoices(): Promise<number> {
  const { id } = await quotedOrder();
  await c.json('POST', `/__sandbox/orders/${id}/shipping-options`, { id: 'economy', label: 'Economy', price: 0, min_days: 8, max_days: 10 });
  await c.json('POST', `/__sandbox/orders/${id}/shipping-options`, { id: 'express', label: 'Express', price: 350, min_days: 3, max_days: 5 });
  await c.json('POST', `/__sandbox/orders/${id}/insurance`, { rate_percent: 2, minimum_premium: 50 });
  return id;
}

const back = (id: number) => ({ return_url: `${site}/quote-payment/${id}/?success=true`, cancel_url: `${site}/quote-payment/${id}/?cancel=true` });
const hosted = async (id: number, extra: Record<string, unknown> = {}): Promise<string> => {
  const res = await c.json('POST', `/orders/${id}/create_hosted_payment`, { order: { ...back(id), ...extra } });
  if (res.status !== 200) throw new Error(`hosted payment ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.location.replace(sandbox.url, '');
};
const payByCard = (id: number, extra: Record<string, unknown> = {}) => c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card, ...extra } });
/** PayFast's page: shown (GET), or its button pressed with the amount PayFast reports taking. */
const page = async (location: string) => {
  const res = await c.call('GET', location);
  return { status: res.status, text: await res.text() };
};
const press = async (location: string, action: 'confirm' | 'cancel' | 'fail', amount?: string) => {
  const res = await c.call('POST', `${location}/${action}`, amount === undefined ? '' : new URLSearchParams({ amount_gross: amount }).toString(), {
    'Content-Type': 'application/x-www-form-urlencoded',
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
};
const orderOf = async (id: number): Promise<Json> => (await c.json('GET', `/orders/${id}`)).body.data;
const paidRow = (id: number) =>
  sandbox.ctx.db.prepare('SELECT paid_amount_cents, paid_attempt_id FROM orders WHERE id = ?').get(id) as { paid_amount_cents: number | null; paid_attempt_id: number | null };

describe('a payment attempt is bound to what it charges', () => {
  it('a newer attempt ends the older one: the older page neither shows nor confirms, and the order records what the paying attempt charged', async () => {
    const id = await orderWithChoices();
    const economy = await hosted(id, { shipping_option_id: 'economy' });
    expect((await page(economy)).text).toContain('R2282.75');
    const express = await hosted(id, { shipping_option_id: 'express', insure: true, insurance_premium: '50' });
    expect(await page(economy)).toMatchObject({ status: 409, text: expect.stringContaining('A newer payment of this order was started.') });
    const stale = await press(economy, 'confirm', '2282.75');
    expect(stale).toMatchObject({ status: 409, text: expect.stringContaining('Nothing was charged.') });
    expect(stale.text).toContain(`href="${site}/quote-payment/${id}/?success=true"`);
    expect(await orderOf(id)).toMatchObject({ status: 'processing', payment_status: 'pending' });

    // Express R350 and the premium R50 on the quote's R1985: R2385 + 15 % VAT = R2742.75.
    expect((await page(express)).text).toContain('R2742.75');
    expect((await press(express, 'confirm', '2742.75')).status).toBe(303);
    expect(await orderOf(id)).toMatchObject({
      status: 'paid',
      payment_status: 'paid',
      checkout: { shipping_option_id: 'express', insured: true, insurance_premium: 50, total: 2742.75 },
    });
    expect(paidRow(id).paid_amount_cents).toBe(274_275);
  });

  it('a product removed or put back, or the address changed, while the shopper is on PayFast ends the attempt: nothing is paid, and the order says so', async () => {
    const { id, products } = await quotedOrder();
    expect((await c.json('DELETE', `/products/${products[1].id}`)).status).toBe(200);
    // Shoes alone: R1000 + R150 fees + R185 = R1335, + VAT R200.25.
    const shoesOnly = await hosted(id);
    expect((await page(shoesOnly)).text).toContain('R1535.25');
    expect((await c.json('POST', `/products/${products[1].id}/restore`)).status).toBe(200);
    const refused = await press(shoesOnly, 'confirm', '1535.25');
    expect(refused).toMatchObject({ status: 409, text: expect.stringContaining('Socks was put back on the order.') });
    expect(await orderOf(id)).toMatchObject({ status: 'processing', payment_status: 'ended' });
    expect(paidRow(id).paid_amount_cents).toBeNull();

    const moved = await hosted(id);
    expect((await c.json('PATCH', `/orders/${id}`, { order: { address: workId } })).status).toBe(200);
    expect((await press(moved, 'confirm', '2282.75')).text).toContain('the shipping address changed.');
    expect((await orderOf(id)).status).toBe('processing');

    const whole = await hosted(id);
    expect((await press(whole, 'confirm', '2282.75')).status).toBe(303);
    expect(await orderOf(id)).toMatchObject({ status: 'paid', quote: { total: 2282.75 } });
    expect(paidRow(id).paid_amount_cents).toBe(228_275);
  });

  it('an operator change of the quote, its speeds, its insurance or a declaration while an attempt is pending ends it', async () => {
    const id = await orderWithChoices();
    const changes: [string, Record<string, unknown>][] = [
      [`/__sandbox/orders/${id}/shipping-options`, { id: 'express', label: 'Express', price: 400, min_days: 3, max_days: 5 }],
      [`/__sandbox/orders/${id}/insurance`, { rate_percent: 3, minimum_premium: 50 }],
      [`/__sandbox/orders/${id}/quote`, { cost: [1000, 500], customs: 100, delivery: 50 }],
    ];
    for (const [path, body] of changes) {
      const location = await hosted(id, { shipping_option_id: 'economy' });
      expect((await c.json('POST', path, body)).status).toBe(200);
      expect((await page(location)).status).toBe(409);
      expect((await orderOf(id)).payment_status).toBe('ended');
    }
  });

  it('an amount PayFast reports differently, or none, is refused and the order stays unpaid; the right amount then pays', async () => {
    const { id } = await quotedOrder();
    const location = await hosted(id);
    expect(await press(location, 'confirm', '1.00')).toMatchObject({ status: 422, text: expect.stringContaining('The amount paid (R1.00) is not the amount of this payment (R2282.75)') });
    expect((await press(location, 'confirm')).status).toBe(422);
    expect((await orderOf(id)).status).toBe('processing');
    expect((await press(location, 'confirm', '2282.75')).status).toBe(303);
    expect((await orderOf(id)).status).toBe('paid');
  });

  it('two tabs paying one order by card at once: one is paid, for one amount, the other refused', async () => {
    const { id } = await quotedOrder();
    const answers = await Promise.all([payByCard(id), payByCard(id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const paid = sandbox.ctx.db.prepare("SELECT COUNT(*) AS n FROM payment_attempts WHERE order_id = ? AND state = 'paid'").get(id) as { n: number };
    expect(paid.n).toBe(1);
    expect(paidRow(id).paid_amount_cents).toBe(228_275);
  });
});

describe("the service keeps the quote's 48 hours", () => {
  it('refuses an expired quote by card and on PayFast\'s page with 422 and the quote page\'s words, and a page that outlived the quote', async () => {
    const { id } = await quotedOrder(49);
    const expired = { error: 'This quote has expired.', errors: { quote: ['This quote has expired.'] } };
    expect(await payByCard(id)).toEqual({ status: 422, body: expired });
    expect(await c.json('POST', `/orders/${id}/create_hosted_payment`, { order: back(id) })).toEqual({ status: 422, body: expired });

    const { id: late } = await quotedOrder(47);
    const location = await hosted(late);
    sandbox.ctx.db.prepare('UPDATE orders SET quoted_at = ? WHERE id = ?').run(new Date(Date.now() - 49 * 3_600_000).toISOString(), late);
    expect(await press(location, 'confirm', '2282.75')).toMatchObject({ status: 422, text: expect.stringContaining('This quote has expired.') });
    expect(await orderOf(late)).toMatchObject({ status: 'processing', payment_status: 'ended' });
  });
});

describe('an old payment page changes nothing once the order is paid', () => {
  it('cancel, decline and confirm on a page the card payment overtook, and on the page that paid, leave the order paid', async () => {
    const { id } = await quotedOrder();
    const overtaken = await hosted(id);
    expect((await payByCard(id)).body.data.status).toBe('paid');
    for (const action of ['cancel', 'fail', 'confirm'] as const) {
      expect((await press(overtaken, action, '2282.75')).status).toBe(409);
    }
    expect(await orderOf(id)).toMatchObject({ status: 'paid', payment_status: 'paid' });

    const { id: second } = await quotedOrder();
    const paidHere = await hosted(second);
    expect((await press(paidHere, 'confirm', '2282.75')).status).toBe(303);
    expect((await page(paidHere)).status).toBe(404);
    for (const action of ['cancel', 'fail', 'confirm'] as const) {
      expect((await press(paidHere, action, '2282.75')).status).toBe(404);
    }
    expect(await orderOf(second)).toMatchObject({ status: 'paid', payment_status: 'paid' });
    expect(paidRow(second).paid_amount_cents).toBe(228_275);
  });
});
