import { DEFAULT_RATE_LIMIT, parseRateLimits, RateLimits } from '../../../sandbox/src/rate-limit';
import type { RunningSandbox } from '../../../sandbox/src/server';
import { Client, SHOPPER, start, type Json } from './helpers';

describe('RateLimits', () => {
  it('counts calls per key in a sliding window and answers the seconds until the oldest leaves it', () => {
    const limits = new RateLimits({ perEmail: 2, perAddress: 3, windowSeconds: 10 });
    const keys = [{ key: 'a', limit: 2 }];
    expect([limits.take(keys, 0), limits.take(keys, 1000)]).toEqual([0, 0]);
    expect(limits.take(keys, 2000)).toBe(8);
    expect(limits.take(keys, 9500)).toBe(1);
    // A refused call counts nothing: the wait ends when the first counted one leaves the window.
    expect(limits.take(keys, 10_000)).toBe(0);
    expect(limits.take(keys, 10_500)).toBe(1);
    expect(limits.take([{ key: 'b', limit: 2 }], 10_500)).toBe(0);
  });

  it('refuses when any key is at its limit, and then counts none of them', () => {
    const limits = new RateLimits(DEFAULT_RATE_LIMIT);
    const address = { key: 'address', limit: 2 };
    expect(limits.take([address, { key: 'one', limit: 5 }], 0)).toBe(0);
    expect(limits.take([address, { key: 'two', limit: 5 }], 0)).toBe(0);
    expect(limits.take([address, { key: 'three', limit: 5 }], 0)).toBe(900);
    limits.clearAll();
    expect(limits.take([address, { key: 'three', limit: 5 }], 0)).toBe(0);
  });
});

describe('SANDBOX_RATE_LIMITS', () => {
  it('takes any of perEmail, perAddress and windowSeconds as whole numbers from 1, and refuses anything else', () => {
    expect(parseRateLimits('{"perAddress":100000}')).toEqual({ perAddress: 100000 });
    expect(() => parseRateLimits('{"perAdress":5,"perEmail":0}')).toThrow('not perAdress, perEmail');
    expect(() => parseRateLimits('[5]')).toThrow('must be a JSON object');
  });
});

describe('rate limits of the public forms and push subscription', () => {
  let sandbox: RunningSandbox;
  let c: Client;

  beforeAll(async () => {
    sandbox = await start({ rateLimits: { perEmail: 2, perAddress: 4, windowSeconds: 60 } });
    c = new Client(sandbox.url);
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await c.json('POST', '/__sandbox/reset');
  });

  const calls: [string, string, (email: string) => Json][] = [
    ['forgot password', '/users/forgot_password', (email) => ({ user: { email } })],
    ['registration', '/users', (email) => ({ user: { email, first_name: 'A', last_name: 'B', mobile: '0821234567', birth_date: '1990-01-01', password: 'Secret#2026' } })],
    ['contact', '/email/contact_us', (email) => ({ contact: { email, query_title: 'Where?', query_body: 'My parcel' } })],
    ['advertise', '/email/advertise_with_us', (email) => ({ contact: { email, company_name: 'Shop', message: 'Hello' } })],
  ];

  it.each(calls)('%s: 429 with Retry-After after 2 calls for one e-mail address (any case) and 4 from one client, checked or not', async (_name, path, body) => {
    const first = await c.call('POST', path, body('one@example.com'));
    expect(first.status).toBeLessThan(300);
    // A refused call counts too: a script cannot probe without limit.
    expect((await c.call('POST', path, body('not an e-mail'))).status).not.toBe(429);
    expect((await c.call('POST', path, body(' ONE@example.com '))).status).not.toBe(429);
    const refused = await c.call('POST', path, body('one@example.com'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({ error: 'Too many requests. Try again in 60 seconds.' });
    expect((await c.call('POST', path, body('two@example.com'))).status).toBeLessThan(300);
    const client = await c.call('POST', path, body('three@example.com'));
    expect(client.status).toBe(429);
    expect(Number(client.headers.get('retry-after'))).toBeGreaterThan(50);
  });

  it('unlock: counted per client, and per account once the token names one', async () => {
    await c.json('POST', '/__sandbox/lock', { email: SHOPPER.email });
    for (const token of ['guess-1', 'guess-2', 'guess-3']) expect((await c.json('POST', '/users/unlock_account', { user: { token } })).status).toBe(422);
    expect((await c.call('POST', '/users/unlock_account', { user: { token: 'guess-4' } })).status).toBe(422);
    const refused = await c.call('POST', '/users/unlock_account', { user: { token: 'guess-5' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
  });

  it('unlock: a real token meets its account limit', async () => {
    const tokens = async () => (await c.json('GET', '/__sandbox/tokens')).body.data.filter((t: Json) => t.kind === 'unlock' && t.used_at === null);
    for (let i = 0; i < 2; i += 1) {
      await c.json('POST', '/__sandbox/lock', { email: SHOPPER.email });
      expect((await c.json('POST', '/users/unlock_account', { user: { token: (await tokens())[0].token } })).status).toBe(200);
    }
    await c.json('POST', '/__sandbox/lock', { email: SHOPPER.email });
    expect((await c.call('POST', '/users/unlock_account', { user: { token: (await tokens())[0].token } })).status).toBe(429);
  });

  it('push subscription: 429 after 2 calls of one account, another account still subscribes, and reset clears the counts', async () => {
    const shopper = new Client(sandbox.url);
    await shopper.login(SHOPPER);
    const subscribe = (client: Client) => client.call('POST', '/push_subscriptions', { push_subscription: { endpoint: 'nope' } });
    expect([(await subscribe(shopper)).status, (await subscribe(shopper)).status]).toEqual([422, 422]);
    const refused = await subscribe(shopper);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    const other = new Client(sandbox.url);
    await other.login({ email: 'other@example.com', password: 'Other#2026' });
    expect((await subscribe(other)).status).toBe(422);
    expect((await new Client(sandbox.url).call('POST', '/push_subscriptions', {})).status).toBe(401);
    await c.json('POST', '/__sandbox/reset');
    expect((await subscribe(shopper)).status).toBe(401);
    await shopper.login(SHOPPER);
    expect((await subscribe(shopper)).status).toBe(422);
  });
});
