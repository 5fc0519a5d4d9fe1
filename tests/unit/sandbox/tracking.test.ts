import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { checkLateOrders } from '../../../sandbox/src/lateness';
import { settlePushes } from '../../../sandbox/src/push';
import type { RunningSandbox } from '../../../sandbox/src/server';
import { addWorkingDays } from '../../../sandbox/src/tracking';
import { Client, OTHER, SHOPPER, start, type Json } from './helpers';

// Issue 55, sandbox/README.md rule 16: an order's way to the door (status_history, tracking_events, expected_delivery,
// courier) and lateness told once per window on the shopper's channel.

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: crypto.ECDH; authSecret: Buffer }): Buffer;
};

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const TRACKING_KEYS = ['status_history', 'tracking_events', 'expected_delivery', 'courier'];

let sandbox: RunningSandbox;
let c: Client;
let other: Client;
let card: number;

beforeAll(async () => {
  sandbox = await start({ pushReminderSeconds: 0 });
  c = new Client(sandbox.url);
  other = new Client(sandbox.url);
  await c.login();
  await other.login(OTHER);
  card = (await c.json('GET', '/cards')).body.data[0].id;
});
afterAll(() => sandbox.close());

const order = async (id: number, client = c): Promise<Json> => (await client.json('GET', `/orders/${id}`)).body.data;
const control = (path: string, body: unknown = {}) => c.json('POST', `/__sandbox${path}`, body);

/** A new placed order of the demo shopper (one item), quoted; `speeds` offers economy (8-10) and express (3-5). */
async function quotedOrder(speeds = false): Promise<number> {
  const id: number = (await control('/seed-orders', { email: SHOPPER.email, count: 1 })).body.data.first_id;
  expect((await control(`/orders/${id}/quote`, { cost: [1000] })).status).toBe(200);
  if (speeds) {
    await control(`/orders/${id}/shipping-options`, { id: 'economy', label: 'Economy', price: 0, min_days: 8, max_days: 10 });
    await control(`/orders/${id}/shipping-options`, { id: 'express', label: 'Express', price: 350, min_days: 3, max_days: 5 });
  }
  return id;
}

/** A quoted order paid by card (with express when it offers speeds). */
async function paidOrder(speeds = false): Promise<number> {
  const id = await quotedOrder(speeds);
  const res = await c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card, ...(speeds ? { shipping_option_id: 'express' } : {}) } });
  expect(res.status).toBe(200);
  return id;
}

const move = (id: number, status: string) => control(`/orders/${id}/status`, { status });

