import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { MAX_SUBSCRIPTIONS_PER_USER, VAPID_SUBJECT, remindExpiringQuotes, settlePushes } from '../../../sandbox/src/push';
import type { RunningSandbox } from '../../../sandbox/src/server';
import { Client, OTHER, SHOPPER, start, type Json } from './helpers';

// http_ece (web-push's encryption, RFC 8188) ships no types; the browser's side of the decryption is all the tests need.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: crypto.ECDH; authSecret: Buffer }): Buffer;
};

const HOUR = 3600;

let sandbox: RunningSandbox;
let c: Client;
let other: Client;
let anon: Client;

beforeAll(async () => {
  sandbox = await start({ pushReminderSeconds: 0 });
  c = new Client(sandbox.url);
  other = new Client(sandbox.url);
  anon = new Client(sandbox.url);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await settlePushes(sandbox.ctx);
  await c.json('POST', '/__sandbox/reset');
  await c.login();
  await other.login(OTHER);
});

/** A browser's side of a subscription: its P-256 key pair and auth secret, and an endpoint on the stand-in push service. */
function browser(base = sandbox.url) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  const token = crypto.randomBytes(12).toString('base64url');
  return {
    ecdh,
    auth,
    token,
    subscription: { endpoint: `${base}/__sandbox/push-service/${token}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } },
  };
}
type Browser = ReturnType<typeof browser>;

/** Registers a browser's subscription; `showDetails` is the shopper's choice to see the shop and total on the phone. */
async function subscribe(client: Client, b: Browser = browser(), showDetails = false): Promise<Browser & { id: number }> {
  const res = await client.json('POST', '/push_subscriptions', { push_subscription: { ...b.subscription, show_details: showDetails } });
  expect(res.status).toBe(201);
  return { ...b, id: res.body.data.id };
}

/** What the stand-in push service received for this browser, after every send in flight has finished. */
async function received(b: Browser): Promise<Json[]> {
  await settlePushes(sandbox.ctx);
  return (await c.json('GET', `/__sandbox/push-service?token=${b.token}`)).body.data;
}

function decrypt(message: Json, b: Browser): Json {
  return JSON.parse(ece.decrypt(Buffer.from(message.body, 'base64'), { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth }).toString('utf8'));
}

/** A new placed order of the user (one Amazon item). */
async function placedOrder(email = SHOPPER.email): Promise<number> {
  return (await c.json('POST', '/__sandbox/seed-orders', { email, count: 1 })).body.data.first_id;
}

/** Issues the order's quote and waits for its pushes, so that messages arrive in the order of the moves. */
async function quote(orderId: number, body: Record<string, unknown> = {}): Promise<Json> {
  const res = await c.json('POST', `/__sandbox/orders/${orderId}/quote`, body);
  expect(res.status).toBe(200);
  await settlePushes(sandbox.ctx);
  return res.body.data.quote;
}

const subscriptionRows = (userEmail: string) =>
  sandbox.ctx.db.prepare('SELECT s.* FROM push_subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = ?').all(userEmail);

describe('push subscriptions', () => {
  it('answers the VAPID public key (65 bytes), the same after a reset, to a signed-in shopper only', async () => {
    const res = await c.json('GET', '/push_subscriptions/key');
    expect(res).toEqual({ status: 200, body: { data: { public_key: expect.stringMatching(/^[\w-]+$/) } } });
    const key = Buffer.from(res.body.data.public_key, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(0x04);
    await c.json('POST', '/__sandbox/reset');
    await c.login();
    expect((await c.json('GET', '/push_subscriptions/key')).body.data.public_key).toBe(res.body.data.public_key);
    expect((await anon.call('GET', '/push_subscriptions/key')).status).toBe(401);
  });

  it('subscribes without echoing the keys, and unsubscribes; another user gets 404', async () => {
    const b = browser();
    const created = await c.json('POST', '/push_subscriptions', { push_subscription: b.subscription });
    expect(created).toEqual({
      status: 201,
      body: { data: { id: expect.any(Number), endpoint: b.subscription.endpoint, created_at: expect.any(String), show_details: false } },
    });
    const { id } = created.body.data;
    expect(await other.json('DELETE', `/push_subscriptions/${id}`)).toEqual({ status: 404, body: { error: 'Not found' } });
    expect(await c.json('DELETE', `/push_subscriptions/${id}`)).toEqual({ status: 200, body: { data: created.body.data } });
    expect((await c.json('DELETE', `/push_subscriptions/${id}`)).status).toBe(404);
    expect((await c.json('DELETE', '/push_subscriptions/999999')).status).toBe(404);
    expect(subscriptionRows(SHOPPER.email)).toHaveLength(0);
    expect((await anon.call('POST', '/push_subscriptions', { push_subscription: b.subscription })).status).toBe(401);
    expect((await anon.call('DELETE', `/push_subscriptions/${id}`)).status).toBe(401);
  });

  it('keeps one row per endpoint: posting it again takes it over with the new keys (200)', async () => {
    const mine = await subscribe(c);
    const again = browser();
    const moved = await other.json('POST', '/push_subscriptions', { push_subscription: { ...again.subscription, endpoint: mine.subscription.endpoint } });
    expect(moved).toEqual({
      status: 200,
      body: { data: { id: mine.id, endpoint: mine.subscription.endpoint, created_at: expect.any(String), show_details: false } },
    });
    expect(subscriptionRows(SHOPPER.email)).toHaveLength(0);
    expect(subscriptionRows(OTHER.email)).toEqual([expect.objectContaining({ id: mine.id, p256dh: again.subscription.keys.p256dh })]);
    expect((await c.json('DELETE', `/push_subscriptions/${mine.id}`)).status).toBe(404);
    expect((await other.json('DELETE', `/push_subscriptions/${mine.id}`)).status).toBe(200);
  });

  it(`keeps a user's newest ${MAX_SUBSCRIPTIONS_PER_USER} subscriptions`, async () => {
    const first = await subscribe(c);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_USER; i += 1) await subscribe(c);
    const rows = subscriptionRows(SHOPPER.email) as { id: number }[];
    expect(rows).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(rows.map((r) => r.id)).not.toContain(first.id);
  });

  it('refuses a bad endpoint or keys with 422 and the field errors', async () => {
    const { subscription } = browser();
    const post = (changes: Record<string, unknown>) => c.json('POST', '/push_subscriptions', { push_subscription: { ...subscription, ...changes } });
    const keys = (changes: Record<string, unknown>) => post({ keys: { ...subscription.keys, ...changes } });
    const endpointError = { status: 422, body: { error: 'Must be an https URL', errors: { endpoint: ['Must be an https URL'] } } };
    expect(await post({ endpoint: 'http://push.example.com/send/abc' })).toEqual(endpointError);
    expect(await post({ endpoint: 'not a url' })).toEqual(endpointError);
    expect(await post({ endpoint: 'http://127.0.0.1:9/__sandbox/push-service/abc' })).toEqual(endpointError);
    expect(await post({ endpoint: `${sandbox.url}/__sandbox/faults` })).toEqual(endpointError);
    expect(await post({ endpoint: 'https://user:pass@fcm.googleapis.com/fcm/send/abc' })).toEqual(endpointError);
    expect((await post({ endpoint: `https://fcm.googleapis.com/${'a'.repeat(2048)}` })).body.errors.endpoint).toEqual(['is too long (maximum is 2048 characters)']);
    expect((await post({ endpoint: undefined })).body.errors).toEqual({ endpoint: ["can't be blank"] });

    const p256dhError = { 'keys.p256dh': ['Must be a P-256 public key: 65 bytes in base64url'] };
    const point = Buffer.from(subscription.keys.p256dh, 'base64url');
    expect((await keys({ p256dh: point.subarray(0, 64).toString('base64url') })).body.errors).toEqual(p256dhError);
    expect((await keys({ p256dh: Buffer.concat([Buffer.from([0x02]), point.subarray(1)]).toString('base64url') })).body.errors).toEqual(p256dhError);
    expect((await keys({ p256dh: Buffer.concat([Buffer.from([0x04]), Buffer.alloc(64, 1)]).toString('base64url') })).body.errors).toEqual(p256dhError);
    expect((await keys({ p256dh: `+${subscription.keys.p256dh.slice(1)}` })).body.errors).toEqual(p256dhError);
    expect((await keys({ auth: crypto.randomBytes(15).toString('base64url') })).body.errors).toEqual({ 'keys.auth': ['Must be 16 bytes in base64url'] });
    expect((await keys({ auth: 42 })).body.errors).toEqual({ 'keys.auth': ['must be a string'] });
    expect((await post({ keys: undefined })).body.errors).toEqual({ 'keys.p256dh': ["can't be blank"], 'keys.auth': ["can't be blank"] });
    expect((await c.json('POST', '/push_subscriptions', { endpoint: subscription.endpoint })).status).toBe(400);
    expect(subscriptionRows(SHOPPER.email)).toHaveLength(0);
  });

  it("Log Out (revoking a sign-in's access or refresh token) deletes the subscriptions registered in that sign-in only", async () => {
    const phone = new Client(sandbox.url);
    const tokens = await phone.login();
    const onPhone = await subscribe(phone);
    const onLaptop = await subscribe(c);
    const revoke = (token: string) => anon.json('POST', '/oauth/revoke', { token, client_id: 'shopper-web' });
    expect((await revoke(tokens.access_token)).status).toBe(200);
    expect((subscriptionRows(SHOPPER.email) as { id: number }[]).map((r) => r.id)).toEqual([onLaptop.id]);

    const again = await phone.login();
    await subscribe(phone, onPhone);
    expect(subscriptionRows(SHOPPER.email)).toHaveLength(2);
    expect((await revoke(again.refresh_token)).status).toBe(200);
    expect((subscriptionRows(SHOPPER.email) as { id: number }[]).map((r) => r.id)).toEqual([onLaptop.id]);
  });

  it('answers whether a subscription is on only to the sign-in that registered it (404 to the next shopper, or a later sign-in)', async () => {
    const phone = new Client(sandbox.url);
    await phone.login();
    const mine = await subscribe(phone);
    expect(await phone.json('GET', `/push_subscriptions/${mine.id}`)).toEqual({
      status: 200,
      body: { data: { id: mine.id, endpoint: mine.subscription.endpoint, created_at: expect.any(String), show_details: false } },
    });
    expect((await other.json('GET', `/push_subscriptions/${mine.id}`)).status).toBe(404);
    expect((await c.json('GET', `/push_subscriptions/${mine.id}`)).status).toBe(404);
    expect((await anon.call('GET', `/push_subscriptions/${mine.id}`)).status).toBe(401);
  });

  it('keeps the show-details choice per subscription (PATCH, own sign-in only); anything but true or false is refused', async () => {
    const mine = await subscribe(c);
    const patch = (client: Client, body: unknown) => client.json('PATCH', `/push_subscriptions/${mine.id}`, body);
    expect((await patch(c, { push_subscription: { show_details: true } })).body.data).toMatchObject({ id: mine.id, show_details: true });
    expect((await c.json('GET', `/push_subscriptions/${mine.id}`)).body.data.show_details).toBe(true);
    expect(await patch(c, { push_subscription: { show_details: 'yes' } })).toEqual({
      status: 422,
      body: { error: 'Show details must be true or false', errors: { show_details: ['must be true or false'] } },
    });
    expect((await patch(other, { push_subscription: { show_details: false } })).status).toBe(404);
    expect((await c.json('GET', `/push_subscriptions/${mine.id}`)).body.data.show_details).toBe(true);
  });

  it('locking the account (every token revoked) deletes every subscription of its owner', async () => {
    await subscribe(c);
    const theirs = await subscribe(other);
    expect((await c.json('POST', '/__sandbox/lock', { email: SHOPPER.email })).status).toBe(200);
    expect(subscriptionRows(SHOPPER.email)).toHaveLength(0);
    expect(subscriptionRows(OTHER.email)).toEqual([expect.objectContaining({ id: theirs.id })]);
  });

  it('closing the account deletes its push subscriptions', async () => {
    await subscribe(c);
    await subscribe(c);
    const theirs = await subscribe(other);
    const me = (await c.json('GET', '/users/show_details')).body.data;
    expect((await c.json('DELETE', `/users/${me.id}`, { user: { current_password: SHOPPER.password } })).status).toBe(200);
    expect(subscriptionRows(SHOPPER.email)).toHaveLength(0);
    expect(subscriptionRows(OTHER.email)).toEqual([expect.objectContaining({ id: theirs.id })]);
  });
});

