import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../sandbox/src/db';
import { createSandbox, type RunningSandbox } from '../../../sandbox/src/server';
import { uploadUrl } from '../../../sandbox/src/uploads';
import { Client, orderForm, pngOfSize, start } from './helpers';
import { startMain, type MainProcess } from './processes';

let sandbox: RunningSandbox;
let c: Client;
let anon: Client;

beforeAll(async () => {
  sandbox = await start();
  c = new Client(sandbox.url);
  anon = new Client(sandbox.url);
  await c.login();
});
afterAll(() => sandbox.close());

const PROTECTED: [string, string][] = [
  ['GET', '/users/show_details'], ['GET', '/users'], ['GET', '/users/archived'], ['GET', '/users/1'], ['PATCH', '/users/1'],
  ['DELETE', '/users/1'], ['PATCH', '/users/1/restore'], ['GET', '/addresses'], ['POST', '/addresses'], ['DELETE', '/addresses/1'],
  ['POST', '/addresses/1/restore'], ['GET', '/portals/portals_with_orders'], ['GET', '/orders'], ['POST', '/orders'], ['GET', '/orders/1'],
  ['PATCH', '/orders/1'], ['GET', '/orders/1/products'], ['GET', '/orders/1/cost_summary'], ['POST', '/orders/1/return_order'],
  ['GET', '/orders/1/complete_return_order'], ['POST', '/orders/1/create_card_payment'], ['GET', '/products/1'], ['DELETE', '/products/1'],
  ['POST', '/products/1/restore'], ['POST', '/payments'], ['GET', '/cards'], ['POST', '/cards'], ['POST', '/cards/1'], ['DELETE', '/cards/1'],
];

