import http from 'node:http';
import { DEFAULT_BACKOFF, SignInBackoff } from '../../../sandbox/src/backoff';
import type { RunningSandbox } from '../../../sandbox/src/server';
import { UPLOAD_LINK_SECONDS, uploadUrl } from '../../../sandbox/src/uploads';
import { Client, OTHER, SHOPPER, goodPng, jsonFrom, orderForm, start, type Json } from './helpers';

let sandbox: RunningSandbox;
let control: Client;

beforeAll(async () => {
  sandbox = await start();
  control = new Client(sandbox.url);
});
afterAll(() => sandbox.close());

const grant = (extra: Record<string, unknown>) => ({ client_id: 'shopper-web', scope: 'read write', ...extra });
const refreshWith = (c: Client, token: string) => c.json('POST', '/oauth/token', grant({ grant_type: 'refresh_token', refresh_token: token }));
const signIn = (c: Client, email: string, password: string) => c.json('POST', '/oauth/token', grant({ grant_type: 'password', username: email, password }));
const bearer = (base: string, token: string) => Object.assign(new Client(base), { token });
const statusWith = async (base: string, token: string) => (await bearer(base, token).call('GET', '/users/show_details')).status;

let counter = 0;
/** Registers a fresh user and returns the credentials. */
async function freshUser(base: string) {
  counter += 1;
  const account = { email: `sec${counter}.${Date.now()}@example.com`, password: 'Secure#2026' };
  const res = await new Client(base).json('POST', '/users', {
    user: { first_name: 'Sec', last_name: 'User', email: account.email, mobile: '0821234567', birth_date: '1990-01-01', password: account.password },
  });
  expect(res.status).toBe(200);
  return { ...account, id: res.body.data.id as number };
}

/** A request over a raw socket, so that the Host header can be forged (fetch sets its own). */
function rawRequest(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: Json }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('rule 5: users see and change only their own record', () => {
  it("another user's GET, PATCH, DELETE and restore of /users/{id} answer 403", async () => {
    const victim = await freshUser(sandbox.url);
    const attacker = new Client(sandbox.url);
    await attacker.login(OTHER);
    for (const [method, path, body] of [
      ['GET', `/users/${victim.id}`, undefined],
      ['PATCH', `/users/${victim.id}`, { user: { email: 'attacker@example.com' } }],
      ['DELETE', `/users/${victim.id}`, undefined],
      ['PATCH', `/users/${victim.id}/restore`, undefined],
    ] as const) {
      expect(await attacker.json(method, path, body), `${method} ${path}`).toEqual({ status: 403, body: { error: 'Forbidden' } });
    }
    const own = new Client(sandbox.url);
    await own.login(victim);
    expect((await own.json('GET', `/users/${victim.id}`)).body.data).toMatchObject({ email: victim.email, archived_at: null });
  });

  it('GET /users and /users/archived list only the caller, and the token endpoint never grants the admin scope', async () => {
    const c = new Client(sandbox.url);
    await c.login(OTHER);
    const me = (await c.json('GET', '/users/show_details')).body.data.id;
    const list = await c.json('GET', '/users?per=100');
    expect(list.body.users.map((u: { id: number }) => u.id)).toEqual([me]);
    expect(list.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 1 });
    expect((await c.json('GET', '/users/archived')).body.users).toEqual([]);
    const admin = await c.json('POST', '/oauth/token', grant({ grant_type: 'password', username: SHOPPER.email, password: SHOPPER.password, scope: 'read write admin' }));
    expect(admin).toEqual({ status: 400, body: { error: 'invalid_scope', error_description: expect.any(String) } });
  });
});

