import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '../../../sandbox/src/server';
import { Client, OTHER, SHOPPER, type Json } from './helpers';
import { runAdmin } from './processes';

let dir: string;
let env: Record<string, string>;
const admin = (...args: string[]) => runAdmin(args, env);
const json = async (...args: string[]): Promise<Json> => {
  const result = await admin(...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};
/** The sandbox over the same file, in this process, for what only the API can do or show. */
const withApi = async (use: (url: string) => Promise<void>) => {
  const api = await startSandbox({ db: env.SANDBOX_DB ?? '', port: 0, quiet: true, shape: 'envelope' });
  try {
    await use(api.url);
  } finally {
    await api.close();
  }
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-admin-'));
  env = { SANDBOX_DB: path.join(dir, 'sandbox.db') };
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Each command is a fresh tsx process (a second or more on a busy machine).
describe('npm run sandbox:admin (admin.ts) on a SANDBOX_DB file', { timeout: 60_000 }, () => {
  it('seeds a new file, then lists orders of one user', async () => {
    expect(fs.existsSync(env.SANDBOX_DB ?? '')).toBe(false);
    const orders = await json('orders', SHOPPER.email);
    // 12 before issue 57 added an order at the warehouse to ship together and a pickup order.
    expect(orders).toHaveLength(14);
    expect(orders.every((o: Json) => o.email === SHOPPER.email)).toBe(true);
    expect(orders.find((o: Json) => o.id === 1)).toMatchObject({ portal: 'Amazon', order_type: 'normal', status: 'placed', items: 3, total: null });
    expect(await json('orders')).toHaveLength(15);
  });

  it('issues a quote with VAT at 15 % that the cost summary then shows', async () => {
    // Order 1: one Kindle and two chargers.
    const quoted = await json('quote', '1', '--cost', '100,250', '--customs', '20', '--delivery', '30', '--fee', '185');
    const quote = { fees: 150, service_fee: 185, sub_total: 935, total_vat: 140.25, total: 1075.25, quoted_at: expect.any(String) };
    expect(quoted).toEqual({ order_id: 1, status: 'processing', quote });
    expect(quoted.quote.total_vat).toBeCloseTo(quoted.quote.sub_total * 0.15, 2);
    await withApi(async (url) => {
      const c = new Client(url);
      await c.login();
      // The demo shopper's store credit rides on the quote of an order they can pay (issue 56).
      expect((await c.json('GET', '/orders/1/cost_summary')).body).toEqual({ data: { ...quote, credit: { balance: 1203.5 } } });
    });
    const bad = await admin('quote', '1', '--cost', 'lots');
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr).toContain('--cost needs numbers');
  });

  it('moves an order to any status of its type', async () => {
    expect(await json('status', '1', 'in', 'transit')).toEqual({ order_id: 1, status: 'in transit' });
    expect((await json('orders', SHOPPER.email)).find((o: Json) => o.id === 1).status).toBe('in transit');
    const wrong = await admin('status', '1', 'lost');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Status must be one of: placed, processing');
    expect((await admin('status', '999', 'paid')).stderr).toContain('Not found');
  });

  it('offers and withdraws shipping speeds and insurance, declares a product (refusing a value above its price) and adds a warehouse photo', async () => {
    // Order 2 is the seed's quoted ASOS order; order 4 its goods purchased Sephora order.
    expect(await json('shipping', '2', 'express', '--label', 'Express', '--price', '350', '--days', '3-5')).toEqual({
      order_id: 2, shipping_options: [{ id: 'express', label: 'Express', price: 350, min_days: 3, max_days: 5 }],
    });
    expect(await json('shipping', '2', 'express', '--withdraw')).toEqual({ order_id: 2, shipping_options: [] });
    expect(await json('insurance', '2', '--rate', '2', '--minimum', '50')).toMatchObject({ order_id: 2, insurance: { rate_percent: 2, minimum_premium: 50, premium: 50 } });
    expect(await json('insurance', '2', '--withdraw')).toEqual({ order_id: 2, insurance: null });
    const products: Record<string, Json[]> = {};
    await withApi(async (url) => {
      const c = new Client(url);
      await c.login();
      for (const id of ['2', '4']) products[id] = (await c.json('GET', `/orders/${id}/products`)).body.data;
    });
    const shirt = products['2']?.[0];
    expect(await json('declare', String(shirt.id), '--description', 'Linen shirt', '--value', '650', '--origin', 'PT')).toEqual({
      product_id: shirt.id, declaration: { description: 'Linen shirt', declared_value: 650, country_of_origin: 'PT' },
    });
    const tooHigh = await admin('declare', String(shirt.id), '--description', 'Linen shirt', '--value', '651', '--origin', 'PT');
    expect(tooHigh.code).toBe(1);
    expect(tooHigh.stderr).toContain("Declared value can't be more than the product's price (R650.00)");
    const serum = products['4']?.[0];
    expect((await json('photo', '4', String(serum.id))).warehouse_photos).toEqual([
      { id: expect.any(Number), product_id: serum.id, url: expect.stringContaining('/uploads/'), alt: 'Vitamin C serum', taken_at: expect.any(String) },
    ]);
  });

  it('prints reset and unlock tokens that work, and lists the outbox', async () => {
    expect(await json('tokens')).toEqual([]);
    await withApi(async (url) => {
      const c = new Client(url);
      await c.json('POST', '/users/forgot_password', { user: { email: SHOPPER.email } });
      await c.json('POST', '/email/contact_us', { contact: { email: 'visitor@example.com', first_name: 'V', last_name: 'W', mobile: '0821234567', query_title: 'Hi', query_body: 'Where?' } });
    });
    expect(await json('lock', OTHER.email)).toEqual({ email: OTHER.email, revoked: expect.any(Number) });
    const tokens = await json('tokens');
    expect(tokens).toEqual([
      { kind: 'unlock', token: expect.any(String), email: OTHER.email, created_at: expect.any(String), used_at: null },
      { kind: 'reset', token: expect.any(String), email: SHOPPER.email, created_at: expect.any(String), used_at: null },
    ]);
    await withApi(async (url) => {
      const c = new Client(url);
      expect((await c.json('POST', '/users/unlock_account', { user: { token: tokens[0].token } })).status).toBe(200);
      await c.login(OTHER);
      const reset = await c.json('POST', '/users/reset_password', { user: { token: tokens[1].token, password: 'Changed#2026', confirm_password: 'Changed#2026' } });
      expect(reset.status).toBe(200);
    });

    const outbox = await json('outbox');
    expect(outbox.slice(0, 4).map((m: Json) => m.kind)).toEqual(['unlock', 'contact_us', 'reset_password', 'quote']);
    expect(outbox[3]).toMatchObject({ recipient: SHOPPER.email, subject: 'Your quote for order 1', payload: { order_id: 1, quote: { total_vat: 140.25 } } });
    expect(outbox[2].payload.token).toBe(tokens[1].token);
    expect(outbox[1].payload).toMatchObject({ email: 'visitor@example.com', query_body: 'Where?' });
  });

  it("records an order's events and courier, moves its expected delivery and runs the late check", async () => {
    // Order 5 is the seed's order in transit, order 4 its goods purchased Sephora order (its window not passed yet).
    const landed = await json('event', '5', 'landed', '--description', 'Landed at King Shaka International', '--at', '2026-11-20T06:00:00Z');
    expect(landed.tracking_events.find((e: Json) => e.occurred_at.startsWith('2026-11-20'))).toEqual({ id: expect.any(Number), status: 'in transit', kind: 'landed', description: 'Landed at King Shaka International', occurred_at: '2026-11-20T06:00:00.000Z' });
    expect((await admin('event', '5', 'delivered')).stderr).toContain('has not reached');
    expect(await json('courier', '5', '--name', 'PUDO', '--waybill', 'PUDO123', '--url', 'https://pudo.co.za/track')).toEqual({
      order_id: 5, courier: { name: 'PUDO', waybill: 'PUDO123', tracking_url: 'https://pudo.co.za/track' },
    });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const moved = await json('deliver-by', '4', day(-3), day(-2), '--reason', 'Held for a customs inspection');
    expect(moved).toMatchObject({ order_id: 4, expected_delivery: { from: day(-3), to: day(-2), reason: 'Held for a customs inspection', late: true }, told: null });
    expect(await json('late-check')).toEqual([{ order_id: 4, channel: 'email', pushed: 0, expected_to: day(-2) }]);
    expect(await json('late-check')).toEqual([]);
  });

  it('restores a closed account, whose owner can then sign in again', async () => {
    await withApi(async (url) => {
      const c = new Client(url);
      await c.login(OTHER);
      const { id } = (await c.json('GET', '/users/show_details')).body.data;
      expect((await c.json('DELETE', `/users/${id}`, { user: { current_password: OTHER.password } })).body.data.archived_at).toEqual(expect.any(String));
      await expect(new Client(url).login(OTHER)).rejects.toThrow('login failed 400');
    });
    expect(await json('restore', OTHER.email)).toMatchObject({ email: OTHER.email, archived_at: null });
    await withApi((url) => new Client(url).login(OTHER).then(() => undefined));
  });

  it('prints the usage and exits with 1 on a bad or missing command', async () => {
    for (const args of [['frobnicate'], []]) {
      const result = await admin(...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stdout).toContain('Usage: npm run sandbox:admin -- <command>');
      expect(result.stdout).toContain('quote <orderId>');
    }
    const noId = await admin('quote', 'abc');
    expect(noId.code).toBe(1);
    expect(noId.stderr).toContain('orderId must be a positive integer');
  });
});