describe('status history', () => {
  it('records every move with its time: placed at created_at, processing at the quote, paid at payment, then each move', async () => {
    const id = await quotedOrder();
    const quoted = await order(id);
    expect(quoted).not.toHaveProperty('status_history');
    const before = Date.now();
    await c.json('POST', `/orders/${id}/create_card_payment`, { order: { card_id: card } });
    await move(id, 'goods purchased');
    await move(id, 'in transit');
    const history: Json[] = (await order(id)).status_history;
    expect(history.map((s) => s.status)).toEqual(['placed', 'processing', 'paid', 'goods purchased', 'in transit']);
    expect(history[0].at).toBe(quoted.created_at);
    expect(history[1].at).toBe(quoted.quote.quoted_at);
    for (const step of history.slice(2)) expect(Date.parse(step.at)).toBeGreaterThanOrEqual(before - 1000);
    // From the quote on, oldest first (the bulk seed dates its placed orders at 09:15 UTC of today, maybe later than now).
    const times = history.slice(1).map((s) => Date.parse(s.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('a move back forgets the steps after it, so the history is the path that stands', async () => {
    const id = await paidOrder();
    await move(id, 'in transit');
    await move(id, 'goods purchased');
    expect((await order(id)).status_history.map((s: Json) => s.status)).toEqual(['placed', 'processing', 'paid', 'goods purchased']);
  });

  it('a return picked up records its move', async () => {
    const orders: Json[] = (await c.json('GET', '/orders?type=return&status=returning')).body.data;
    const [returning] = orders;
    expect((await c.json('GET', `/orders/${returning.id}/complete_return_order`)).status).toBe(200);
    expect((await order(returning.id)).status_history).toEqual([
      { status: 'return', at: returning.created_at },
      { status: 'returned', at: expect.any(String) },
    ]);
  });
});

describe('the expected delivery window', () => {
  it('counts working days, skipping Saturdays and Sundays', () => {
    expect(addWorkingDays('2026-11-27T10:00:00.000Z', 1)).toBe('2026-11-30'); // Friday -> Monday
    expect(addWorkingDays('2026-11-27T10:00:00.000Z', 3)).toBe('2026-12-02');
    expect(addWorkingDays('2026-11-28', 1)).toBe('2026-11-30'); // Saturday -> Monday
    expect(addWorkingDays('2026-11-30', 12)).toBe('2026-12-16');
  });

  it("is set at payment from the paid checkout's speed, counted from the payment's date; 7 to 12 working days without a speed", async () => {
    const today = new Date().toISOString();
    const express = await paidOrder(true);
    expect((await order(express)).expected_delivery).toEqual({
      from: addWorkingDays(today, 3), to: addWorkingDays(today, 5), reason: null, previous: null, moved_at: null, late: false,
    });
    const plain = await paidOrder();
    expect((await order(plain)).expected_delivery).toMatchObject({ from: addWorkingDays(today, 7), to: addWorkingDays(today, 12), late: false });
  });

  it('moves with a reason, keeping the window it replaced and when it moved', async () => {
    const id = await paidOrder();
    const first = (await order(id)).expected_delivery;
    const res = await control(`/orders/${id}/expected-delivery`, { from: day(20), to: day(24), reason: 'Held for a customs inspection' });
    expect(res.status).toBe(200);
    expect(res.body.data.told).toBeNull();
    expect((await order(id)).expected_delivery).toEqual({
      from: day(20), to: day(24), reason: 'Held for a customs inspection', previous: { from: first.from, to: first.to }, moved_at: expect.any(String), late: false,
    });
  });

  it('refuses days that are not dates, a window ending before it starts, no reason, an unpaid or delivered order', async () => {
    const id = await paidOrder();
    const errors = async (body: Json) => (await control(`/orders/${id}/expected-delivery`, body)).body.errors;
    expect(await errors({ from: '2026-02-30', to: day(3), reason: 'x' })).toEqual({ from: ['must be a date (YYYY-MM-DD)'] });
    expect(await errors({ from: day(5), to: day(3), reason: 'x' })).toEqual({ to: ['must be on or after from'] });
    expect(await errors({ from: day(3), to: day(5) })).toEqual({ reason: ["can't be blank"] });
    const unpaid = await quotedOrder();
    expect((await control(`/orders/${unpaid}/expected-delivery`, { from: day(3), to: day(5), reason: 'x' })).status).toBe(422);
    await move(id, 'delivered');
    expect((await control(`/orders/${id}/expected-delivery`, { from: day(3), to: day(5), reason: 'x' })).status).toBe(422);
    expect((await order(id)).expected_delivery.late).toBe(false);
  });
});

describe('events and the courier', () => {
  it('records events under their step in words a shopper reads, oldest first', async () => {
    const id = await paidOrder();
    await move(id, 'in transit');
    await control(`/orders/${id}/events`, { kind: 'left_warehouse', occurred_at: '2026-11-24T10:00:00+02:00' });
    const res = await control(`/orders/${id}/events`, { kind: 'weighed', description: 'Weighed at the warehouse: 2.4 kg', occurred_at: '2026-11-22T10:00:00Z' });
    expect(res.status).toBe(200);
    expect((await order(id)).tracking_events).toEqual([
      { id: expect.any(Number), status: 'goods purchased', kind: 'weighed', description: 'Weighed at the warehouse: 2.4 kg', occurred_at: '2026-11-22T10:00:00.000Z' },
      { id: expect.any(Number), status: 'in transit', kind: 'left_warehouse', description: 'Left the warehouse', occurred_at: '2026-11-24T08:00:00.000Z' },
    ]);
  });

  it('refuses an unknown kind, a step not reached, an unreadable time, and an unpaid order', async () => {
    const id = await paidOrder();
    const errors = async (body: Json) => (await control(`/orders/${id}/events`, body)).body.errors;
    expect(Object.keys(await errors({ kind: 'teleported' }))).toEqual(['kind']);
    expect(await errors({ kind: 'delivered' })).toEqual({ status: [`is a step order ${id} has not reached (it is paid)`] });
    expect(Object.keys(await errors({ kind: 'received', status: 'paid', occurred_at: 'yesterday' }))).toEqual(['occurred_at']);
    expect((await control(`/orders/${await quotedOrder()}/events`, { kind: 'received' })).status).toBe(422);
  });

  it('sets the courier from in transit on, with its tracking page as given', async () => {
    const id = await paidOrder();
    const courier = { name: 'The Courier Guy', waybill: 'TCG4820193746', tracking_url: 'http://thecourierguy.co.za/track?w=TCG4820193746' };
    expect((await control(`/orders/${id}/courier`, courier)).status).toBe(422);
    await move(id, 'in transit');
    expect((await control(`/orders/${id}/courier`, { ...courier, waybill: '' })).body.errors).toEqual({ waybill: ["can't be blank"] });
    expect((await control(`/orders/${id}/courier`, { ...courier, tracking_url: 'not a link' })).body.errors).toEqual({ tracking_url: ['must be a URL'] });
    expect((await control(`/orders/${id}/courier`, courier)).status).toBe(200);
    expect((await order(id)).courier).toEqual(courier);
  });
});

describe('whose and when', () => {
  it('another shopper gets 404 for the order and its tracking', async () => {
    const id = await paidOrder();
    expect((await other.json('GET', `/orders/${id}`)).status).toBe(404);
    expect(((await other.json('GET', '/orders?per=100')).body.data as Json[]).some((o) => o.id === id)).toBe(false);
  });

  it('an order without any of it keeps exactly today\'s keys; a paid one gains only its history and window', async () => {
    const quoted = await order(await quotedOrder());
    for (const key of TRACKING_KEYS) expect(quoted).not.toHaveProperty(key);
    const paid = await order(await paidOrder());
    expect(TRACKING_KEYS.filter((key) => key in paid)).toEqual(['status_history', 'expected_delivery']);
  });

  it('the keys are the same in the spec dialect: dates as ISO text, nothing turned into a decimal', async () => {
    const orders: Json[] = (await c.json('GET', '/orders?per=100')).body.data;
    const transit = orders.find((o) => o.status === 'in transit' && o.courier);
    const spec = await (await c.call('GET', `/orders/${transit.id}`, undefined, { 'X-Sandbox-Shape': 'spec' })).json();
    for (const key of TRACKING_KEYS) expect(spec[key]).toEqual(transit[key]);
  });
});

describe('lateness, told once per window on the chosen channel', () => {
  /** A browser subscribed on the stand-in push service, and what it received. */
  async function subscribed() {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = crypto.randomBytes(16);
    const token = crypto.randomBytes(12).toString('base64url');
    const keys = { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') };
    expect((await c.json('POST', '/push_subscriptions', { push_subscription: { endpoint: `${sandbox.url}/__sandbox/push-service/${token}`, keys } })).status).toBe(201);
    return async (): Promise<Json[]> => {
      await settlePushes(sandbox.ctx);
      const messages: Json[] = (await c.json('GET', `/__sandbox/push-service?token=${token}`)).body.data;
      return messages.map((m) => JSON.parse(ece.decrypt(Buffer.from(m.body, 'base64'), { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')));
    };
  }
  const lateMail = async (id: number): Promise<Json[]> =>
    ((await c.json('GET', '/__sandbox/outbox')).body.data as Json[]).filter((m) => m.kind === 'order_late' && m.payload.order_id === id);
  const toldOf = async (id: number): Promise<Json[]> => ((await control('/late-check')).body.data as Json[]).filter((n) => n.order_id === id);

  it('says late when the window passed, by push and e-mail once; a moved window that passes is told again', async () => {
    const pushes = await subscribed();
    const id = await paidOrder();
    await settlePushes(sandbox.ctx);
    const seen = (await pushes()).length;
    expect(await toldOf(id)).toEqual([]);
    await control(`/orders/${id}/expected-delivery`, { from: day(-5), to: day(-2), reason: 'Held for a customs inspection' });
    expect((await order(id)).expected_delivery.late).toBe(true);

    expect(await toldOf(id)).toEqual([{ order_id: id, channel: 'email', pushed: 1, expected_to: day(-2) }]);
    expect(await toldOf(id)).toEqual([]);
    const [mail] = await lateMail(id);
    expect(mail).toMatchObject({ channel: 'email', recipient: SHOPPER.email, subject: `Order ${id} is running late`, payload: { expected_to: day(-2), link: expect.stringMatching(new RegExp(`/my-orders/${id}/$`)) } });
    expect((await pushes()).slice(seen)).toEqual([{ kind: 'late', order_id: id, valid_until: expect.any(String), status: 'paid', expected_to: day(-2) }]);

    // Moving a window that had passed tells the new dates at once; the new window, once passed, is told again.
    const moved = await control(`/orders/${id}/expected-delivery`, { from: day(-1), to: day(-1), reason: 'The courier missed the slot' });
    expect(moved.body.data.told).toEqual({ order_id: id, channel: 'email', pushed: 1, expected_to: day(-2), new_from: day(-1), new_to: day(-1) });
    expect(await toldOf(id)).toEqual([{ order_id: id, channel: 'email', pushed: 1, expected_to: day(-1) }]);
    expect(await toldOf(id)).toEqual([]);
    expect((await lateMail(id)).map((m) => m.payload.new_to ?? null)).toEqual([null, day(-1), null]);
  });

  it('tells a shopper who chose WhatsApp by WhatsApp, and never of a delivered order', async () => {
    const id = await paidOrder();
    const delivered = await paidOrder();
    for (const o of [id, delivered]) await control(`/orders/${o}/expected-delivery`, { from: day(-4), to: day(-3), reason: 'Stuck at the hub' });
    await move(delivered, 'delivered');
    sandbox.ctx.db.prepare("UPDATE users SET notification_method = 'whatsapp' WHERE email = ?").run(SHOPPER.email);
    try {
      const told = checkLateOrders(sandbox.ctx).filter((n) => n.order_id === id || n.order_id === delivered);
      expect(told).toEqual([{ order_id: id, channel: 'whatsapp', pushed: expect.any(Number), expected_to: day(-3) }]);
      const [message] = await lateMail(id);
      expect(message).toMatchObject({ channel: 'whatsapp', recipient: '+27821234567', subject: `Order ${id} is running late: it was expected by ${day(-3)}.` });
      expect(await lateMail(delivered)).toEqual([]);
    } finally {
      sandbox.ctx.db.prepare("UPDATE users SET notification_method = 'email' WHERE email = ?").run(SHOPPER.email);
    }
  });

  it("checks on the push reminder's timer too", async () => {
    const timed = await start({ pushReminderSeconds: 0.2 });
    try {
      const client = new Client(timed.url);
      await client.login();
      const id: number = (await client.json('POST', '/__sandbox/seed-orders', { email: SHOPPER.email, count: 1 })).body.data.first_id;
      await client.json('POST', `/__sandbox/orders/${id}/quote`, {});
      await client.json('POST', `/__sandbox/orders/${id}/status`, { status: 'paid' });
      await client.json('POST', `/__sandbox/orders/${id}/expected-delivery`, { from: day(-3), to: day(-2), reason: 'Stuck at the hub' });
      await vi.waitFor(async () => {
        const outbox: Json[] = (await client.json('GET', '/__sandbox/outbox')).body.data;
        expect(outbox.filter((m) => m.kind === 'order_late' && m.payload.order_id === id)).toHaveLength(1);
      }, { timeout: 3000, interval: 100 });
    } finally {
      await timed.close();
    }
  });
});

describe("the demo shopper's seeded orders", () => {
  it('show a paid order with its window, one in transit with courier and events under several steps, a delivered one with its whole dated history, and one running late', async () => {
    const fresh = await start({ pushReminderSeconds: 0 });
    try {
      const client = new Client(fresh.url);
      await client.login();
      const orders: Json[] = (await client.json('GET', '/orders?per=100')).body.data;
      const paid = orders.find((o) => o.status === 'paid');
      expect(paid.expected_delivery).toMatchObject({ late: false, reason: null });
      const transit = orders.find((o) => o.status === 'in transit');
      expect(transit.courier).toEqual({ name: 'The Courier Guy', waybill: 'TCG4820193746', tracking_url: expect.stringMatching(/^https:\/\/portal\.thecourierguy\.co\.za\//) });
      expect(new Set(transit.tracking_events.map((e: Json) => e.status))).toEqual(new Set(['goods purchased', 'in transit']));
      expect(transit.tracking_events.map((e: Json) => e.description)).toContain('Weighed at the warehouse: 2.4 kg');
      const delivered = orders.find((o) => o.status === 'delivered' && o.tracking_events);
      expect(delivered.status_history.map((s: Json) => s.status)).toEqual(['placed', 'processing', 'paid', 'goods purchased', 'in transit', 'arrived in SA', 'delivered']);
      expect(delivered.tracking_events.at(-1)).toMatchObject({ kind: 'delivered', status: 'delivered' });
      const late = orders.filter((o) => o.expected_delivery?.late);
      expect(late).toHaveLength(1);
      expect(late[0].expected_delivery).toMatchObject({ reason: 'Held for a customs inspection', previous: { from: expect.any(String), to: expect.any(String) }, moved_at: expect.any(String) });
      // Its shopper was told before the demo starts: the first check tells nobody.
      expect((await client.json('POST', '/__sandbox/late-check')).body.data).toEqual([]);
      expect(orders.filter((o) => o.status === 'placed' || o.status === 'processing').every((o) => TRACKING_KEYS.every((key) => !(key in o)))).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