describe('rule 6: refresh tokens rotate, expire, are single use, and can be revoked', () => {
  it('reusing a refresh token after its successor was used revokes the whole family', async () => {
    const c = new Client(sandbox.url);
    const first = await c.login();
    const second = await refreshWith(c, first.refresh_token);
    expect(second.status).toBe(200);
    // Two tabs refreshing at once: the second redemption before any use gets the same new pair.
    expect((await refreshWith(c, first.refresh_token)).body).toEqual(second.body);
    expect(await statusWith(sandbox.url, second.body.access_token)).toBe(200);
    const replay = await refreshWith(c, first.refresh_token);
    expect(replay).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: expect.any(String) } });
    expect(await statusWith(sandbox.url, second.body.access_token)).toBe(401);
    expect((await refreshWith(c, second.body.refresh_token)).status).toBe(400);
    // Another sign-in of the same user is another family and lives on.
    const other = await new Client(sandbox.url).login();
    expect(await statusWith(sandbox.url, other.access_token)).toBe(200);
  });

  it('refresh tokens expire after refreshTokenLifetime seconds', async () => {
    const short = await start({ refreshTokenLifetime: 1 });
    try {
      const c = new Client(short.url);
      const tokens = await c.login();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await refreshWith(c, tokens.refresh_token)).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: expect.any(String) } });
    } finally {
      await short.close();
    }
  });

  it('a refresh family ends 30 days after its sign-in, however often it is refreshed', async () => {
    const DAY = 86_400_000;
    const c = new Client(sandbox.url);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const first = await c.login();
      vi.advanceTimersByTime(20 * DAY);
      const second = await refreshWith(c, first.refresh_token);
      expect(second.status).toBe(200);
      expect(await statusWith(sandbox.url, second.body.access_token)).toBe(200);
      vi.advanceTimersByTime(9 * DAY);
      const third = await refreshWith(c, second.body.refresh_token);
      expect(third.status).toBe(200);
      // Two days old, well within its own lifetime, but its family signed in 31 days ago.
      vi.advanceTimersByTime(2 * DAY);
      expect(await refreshWith(c, third.body.refresh_token)).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: expect.any(String) } });
      expect((await new Client(sandbox.url).login()).refresh_token).toEqual(expect.any(String));
    } finally {
      vi.useRealTimers();
    }
  });

  it('refresh families end refreshFamilyLifetime seconds after sign-in, and a rotation keeps the start', async () => {
    const short = await start({ refreshFamilyLifetime: 60 });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const c = new Client(short.url);
      const first = await c.login();
      const signedInAt = Date.now();
      vi.advanceTimersByTime(30_000);
      const second = await refreshWith(c, first.refresh_token);
      expect(second.status).toBe(200);
      const starts = short.ctx.db
        .prepare('SELECT created_at, family_started_at FROM access_tokens WHERE refresh_token IN (?, ?) ORDER BY created_at')
        .all(first.refresh_token, second.body.refresh_token);
      expect(starts).toEqual([
        { created_at: signedInAt, family_started_at: signedInAt },
        { created_at: signedInAt + 30_000, family_started_at: signedInAt },
      ]);
      vi.advanceTimersByTime(29_999);
      const third = await refreshWith(c, second.body.refresh_token);
      expect(third.status).toBe(200);
      vi.advanceTimersByTime(1);
      expect((await refreshWith(c, third.body.refresh_token)).body.error).toBe('invalid_grant');
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });

  it('POST /oauth/revoke answers 200 {} (unknown tokens too) and revokes the token pair', async () => {
    const c = new Client(sandbox.url);
    expect(await c.json('POST', '/oauth/revoke', { token: 'no-such-token', client_id: 'shopper-web' })).toEqual({ status: 200, body: {} });
    const byRefresh = await c.login();
    const form = new URLSearchParams({ token: byRefresh.refresh_token, token_type_hint: 'refresh_token', client_id: 'shopper-web' }).toString();
    const revoked = await c.call('POST', '/oauth/revoke', form, { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({});
    expect(await statusWith(sandbox.url, byRefresh.access_token)).toBe(401);
    expect((await refreshWith(c, byRefresh.refresh_token)).body.error).toBe('invalid_grant');

    const byAccess = await c.login();
    expect(await c.json('POST', '/oauth/revoke', { token: byAccess.access_token, client_id: 'shopper-web' })).toEqual({ status: 200, body: {} });
    expect(await statusWith(sandbox.url, byAccess.access_token)).toBe(401);
    expect((await refreshWith(c, byAccess.refresh_token)).body.error).toBe('invalid_grant');
  });

  it("a password reset, an e-mail change and an operator lock each revoke all the user's tokens", async () => {
    const user = await freshUser(sandbox.url);
    const c = new Client(sandbox.url);
    const check = async (tokens: Json) => {
      expect(await statusWith(sandbox.url, tokens.access_token)).toBe(401);
      expect((await refreshWith(c, tokens.refresh_token)).body.error).toBe('invalid_grant');
    };

    let tokens = (await signIn(c, user.email, user.password)).body;
    await c.json('POST', '/users/forgot_password', { user: { email: user.email } });
    const reset = (await control.json('GET', '/__sandbox/tokens')).body.data.find((t: Json) => t.kind === 'reset' && t.email === user.email).token;
    const password = 'Changed#2026';
    expect((await c.json('POST', '/users/reset_password', { user: { token: reset, password, confirm_password: password } })).status).toBe(200);
    await check(tokens);

    tokens = (await signIn(c, user.email, password)).body;
    const email = `moved.${user.email}`;
    const moved = await bearer(sandbox.url, tokens.access_token).json('PATCH', `/users/${user.id}`, { user: { email, current_password: password } });
    expect(moved.status).toBe(200);
    await check(tokens);

    tokens = (await signIn(c, email, password)).body;
    expect((await control.json('POST', '/__sandbox/lock', { email })).body.data.revoked).toBeGreaterThan(0);
    await check(tokens);
  });
});