describe('sending', () => {
  it('pushes one encrypted message when a quote is issued, which decrypts to the order fields (with the details the shopper chose)', async () => {
    const b = await subscribe(c, browser(), true);
    const bystander = await subscribe(other);
    const orderId = await placedOrder();
    const issued = await quote(orderId, { cost: 1000, customs: 50, delivery: 80 });
    const [message, ...more] = await received(b);
    expect(more).toEqual([]);
    expect(await received(bystander)).toEqual([]);

    expect(decrypt(message, b)).toEqual({
      kind: 'quote',
      order_id: orderId,
      shop: 'Amazon',
      total: issued.total,
      valid_until: new Date(Date.parse(issued.quoted_at) + 48 * HOUR * 1000).toISOString(),
      status: 'processing',
    });
    expect(issued.total).toBe(1512.25);
    expect(message).toMatchObject({ status: 201, urgency: 'high', topic: `order-${orderId}`, content_encoding: 'aes128gcm' });
    expect(message.ttl).toBeGreaterThan(48 * HOUR - 30);
    expect(message.ttl).toBeLessThanOrEqual(48 * HOUR);

    const vapid = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(message.authorization);
    const key = (await c.json('GET', '/push_subscriptions/key')).body.data.public_key;
    expect(vapid?.[4]).toBe(key);
    const claims = JSON.parse(Buffer.from(vapid?.[2] ?? '', 'base64url').toString('utf8'));
    expect(claims).toEqual({ aud: sandbox.url, exp: expect.any(Number), sub: VAPID_SUBJECT });
  });

  it('tells a locked phone only the order and what happened, unless its shopper chose to show the shop and total', async () => {
    const brief = await subscribe(c);
    const detailed = await subscribe(c, browser(), true);
    const orderId = await placedOrder();
    const issued = await quote(orderId);
    const [briefMessage] = await received(brief);
    expect(decrypt(briefMessage, brief)).toEqual({ kind: 'quote', order_id: orderId, valid_until: expect.any(String), status: 'processing' });
    const [detailedMessage] = await received(detailed);
    expect(decrypt(detailedMessage, detailed)).toMatchObject({ shop: 'Amazon', total: issued.total });
  });

  it('sends only while the sign-in lives, and deletes the subscription once it has ended, however it ended', async () => {
    const ended = (token: string, change: string): void => {
      sandbox.ctx.db.prepare(`UPDATE access_tokens SET ${change} WHERE family_id = (SELECT family_id FROM access_tokens WHERE token = ?)`).run(token);
    };
    const { refreshTokenLifetimeSeconds: refresh, refreshFamilyLifetimeSeconds: family } = sandbox.ctx.settings;
    const endings = [
      ['its refresh token expired', `created_at = created_at - ${refresh * 1000 + 1000}`],
      ['past its absolute lifetime', `family_started_at = family_started_at - ${family * 1000 + 1000}`],
      ['its tokens revoked', `revoked_at = ${Date.now()}`],
    ] as const;
    const phones = await Promise.all(
      endings.map(async () => {
        const phone = new Client(sandbox.url);
        const tokens = await phone.login();
        return { tokens, b: await subscribe(phone) };
      }),
    );
    const live = await subscribe(c);
    endings.forEach(([, change], i) => ended(phones[i]?.tokens.access_token, change));
    await quote(await placedOrder());
    for (const { b } of phones) expect(await received(b)).toEqual([]);
    expect(await received(live)).toHaveLength(1);
    expect((subscriptionRows(SHOPPER.email) as { id: number }[]).map((r) => r.id)).toEqual([live.id]);
  });

  it('gives an old quote a TTL of what is left of it, at least a minute', async () => {
    const b = await subscribe(c);
    await quote(await placedOrder(), { hours_ago: 40 });
    await quote(await placedOrder(), { hours_ago: 50 });
    const [recent, expired] = await received(b);
    expect(recent.ttl).toBeGreaterThan(8 * HOUR - 30);
    expect(recent.ttl).toBeLessThanOrEqual(8 * HOUR);
    expect(expired.ttl).toBe(60);
  });

  it('pushes status moves only to paid, in transit, arrived in SA and delivered', async () => {
    const b = await subscribe(c, browser(), true);
    const orderId = await placedOrder();
    const issued = await quote(orderId);
    for (const status of ['paid', 'goods purchased', 'in transit', 'arrived in SA', 'delivered', 'delivered']) {
      expect((await c.json('POST', `/__sandbox/orders/${orderId}/status`, { status })).status).toBe(200);
      await settlePushes(sandbox.ctx);
    }
    const messages = await received(b);
    expect(messages.map((m) => decrypt(m, b))).toEqual(
      ['processing', 'paid', 'in transit', 'arrived in SA', 'delivered'].map((status, i) => ({
        kind: i === 0 ? 'quote' : 'status',
        order_id: orderId,
        shop: 'Amazon',
        total: issued.total,
        valid_until: expect.any(String),
        status,
      })),
    );
    expect(messages.slice(1).map((m) => [m.ttl, m.urgency])).toEqual(Array(4).fill([86_400, 'normal']));
  });

  it('pushes the warehouse photos of an order when they arrive, kept a day at normal urgency', async () => {
    const b = await subscribe(c, browser(), true);
    const orderId = await placedOrder();
    await quote(orderId);
    await c.json('POST', `/__sandbox/orders/${orderId}/status`, { status: 'goods purchased' });
    const productId = (await c.json('GET', `/orders/${orderId}/products`)).body.data[0].id;
    expect((await c.json('POST', `/__sandbox/orders/${orderId}/photos`, { product_id: productId })).status).toBe(200);
    const messages = await received(b);
    expect(messages.map((m) => decrypt(m, b).kind)).toEqual(['quote', 'photos']);
    expect(decrypt(messages[1], b)).toEqual({ kind: 'photos', order_id: orderId, shop: 'Amazon', total: expect.any(Number), valid_until: expect.any(String), status: 'goods purchased' });
    expect([messages[1].ttl, messages[1].urgency, messages[1].topic]).toEqual([86_400, 'normal', `order-${orderId}`]);
  });

  it('pushes the paid move when a card payment completes', async () => {
    const b = await subscribe(c);
    const orderId = await placedOrder();
    await quote(orderId);
    const card = (await c.json('GET', '/cards')).body.data[0].id;
    expect((await c.json('POST', `/orders/${orderId}/create_card_payment`, { order: { card_id: card } })).body.data.status).toBe('paid');
    expect((await received(b)).map((m) => decrypt(m, b)).map((p) => [p.kind, p.status])).toEqual([['quote', 'processing'], ['status', 'paid']]);
  });

  it('deletes a subscription the push service answers 410 for', async () => {
    const b = await subscribe(c);
    expect(await c.json('POST', `/__sandbox/push-service/${b.token}/answer`, { status: 410 })).toEqual({ status: 200, body: { data: { token: b.token, status: 410 } } });
    const orderId = await placedOrder();
    await quote(orderId);
    expect((await received(b)).map((m) => m.status)).toEqual([410]);
    expect(subscriptionRows(SHOPPER.email)).toHaveLength(0);
    await quote(orderId);
    expect(await received(b)).toHaveLength(1);
    expect((await c.json('DELETE', `/push_subscriptions/${b.id}`)).status).toBe(404);
  });

  it('keeps a subscription on other failures, and the triggering request never fails', async () => {
    const b = await subscribe(c);
    await c.json('POST', `/__sandbox/push-service/${b.token}/answer`, { status: 500 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const res = await c.json('POST', `/__sandbox/orders/${await placedOrder()}/quote`, {});
      expect(res.status).toBe(200);
      expect((await received(b)).map((m) => m.status)).toEqual([500]);
      expect(warn.mock.calls).toEqual([[`[sandbox] push to subscription ${b.id} failed: HTTP 500`]]);
      expect(subscriptionRows(SHOPPER.email)).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('sends nothing to a host that is not a known push service, and never logs an endpoint', async () => {
    const b = browser();
    const endpoint = 'https://push.example.invalid/send/secret-path';
    const res = await c.json('POST', '/push_subscriptions', { push_subscription: { ...b.subscription, endpoint } });
    expect(res.status).toBe(201);
    const sent = vi.spyOn(globalThis, 'fetch');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await quote(await placedOrder());
      await settlePushes(sandbox.ctx);
      expect(sent.mock.calls.map(([url]) => String(url))).not.toContain(endpoint);
      expect(warn.mock.calls).toEqual([[`[sandbox] push to subscription ${res.body.data.id} skipped: not a known push service`]]);
    } finally {
      sent.mockRestore();
      warn.mockRestore();
    }
  });
});

describe('expiry reminder', () => {
  it('reminds once, six hours before an unpaid quote expires, and again for a re-issued quote', async () => {
    const b = await subscribe(c);
    const soon = await placedOrder();
    const later = await placedOrder();
    const paid = await placedOrder();
    await quote(soon, { hours_ago: 42.5 });
    await quote(later, { hours_ago: 30 });
    await quote(paid, { hours_ago: 43 });
    await c.json('POST', `/__sandbox/orders/${paid}/status`, { status: 'paid' });
    await settlePushes(sandbox.ctx);
    const before = (await received(b)).length;

    expect(remindExpiringQuotes(sandbox.ctx)).toEqual([soon]);
    const reminders = (await received(b)).slice(before);
    expect(reminders).toHaveLength(1);
    expect(decrypt(reminders[0], b)).toEqual({ kind: 'expiry', order_id: soon, status: 'processing', valid_until: expect.any(String) });
    expect(reminders[0]).toMatchObject({ urgency: 'high', topic: `order-${soon}` });
    expect(reminders[0].ttl).toBeGreaterThan(5.5 * HOUR - 30);
    expect(reminders[0].ttl).toBeLessThanOrEqual(5.5 * HOUR);

    expect(remindExpiringQuotes(sandbox.ctx)).toEqual([]);
    expect(await received(b)).toHaveLength(before + 1);
    // Thirteen hours on, the 30-hour-old quote has five hours left.
    expect(remindExpiringQuotes(sandbox.ctx, Date.now() + 13 * HOUR * 1000)).toEqual([later]);
    await settlePushes(sandbox.ctx);
    await quote(soon, { hours_ago: 43 });
    expect(remindExpiringQuotes(sandbox.ctx)).toEqual([soon]);
    expect((await received(b)).map((m) => decrypt(m, b).kind).slice(before)).toEqual(['expiry', 'expiry', 'quote', 'expiry']);
  });

  it('skips expired quotes and shoppers without a subscription', async () => {
    const orderId = await placedOrder();
    await quote(orderId, { hours_ago: 43 });
    expect(remindExpiringQuotes(sandbox.ctx)).toEqual([]);
    const b = await subscribe(c);
    expect(remindExpiringQuotes(sandbox.ctx, Date.now() + 6 * HOUR * 1000)).toEqual([]);
    expect(remindExpiringQuotes(sandbox.ctx)).toEqual([orderId]);
    expect((await received(b)).map((m) => decrypt(m, b).kind)).toEqual(['expiry']);
  });

  it('runs on a timer while the sandbox listens', async () => {
    const timed = await start({ pushReminderSeconds: 0.05 });
    try {
      const client = new Client(timed.url);
      await client.login();
      const b = browser(timed.url);
      expect((await client.json('POST', '/push_subscriptions', { push_subscription: b.subscription })).status).toBe(201);
      const orderId = (await client.json('POST', '/__sandbox/seed-orders', { email: SHOPPER.email, count: 1 })).body.data.first_id;
      await client.json('POST', `/__sandbox/orders/${orderId}/quote`, { hours_ago: 45 });
      await vi.waitFor(async () => {
        await settlePushes(timed.ctx);
        const messages = (await client.json('GET', `/__sandbox/push-service?token=${b.token}`)).body.data;
        expect(messages.map((m: Json) => decrypt(m, b).kind).sort()).toEqual(['expiry', 'quote']);
      }, { timeout: 5000, interval: 50 });
    } finally {
      await timed.close();
    }
  });
});

describe('the stand-in push service', () => {
  it('lists what arrived, newest last, by token; a reset clears messages and answers', async () => {
    const one = await subscribe(c);
    const two = await subscribe(c);
    await c.json('POST', `/__sandbox/push-service/${two.token}/answer`, { status: 404 });
    await quote(await placedOrder());
    await settlePushes(sandbox.ctx);
    const all = (await c.json('GET', '/__sandbox/push-service')).body.data;
    expect(all.map((m: Json) => [m.token, m.status]).sort()).toEqual([[one.token, 201], [two.token, 404]].sort());
    expect(all[0]).toEqual({
      token: expect.any(String), status: expect.any(Number), ttl: expect.any(Number), urgency: 'high', topic: expect.any(String),
      content_encoding: 'aes128gcm', authorization: expect.stringMatching(/^vapid t=/), body: expect.any(String), received_at: expect.any(String),
    });
    expect(subscriptionRows(SHOPPER.email).map((r) => (r as { id: number }).id)).toEqual([one.id]);
    expect((await c.json('POST', `/__sandbox/push-service/${one.token}/answer`, { status: 99 })).status).toBe(422);
    expect((await c.json('POST', `/__sandbox/push-service/${one.token}/answer`, { status: null })).body.data).toEqual({ token: one.token, status: 201 });
    expect((await c.json('POST', '/__sandbox/push-service/bad%20token', {})).status).toBe(404);
    await c.json('POST', `/__sandbox/push-service/${one.token}/answer`, { status: 410 });
    await c.json('POST', '/__sandbox/reset');
    expect((await c.json('GET', '/__sandbox/push-service')).body.data).toEqual([]);
    expect((await anon.call('POST', `/__sandbox/push-service/${one.token}`, 'x')).status).toBe(201);
  });

  it('does not exist, nor is its endpoint accepted, without the test switches', async () => {
    const plain = await start({ faults: false, pushReminderSeconds: 0 });
    try {
      const client = new Client(plain.url);
      await client.login();
      expect((await client.call('GET', '/__sandbox/push-service')).status).toBe(404);
      const res = await client.json('POST', '/push_subscriptions', { push_subscription: browser(plain.url).subscription });
      expect(res.body.errors).toEqual({ endpoint: ['Must be an https URL'] });
    } finally {
      await plain.close();
    }
  });
});

describe('in the spec shape', () => {
  it('answers the key, a subscription and its deletion as bare objects', async () => {
    const spec = await start({ shape: 'spec', pushReminderSeconds: 0 });
    try {
      const client = new Client(spec.url);
      await client.login();
      const key = await client.json('GET', '/push_subscriptions/key');
      expect(key).toEqual({ status: 200, body: { public_key: expect.stringMatching(/^[\w-]{87}$/) } });
      const b = browser(spec.url);
      const created = await client.json('POST', '/push_subscriptions', { push_subscription: b.subscription });
      expect(created).toEqual({
        status: 201,
        body: { id: expect.any(Number), endpoint: b.subscription.endpoint, created_at: expect.any(String), show_details: false },
      });
      const again = await client.json('POST', '/push_subscriptions', { push_subscription: b.subscription });
      expect(again).toEqual({ status: 200, body: { ...created.body, created_at: expect.any(String) } });
      expect(await client.json('DELETE', `/push_subscriptions/${created.body.id}`)).toEqual({ status: 200, body: again.body });
      expect((await client.json('POST', '/push_subscriptions', { push_subscription: { ...b.subscription, endpoint: 'ftp://x' } })).body)
        .toEqual({ error: 'Must be an https URL', errors: { endpoint: ['Must be an https URL'] } });
    } finally {
      await spec.close();
    }
  });
});

describe('VAPID keys', () => {
  it('are made once and kept in the database file across restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-push-'));
    try {
      const db = path.join(dir, 'sandbox.db');
      const first = await start({ db, pushReminderSeconds: 0 });
      const key = first.ctx.push.vapid.publicKey;
      await first.close();
      const second = await start({ db, pushReminderSeconds: 0 });
      expect(second.ctx.push.vapid).toEqual({ subject: VAPID_SUBJECT, publicKey: key, privateKey: expect.any(String) });
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