describe('errors and plumbing', () => {
  it('answers every protected route with an empty 401 without a token', async () => {
    for (const [method, route] of PROTECTED) {
      const res = await anon.call(method, route, method === 'GET' ? undefined : {});
      expect(res.status, `${method} ${route}`).toBe(401);
      expect(res.headers.get('www-authenticate')).toBeTruthy();
      expect(await res.text()).toBe('');
    }
  });

  it('answers unknown routes with 404 JSON and malformed JSON with 400', async () => {
    expect(await c.json('GET', '/nowhere')).toEqual({ status: 404, body: { error: 'Not found' } });
    expect(await c.json('GET', '/__nothing')).toEqual({ status: 404, body: { error: 'Not found' } });
    expect(await c.json('POST', '/addresses', '{"address": {"name": "x",')).toEqual({ status: 400, body: { error: 'Malformed JSON' } });
    expect((await c.json('POST', '/cards', 'null')).status).toBe(400);
    expect((await c.json('GET', '/uploads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await c.json('GET', '/uploads/missing.png')).status).toBe(403);
    expect((await fetch(uploadUrl(sandbox.ctx, sandbox.url, 'missing.png') ?? '')).status).toBe(404);
  });

  it('turns unexpected errors into 500 JSON', async () => {
    const local = createSandbox({ db: ':memory:', quiet: true, shape: 'envelope' });
    local.app.get('/boom', () => {
      throw new Error('kaboom');
    });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await local.app.request('/boom');
    spy.mockRestore();
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Internal server error' });
    local.close();
  });

  it('allows CORS from the site origin only', async () => {
    const preflight = await fetch(`${sandbox.url}/api/web/v1/orders`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:4321', 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const denied = await fetch(`${sandbox.url}/api/web/v1/portals`, { headers: { Origin: 'https://evil.example' } });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    const unauthorized = await fetch(`${sandbox.url}/api/web/v1/orders`, { headers: { Origin: 'http://127.0.0.1:4321' } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
  });

  it('answers an 11 MB upload with 422, not a dropped connection', async () => {
    const form = orderForm({ portal: '1', address: '1' }, [{ name: 'x', description: 'https://a.co', quantity: '1', screenshot: new Blob([Buffer.alloc(11_000_000, 1)]) }]);
    const res = await c.json('POST', '/orders', form);
    expect(res.status).toBe(422);
    expect(res.body.errors.screenshot).toEqual(['.jpg, .jpeg, .png and .webp files are accepted.']);
  });
});

describe('fault switches', () => {
  afterEach(async () => {
    await c.json('DELETE', '/__sandbox/faults');
  });

  it('injects statuses, latency and dropped connections on API and token calls', async () => {
    const set = await c.json('POST', '/__sandbox/faults', {
      status: { 'GET /api/web/v1/portals$': 503 },
      latency: { '* /api/web/v1/adverts': 150 },
      drop: { 'POST /oauth/token': true },
    });
    expect(set.body.data.status).toEqual({ 'GET /api/web/v1/portals$': 503 });
    expect(await c.json('GET', '/portals')).toEqual({ status: 503, body: { error: 'Injected fault 503' } });
    const started = Date.now();
    expect((await c.call('GET', '/adverts')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await expect(c.call('POST', '/oauth/token', {})).rejects.toThrow();
    // Control endpoints are never faulted.
    expect((await c.json('GET', '/__sandbox/faults')).status).toBe(200);
    await c.json('DELETE', '/__sandbox/faults');
    expect((await c.call('GET', '/portals')).status).toBe(200);
  });

  it('validates fault bodies', async () => {
    expect((await c.json('POST', '/__sandbox/faults', { status: { 'GET (': 500 } })).status).toBe(422);
    expect((await c.json('POST', '/__sandbox/faults', { status: { 'nonsense': 500 } })).status).toBe(422);
    expect((await c.json('POST', '/__sandbox/faults', { status: { 'GET /x': 200 } })).status).toBe(422);
  });

  it('mounts no control endpoints without faults', async () => {
    const plain = createSandbox({ db: ':memory:', quiet: true, shape: 'envelope' });
    expect((await plain.app.request('/__sandbox/tokens')).status).toBe(404);
    plain.close();
  });
});

describe('control endpoints', () => {
  it('bulk-creates orders and resets to the seed', async () => {
    const seeded = await c.json('POST', '/__sandbox/seed-orders', { email: 'shopper@example.com', count: 300 });
    expect(seeded.body.data.created).toBe(300);
    const list = await c.json('GET', '/orders?per=100&page=2');
    expect(list.body.data).toHaveLength(100);
    expect(list.body.meta.total_count).toBeGreaterThanOrEqual(310);
    expect((await c.json('POST', '/__sandbox/seed-orders', { email: 'ghost@example.com', count: 1 })).status).toBe(404);
    expect((await c.json('POST', '/__sandbox/seed-orders', { email: 'shopper@example.com', count: 0 })).status).toBe(422);
    expect((await c.json('POST', '/__sandbox/reset')).status).toBe(200);
    expect((await c.call('GET', '/orders')).status).toBe(401);
    await c.login();
    expect((await c.json('GET', '/orders?per=100')).body.meta.total_count).toBe(14);
  });
});

describe('persistence', () => {
  const bytes = async (blob: Blob) => Buffer.from(await blob.arrayBuffer());
  const served = async (url: string) => {
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('keeps a new user, address, card, order and return with their uploads across a restart of main.ts on the same SANDBOX_DB', { timeout: 60_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-persist-'));
    const env = { SANDBOX_DB: path.join(dir, 'sandbox.db'), SANDBOX_SHAPE: 'envelope' };
    const shot = pngOfSize(60_000);
    const photo = pngOfSize(80_000);
    let main: MainProcess | undefined;
    try {
      // Faults on for the first run only: the control endpoint delivers the order so it can be returned.
      main = await startMain({ ...env, SANDBOX_FAULTS: '1' });
      const a = new Client(main.url);
      const user = { email: 'persist@example.com', password: 'Persist#2026' };
      const registered = (await a.json('POST', '/users', { user: { first_name: 'Palesa', last_name: 'Q', email: user.email, mobile: '0821234567', birth_date: '1990-01-01', password: user.password } })).body.data;
      await a.login(user);
      const address = (await a.json('POST', '/addresses', { address: { name: 'Flat', address: '9 Main Road', city: 'Durban', province: 'KZN', postal_code: '4001' } })).body.data;
      const pending = (await a.json('POST', '/cards', { card: { card_name: 'Kept card' } })).body;
      expect((await fetch(`${pending.tokenize.location}/complete`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
      const order = (await a.json('POST', '/orders', orderForm({ portal: '6', address: String(address.id) }, [{ name: 'Tent', description: 'https://www.rei.com/tent', quantity: '2', screenshot: shot }]))).body.data;
      expect((await a.json('POST', `/__sandbox/orders/${order.id}/status`, { status: 'delivered' })).status).toBe(200);
      const form = new FormData();
      form.append('product_id', String(order.products[0].id));
      form.append('return_quantity', '1');
      form.append('return_reason', 'Torn');
      form.append('return_photo', photo, 'photo.png');
      const returned = await a.json('POST', `/orders/${order.id}/return_order`, form);
      expect(returned.status).toBe(201);
      await main.stop();
      expect(fs.readdirSync(`${env.SANDBOX_DB}-uploads`).length).toBeGreaterThanOrEqual(2);

      main = await startMain(env);
      const b = new Client(main.url);
      await b.login(user);
      expect((await b.json('GET', '/users/show_details')).body.data).toEqual(registered);
      expect((await b.json('GET', '/addresses')).body.data).toEqual([address]);
      expect((await b.json('GET', '/cards')).body.data).toEqual([expect.objectContaining({ id: pending.data.id, card_name: 'Kept card', is_valid: true })]);
      const again = (await b.json('GET', `/orders/${order.id}`)).body.data;
      expect(again).toMatchObject({ status: 'delivered', address: { id: address.id }, products: [{ name: 'Tent', quantity: 2 }] });
      expect((await served(again.products[0].screenshot)).equals(await bytes(shot))).toBe(true);
      const back = (await b.json('GET', `/orders/${returned.body.data.id}`)).body.data;
      expect(back).toMatchObject({ order_type: 'return', status: 'returning', parent_order_id: order.id, return: { return_quantity: 1, return_reason: 'Torn' } });
      expect((await served(back.return.return_photo)).equals(await bytes(photo))).toBe(true);
      await b.login();
      expect((await b.json('GET', '/orders?per=100')).body.meta.total_count).toBe(14);
    } finally {
      await main?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an older database file', () => {
  it("gets each refresh family's start from its oldest token", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-family-'));
    const file = path.join(dir, 'sandbox.db');
    try {
      const old = openDatabase(file);
      old.exec('ALTER TABLE access_tokens DROP COLUMN family_started_at');
      old.exec("INSERT INTO users (id, first_name, last_name, email, mobile, notification_method, password_hash, created_at) VALUES (1, 'A', 'B', 'a@example.com', '', 'email', '', '2026-01-01')");
      const insert = old.prepare(
        'INSERT INTO access_tokens (user_id, token, refresh_token, expires_in, created_at, family_id) VALUES (1, ?, ?, 7200, ?, ?)',
      );
      insert.run('a1', 'r1', 1_000, 'one');
      insert.run('a2', 'r2', 5_000, 'one');
      insert.run('a3', 'r3', 3_000, 'two');
      old.close();
      const db = openDatabase(file);
      expect(db.prepare('SELECT token, family_started_at FROM access_tokens ORDER BY token').all()).toEqual([
        { token: 'a1', family_started_at: 1_000 },
        { token: 'a2', family_started_at: 1_000 },
        { token: 'a3', family_started_at: 3_000 },
      ]);
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('connections', () => {
  it('keeps an idle kept-alive connection open past Node\'s 5 s, so a client reusing it is not reset', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status?: number; socket: import('node:net').Socket }>((resolve, reject) => {
        http
          .get(`${sandbox.url}/api/web/v1/portals`, { agent }, (res) => {
            const socket = res.socket;
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode, socket }));
          })
          .on('error', reject);
      });
    const first = await get();
    // Node closes an idle connection about 6 s after its last answer (keepAliveTimeout plus its own margin).
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(first.socket.destroyed).toBe(false);
    const second = await get();
    expect(second.status).toBe(200);
    expect(second.socket).toBe(first.socket);
    agent.destroy();
  }, 10_000);
});
