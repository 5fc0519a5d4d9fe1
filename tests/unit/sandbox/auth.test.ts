import { createHash } from 'node:crypto';
import type { RunningSandbox } from '../../../sandbox/src/server';
import { codeFromSignedRequest, signRequest } from '../../../sandbox/src/routes-stand-in';
import { Client, OTHER, SHOPPER, start } from './helpers';

let sandbox: RunningSandbox;
let c: Client;

beforeAll(async () => {
  sandbox = await start();
  c = new Client(sandbox.url);
});
afterAll(() => sandbox.close());

const grant = (extra: Record<string, unknown>) => ({ client_id: 'shopper-web', scope: 'read write', ...extra });

describe('POST /oauth/token', () => {
  it('issues a Doorkeeper token response for the password grant', async () => {
    const res = await c.json('POST', '/oauth/token', grant({ grant_type: 'password', username: SHOPPER.email, password: SHOPPER.password }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 7200,
      refresh_token: expect.any(String),
      scope: 'read write',
      created_at: expect.any(Number),
    });
  });

  it('accepts a form-encoded body', async () => {
    const res = await c.call('POST', '/oauth/token', new URLSearchParams({
      grant_type: 'password', username: SHOPPER.email, password: SHOPPER.password, client_id: 'shopper-web',
    }).toString(), { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(200);
  });

  it('answers bad credentials with 400 invalid_grant', async () => {
    for (const body of [
      grant({ grant_type: 'password', username: SHOPPER.email, password: 'wrong' }),
      grant({ grant_type: 'password', username: 'nobody@example.com', password: 'x' }),
      grant({ grant_type: 'password', username: 42, password: ['x'] }),
    ]) {
      const res = await c.json('POST', '/oauth/token', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    }
  });

  it('answers an unknown client or a secret with 401 invalid_client', async () => {
    const unknown = await c.json('POST', '/oauth/token', { ...grant({ grant_type: 'password', username: SHOPPER.email, password: SHOPPER.password }), client_id: 'evil' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('invalid_client');
    const secret = await c.json('POST', '/oauth/token', grant({ grant_type: 'password', client_secret: 's', username: SHOPPER.email, password: SHOPPER.password }));
    expect(secret.status).toBe(401);
  });

  it('rejects an unsupported grant type and malformed JSON', async () => {
    expect((await c.json('POST', '/oauth/token', grant({ grant_type: 'client_credentials' }))).body.error).toBe('unsupported_grant_type');
    const bad = await c.json('POST', '/oauth/token', '{"grant_type":');
    expect(bad).toEqual({ status: 400, body: { error: 'Malformed JSON' } });
  });

  it('rotates refresh tokens: the old one works until the new access token is used', async () => {
    const first = await c.login();
    const refresh = (token: string) => c.json('POST', '/oauth/token', grant({ grant_type: 'refresh_token', refresh_token: token }));
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    // Not yet used: the old refresh token still works (Doorkeeper's default).
    const again = await refresh(first.refresh_token);
    expect(again.status).toBe(200);
    const use = new Client(sandbox.url);
    use.token = again.body.access_token;
    expect((await use.call('GET', '/users/show_details')).status).toBe(200);
    const stale = await refresh(first.refresh_token);
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe('invalid_grant');
    // The old pair's access token went with it.
    const old = new Client(sandbox.url);
    old.token = first.access_token;
    expect((await old.call('GET', '/users/show_details')).status).toBe(401);
    expect((await refresh('not-a-token')).status).toBe(400);
  });

  it('gets invalid_grant after the user tokens are revoked', async () => {
    const other = new Client(sandbox.url);
    const tokens = await other.login(OTHER);
    expect((await c.json('POST', '/__sandbox/revoke-refresh', { email: OTHER.email })).body.data.revoked).toBeGreaterThan(0);
    const res = await c.json('POST', '/oauth/token', grant({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }));
    expect(res).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: expect.any(String) } });
    expect((await other.call('GET', '/users/show_details')).status).toBe(401);
  });
});

describe('protected calls', () => {
  it('answer 401 with an empty text/html body and WWW-Authenticate', async () => {
    const anon = new Client(sandbox.url);
    for (const token of ['', 'unknown-token']) {
      anon.token = token;
      const res = await anon.call('GET', '/users/show_details');
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="Doorkeeper"/);
      expect(await res.text()).toBe('');
    }
  });

  it('reject an expired token (token-lifetime switch)', async () => {
    await c.json('POST', '/__sandbox/token-lifetime', { seconds: 0 });
    const expired = new Client(sandbox.url);
    const tokens = await expired.login();
    expect(tokens.expires_in).toBe(0);
    const res = await expired.call('GET', '/addresses');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('expired');
    // A refresh still works and the new token lives again once the lifetime is back.
    await c.json('POST', '/__sandbox/token-lifetime', { seconds: 7200 });
    const refreshed = await c.json('POST', '/oauth/token', grant({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }));
    expired.token = refreshed.body.access_token;
    expect((await expired.call('GET', '/addresses')).status).toBe(200);
    expect((await c.json('POST', '/__sandbox/token-lifetime', { seconds: -1 })).status).toBe(422);
  });
});

describe('lock and unlock', () => {
  it('an operator lock answers like a wrong password and the mailed token unlocks', async () => {
    const anon = new Client(sandbox.url);
    const email = 'lock.me@example.com';
    const password = 'Lockme#2026';
    expect((await anon.json('POST', '/users', { user: { first_name: 'L', last_name: 'M', email, mobile: '0821234567', birth_date: '1990-01-01', password } })).status).toBe(200);
    const attempt = (pw: string) => anon.json('POST', '/oauth/token', grant({ grant_type: 'password', username: email, password: pw }));
    const wrong = await attempt('Wrong#2026');
    expect((await c.json('POST', '/__sandbox/lock', { email })).body.data).toEqual({ email, revoked: 0 });
    expect(await attempt(password)).toEqual(wrong);
    expect((await c.json('POST', '/__sandbox/lock', { email: 'ghost@example.com' })).status).toBe(404);

    const bad = await anon.json('POST', '/users/unlock_account', { user: { token: 'nope' } });
    expect(bad).toEqual({ status: 422, body: { error: 'Invalid unlock token' } });
    const tokens = (await c.json('GET', '/__sandbox/tokens')).body.data;
    const unlock = tokens.find((t: { kind: string; email: string }) => t.kind === 'unlock' && t.email === email);
    const ok = await anon.json('POST', '/users/unlock_account', { user: { token: unlock.token } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toEqual(expect.any(String));
    expect((await attempt(password)).status).toBe(200);
    expect((await anon.json('POST', '/users/unlock_account', { user: { token: unlock.token } })).status).toBe(422);
  });
});

describe('social sign-in stand-ins', () => {
  const redirect = 'http://127.0.0.1:4321/auth/google';
  const verifier = 'v'.repeat(43);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const consentUrl = (provider: 'google' | 'facebook', extra: Record<string, string> = {}) =>
    `/stand-in/${provider}/consent?${new URLSearchParams({ client_id: `sandbox-${provider}`, redirect_uri: redirect, state: 'xyz', code_challenge: challenge, code_challenge_method: 'S256', ...extra })}`;
  const linksOf = async (res: Response) => [...(await res.text()).matchAll(/href="([^"]+)"/g)].map((m) => new URL((m[1] ?? '').replace(/&amp;/g, '&')));

  it('Google consent hands a single-use code that only its verifier, redirect URI and nonce can trade', async () => {
    const res = await c.call('GET', consentUrl('google', { nonce: 'n-123' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const [allow, deny] = await linksOf(res);
    expect(`${allow?.origin}${allow?.pathname}`).toBe(redirect);
    expect(allow?.searchParams.get('state')).toBe('xyz');
    expect(deny?.searchParams.get('error')).toBe('access_denied');
    const code = allow?.searchParams.get('code') ?? '';
    const trade = (body: Record<string, string>) => c.json('POST', '/users/auth/google_oauth2/callback', { code, code_verifier: verifier, redirect_uri: redirect, nonce: 'n-123', ...body });
    const wrongs: Record<string, string>[] = [{ code_verifier: 'w'.repeat(43) }, { redirect_uri: 'http://127.0.0.1:4321/elsewhere' }, { nonce: 'other' }];
    for (const wrong of wrongs) {
      expect(await trade(wrong)).toEqual({ status: 401, body: { error: 'invalid_grant', error_description: expect.any(String) } });
    }
    const ok = await trade({});
    expect(ok.status).toBe(200);
    expect(ok.body.token_type).toBe('Bearer');
    expect((await trade({})).status).toBe(401);
    const who = new Client(sandbox.url);
    who.token = ok.body.access_token;
    expect((await who.json('GET', '/users/show_details')).body.data.email).toBe(SHOPPER.email);
  });

  it('refuses a consent without an S256 challenge, and a Google one without a nonce', async () => {
    for (const url of [
      consentUrl('google', { nonce: 'n', code_challenge: '' }),
      consentUrl('google', { nonce: 'n', code_challenge_method: 'plain' }),
      consentUrl('google'),
      consentUrl('facebook', { code_challenge: 'short' }),
    ]) {
      expect((await c.call('GET', url)).status, url).toBe(400);
    }
  });

  it("Facebook's redirect answers with the code; the callback (a POST) also reads the SDK's signed_request", async () => {
    const [allow] = await linksOf(await c.call('GET', consentUrl('facebook')));
    const code = allow?.searchParams.get('code') ?? '';
    const trade = (body: Record<string, string>) => c.json('POST', '/users/auth/facebook/callback', { code_verifier: verifier, redirect_uri: redirect, ...body });
    expect((await trade({ code, code_verifier: '' })).status).toBe(401);
    expect((await trade({ code })).status).toBe(200);
    expect((await trade({ code })).status).toBe(401);
    const [again] = await linksOf(await c.call('GET', consentUrl('facebook')));
    const signed = signRequest({ algorithm: 'HMAC-SHA256', code: again?.searchParams.get('code'), issued_at: 1 });
    expect(codeFromSignedRequest(signed)).toBe(again?.searchParams.get('code'));
    expect(codeFromSignedRequest(`x${signed}`)).toBeUndefined();
    expect((await trade({ signed_request: signed })).status).toBe(200);
    expect((await c.json('POST', '/users/auth/facebook/callback')).status).toBe(401);
  });

  it('refuses a PKCE verifier in the query, where logs keep it, and the GET of SPEC section 7 whatever it carries', async () => {
    const refused = { error: 'invalid_request', error_description: expect.any(String) };
    for (const provider of ['facebook', 'google'] as const) {
      const [allow] = await linksOf(await c.call('GET', consentUrl(provider, { nonce: 'n-1' })));
      const code = allow?.searchParams.get('code') ?? '';
      const path = `/users/auth/${provider === 'google' ? 'google_oauth2' : 'facebook'}/callback`;
      const query = new URLSearchParams({ code, code_verifier: verifier, redirect_uri: redirect, nonce: 'n-1' });
      expect(await c.json('POST', `${path}?${query}`)).toEqual({ status: 400, body: refused });
      // The code was not spent: the same values in the body trade it.
      expect((await c.json('POST', path, Object.fromEntries(query))).status).toBe(200);
    }
    const [allow] = await linksOf(await c.call('GET', consentUrl('facebook')));
    const query = new URLSearchParams({ code: allow?.searchParams.get('code') ?? '', code_verifier: verifier, redirect_uri: redirect });
    const get = await c.call('GET', `/users/auth/facebook/callback?${query}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toEqual(refused);
  });

  it('refuses redirect_uri outside localhost', async () => {
    for (const uri of ['https://evil.example/cb', 'javascript:alert(1)', '']) {
      const res = await c.call('GET', `/stand-in/google/consent?client_id=x&redirect_uri=${encodeURIComponent(uri)}`);
      expect(res.status).toBe(400);
    }
  });
});