describe('rule 7: failed sign-ins slow down instead of locking', () => {
  it('answers 429 with Retry-After after too many failures for one account, doubling the pause, and never locks for good', async () => {
    const api = await start({ signInBackoff: { failures: 3, addressFailures: 100, baseSeconds: 1 } });
    try {
      const c = new Client(api.url);
      const user = await freshUser(api.url);
      for (let i = 0; i < 3; i += 1) expect((await signIn(c, user.email, 'Wrong#2026')).status).toBe(400);
      const paused = await c.call('POST', '/oauth/token', grant({ grant_type: 'password', username: user.email, password: user.password }));
      expect(paused.status).toBe(429);
      expect(paused.headers.get('retry-after')).toBe('1');
      expect(await paused.json()).toEqual({ error: 'too_many_requests', error_description: expect.any(String) });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      for (let i = 0; i < 3; i += 1) expect((await signIn(c, user.email, 'Wrong#2026')).status).toBe(400);
      const longer = await c.call('POST', '/oauth/token', grant({ grant_type: 'password', username: user.email, password: user.password }));
      expect(longer.headers.get('retry-after')).toBe('2');
      // Another account from the same address is not held up by this one.
      expect((await signIn(c, OTHER.email, OTHER.password)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await signIn(c, user.email, user.password)).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('counts a wrong current password as a failed sign-in: an open session guesses no faster than the sign-in', async () => {
    const api = await start({ signInBackoff: { failures: 3, addressFailures: 100, baseSeconds: 60 } });
    try {
      const user = await freshUser(api.url);
      const c = new Client(api.url);
      await c.login(user);
      const move = (current_password: string) => c.call('PATCH', `/users/${user.id}`, { user: { email: `moved.${user.email}`, current_password } });
      const redirect = (current_password: string) => c.call('PATCH', `/users/${user.id}`, { user: { mobile: '0829990000', notificationMethod: 'whatsapp', current_password } });
      expect((await move('Guess#2026')).status).toBe(422);
      expect((await c.call('DELETE', `/users/${user.id}`, { user: { current_password: 'Guess#2027' } })).status).toBe(422);
      expect((await redirect('Guess#2028')).status).toBe(422);
      expect((await redirect(user.password)).status).toBe(429);
      const paused = await move(user.password);
      expect(paused.status).toBe(429);
      expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(50);
      expect(await paused.json()).toEqual({ error: expect.stringMatching(/^Too many failed attempts\. Try again in \d+ seconds\.$/) });
      expect((await c.call('DELETE', `/users/${user.id}`, { user: { current_password: user.password } })).status).toBe(429);
      expect((await signIn(new Client(api.url), user.email, user.password)).status).toBe(429);
    } finally {
      await api.close();
    }
  });

  it('counts failures per client address across accounts, and /__sandbox/reset clears the count', async () => {
    const api = await start({ signInBackoff: { failures: 100, addressFailures: 3, baseSeconds: 60 } });
    try {
      const c = new Client(api.url);
      for (let i = 0; i < 3; i += 1) expect((await signIn(c, `nobody${i}@example.com`, 'Wrong#2026')).status).toBe(400);
      // Even X-Forwarded-For does not move the caller to another address.
      const paused = await c.call('POST', '/oauth/token', grant({ grant_type: 'password', username: SHOPPER.email, password: SHOPPER.password }), { 'X-Forwarded-For': '203.0.113.9' });
      expect(paused.status).toBe(429);
      expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(50);
      await c.json('POST', '/__sandbox/reset');
      expect((await signIn(c, SHOPPER.email, SHOPPER.password)).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it("pauses an account only from the address its failures come from: a stranger's guesses never shut the owner out", async () => {
    const api = await start({ signInBackoff: { failures: 3, addressFailures: 100, baseSeconds: 60 } });
    try {
      const user = await freshUser(api.url);
      const stranger = (password: string) => jsonFrom('127.0.0.2', api.url, 'POST', '/oauth/token', grant({ grant_type: 'password', username: user.email, password }));
      for (let i = 0; i < 3; i += 1) expect((await stranger('Wrong#2026')).status).toBe(400);
      const paused = await stranger(user.password);
      expect(paused.status).toBe(429);
      expect(Number(paused.headers['retry-after'])).toBeGreaterThan(50);
      // The owner, elsewhere, signs in and changes the account's keys as ever.
      const owner = new Client(api.url);
      await owner.login(user);
      const moved = `moved.${user.email}`;
      expect((await owner.call('PATCH', `/users/${user.id}`, { user: { email: moved, current_password: user.password } })).status).toBe(200);
      // A wrong current password in the owner's session pauses the owner's address only; the stranger's pause stays.
      await owner.login({ email: moved, password: user.password });
      for (let i = 0; i < 3; i += 1) {
        expect((await owner.call('DELETE', `/users/${user.id}`, { user: { current_password: 'Guess#2026' } })).status).toBe(422);
      }
      expect((await signIn(owner, moved, user.password)).status).toBe(429);
      expect((await jsonFrom('127.0.0.3', api.url, 'POST', '/oauth/token', grant({ grant_type: 'password', username: moved, password: user.password }))).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('caps the pause at 15 minutes however long the failures go on', () => {
    expect(DEFAULT_BACKOFF).toMatchObject({ failures: 5, addressFailures: 20, baseSeconds: 30, maxSeconds: 900, windowSeconds: 900 });
    const backoff = new SignInBackoff(DEFAULT_BACKOFF);
    const keys = backoff.keysFor('owner@example.com', '203.0.113.9');
    let now = 0;
    const pauses: number[] = [];
    for (let round = 0; round < 12; round += 1) {
      for (let i = 0; i < DEFAULT_BACKOFF.failures; i += 1) backoff.fail(keys, now);
      const wait = backoff.retryAfter(keys, now);
      pauses.push(wait);
      now += wait * 1000;
    }
    expect(pauses).toEqual([30, 60, 120, 240, 480, 900, 900, 900, 900, 900, 900, 900]);
  });

  it('the reset and unlock links work whatever the pause, and lift the account\'s pause from every address', async () => {
    const api = await start({ signInBackoff: { failures: 2, addressFailures: 100, baseSeconds: 600 } });
    try {
      const c = new Client(api.url);
      const user = await freshUser(api.url);
      const tokenOf = async (kind: string) => (await c.json('GET', '/__sandbox/tokens')).body.data.find((t: Json) => t.kind === kind && t.email === user.email && t.used_at === null).token as string;
      const pauseFrom = async (address: string) => {
        const attempt = () => jsonFrom(address, api.url, 'POST', '/oauth/token', grant({ grant_type: 'password', username: user.email, password: 'Wrong#2026' }));
        for (let i = 0; i < 2; i += 1) await attempt();
        expect((await attempt()).status).toBe(429);
      };
      await pauseFrom('127.0.0.1');
      await pauseFrom('127.0.0.2');
      // Forgot password mails a link while the account is paused, and the new password signs in at once, from anywhere.
      expect((await c.json('POST', '/users/forgot_password', { user: { email: user.email } })).status).toBe(200);
      const password = 'Renewed#2026';
      const reset = await c.json('POST', '/users/reset_password', { user: { password, confirm_password: password, token: await tokenOf('reset') } });
      expect(reset.status).toBe(200);
      expect((await signIn(c, user.email, password)).status).toBe(200);
      expect((await jsonFrom('127.0.0.2', api.url, 'POST', '/oauth/token', grant({ grant_type: 'password', username: user.email, password }))).status).toBe(200);
      // The unlock link of a locked and paused account unlocks it and lifts the pause.
      await c.json('POST', '/__sandbox/lock', { email: user.email });
      await pauseFrom('127.0.0.1');
      expect((await c.json('POST', '/users/unlock_account', { user: { token: await tokenOf('unlock') } })).status).toBe(200);
      expect((await signIn(c, user.email, password)).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('answers an unknown e-mail, a wrong password and a locked account with the same invalid_grant', async () => {
    const c = new Client(sandbox.url);
    const user = await freshUser(sandbox.url);
    const wrong = await signIn(c, user.email, 'Wrong#2026');
    const unknown = await signIn(c, 'nobody.at.all@example.com', 'Wrong#2026');
    expect(wrong).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: expect.any(String) } });
    expect(unknown).toEqual(wrong);
    await control.json('POST', '/__sandbox/lock', { email: user.email });
    expect(await signIn(c, user.email, user.password)).toEqual(wrong);
  });
});

describe('rule 8: length limits', () => {
  it('answers text fields longer than their limit with 422 and the field error', async () => {
    const c = new Client(sandbox.url);
    await c.login(OTHER);
    const long = (n: number) => 'x'.repeat(n);
    const message = 'is too long (maximum is 255 characters)';

    const register = await c.json('POST', '/users', {
      user: { first_name: long(256), last_name: 'L', email: 'long@example.com', mobile: '0821234567', birth_date: '1990-01-01', password: 'Long#2026x' },
    });
    expect(register.status).toBe(422);
    expect(register.body.errors).toEqual({ first_name: [message] });
    const me = (await c.json('GET', '/users/show_details')).body.data.id;
    expect((await c.json('PATCH', `/users/${me}`, { user: { lastName: long(256) } })).body.errors).toEqual({ lastName: [message] });

    const address = await c.json('POST', '/addresses', { address: { name: 'Home', address: long(256), city: 'Durban', province: 'KZN', postal_code: '4001' } });
    expect(address).toEqual({ status: 422, body: { error: `Address ${message}`, errors: { detail: `Address ${message}` } } });

    expect((await c.json('POST', '/cards', { card: { card_name: long(256) } })).body.errors).toEqual({ card_name: [message] });

    const contact = { email: 'v@example.com', first_name: 'V', last_name: 'W', mobile: '0821234567', query_title: 'Hi', query_body: long(5000) };
    expect((await c.json('POST', '/email/contact_us', { contact })).status).toBe(200);
    const tooLong = await c.json('POST', '/email/contact_us', { contact: { ...contact, query_body: long(5001), query_title: long(256) } });
    expect(tooLong.body.errors).toEqual({ query_title: [message], query_body: ['is too long (maximum is 5000 characters)'] });
    const advert = await c.json('POST', '/email/advertise_with_us', { contact: { email: 'v@example.com', mobile: '0821234567', company_name: 'Co', message: long(5001) } });
    expect(advert.body.errors).toEqual({ message: ['is too long (maximum is 5000 characters)'] });

    const addressId = String((await c.json('GET', '/addresses')).body.data[0].id);
    const order = await c.json('POST', '/orders', orderForm({ portal: '1', address: addressId }, [
      { name: long(256), description: `https://a.co/${long(2040)}`, quantity: '1', comment: long(256), screenshot: goodPng() },
    ]));
    expect(order.status).toBe(422);
    expect(order.body.errors).toMatchObject({
      'products[0].name': [message],
      'products[0].description': ['is too long (maximum is 2048 characters)'],
      'products[0].comment': [message],
    });
  });
});

describe('rule 9: origins and links', () => {
  it('CORS allows exactly the configured site origin, not another localhost origin', async () => {
    for (const origin of ['http://localhost:4321', 'http://127.0.0.1:9999', 'http://localhost:3000']) {
      const res = await fetch(`${sandbox.url}/api/web/v1/portals`, { headers: { Origin: origin } });
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const site = await fetch(`${sandbox.url}/api/web/v1/portals`, { headers: { Origin: 'http://127.0.0.1:4321' } });
    expect(site.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
  });

  it('absolute links (tokenize location, upload URLs) ignore the Host header', async () => {
    const tokens = await new Client(sandbox.url).login();
    const headers = { Host: 'evil.example', Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' };
    const card = await rawRequest(sandbox.url, 'POST', '/api/web/v1/cards', headers, JSON.stringify({ card: { card_name: 'Host test' } }));
    expect(card.status).toBe(201);
    expect(card.body.tokenize.location.startsWith(`${sandbox.url}/stand-in/payfast/cards/`)).toBe(true);
    const products = await rawRequest(sandbox.url, 'GET', '/api/web/v1/orders/1/products', headers);
    expect(products.body.data[0].screenshot).toMatch(new RegExp(`^${sandbox.url}/uploads/`));
    expect(JSON.stringify(products.body)).not.toContain('evil.example');
  });

  it("screenshots and return photos are served only through the signed, expiring link of their owner's answers, cached privately", async () => {
    const owner = new Client(sandbox.url);
    await owner.login();
    const link: string = (await owner.json('GET', '/orders/1/products')).body.data[0].screenshot;
    const url = new URL(link);
    const name = url.pathname;
    const shown = await fetch(link);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(/max-age=(\d+)/.exec(shown.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(UPLOAD_LINK_SECONDS);
    expect(maxAge).toBeLessThanOrEqual(2 * UPLOAD_LINK_SECONDS);
    expect(await fetch(link).then((r) => r.headers.get('content-type'))).toBe('image/png');

    const expires = Number(url.searchParams.get('expires'));
    const refused = [
      `${sandbox.url}${name}`,
      `${sandbox.url}${name}?expires=${expires + 3600}&signature=${url.searchParams.get('signature')}`,
      uploadUrl(sandbox.ctx, sandbox.url, name.replace('/uploads/', ''), Date.now() - 3 * UPLOAD_LINK_SECONDS * 1000),
    ];
    for (const other of refused) {
      const res = await fetch(other ?? '');
      expect(res.status, other ?? '').toBe(403);
      expect(await res.json()).toEqual({ error: 'This image link has ended. Reload the page to see the image again.' });
    }
  });

  it('the stand-in PayFast page completes or cancels a pending card only with its secret', async () => {
    const c = new Client(sandbox.url);
    await c.login(OTHER);
    const created = (await c.json('POST', '/cards', { card: { card_name: 'Guessable?' } })).body;
    const id = created.data.id;
    const location: string = created.tokenize.location;
    for (const path of [`/stand-in/payfast/cards/${id}`, `/stand-in/payfast/cards/${id}/wrong-secret`]) {
      expect((await fetch(`${sandbox.url}${path}`)).status, path).toBe(404);
      for (const action of ['complete', 'cancel']) {
        expect((await fetch(`${sandbox.url}${path}/${action}`, { method: 'POST', redirect: 'manual' })).status, `${path}/${action}`).toBe(404);
      }
    }
    expect((await c.json('GET', '/cards')).body.data.map((card: { id: number }) => card.id)).not.toContain(id);
    expect((await fetch(location)).status).toBe(200);
    expect((await fetch(`${location}/complete`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect((await c.json('GET', '/cards')).body.data.map((card: { id: number }) => card.id)).toContain(id);
  });
});
