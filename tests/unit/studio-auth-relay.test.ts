import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import relay, { STATE_COOKIE, type RelayEnv } from '../../studio-auth/worker.js';

// The studio's sign-in relay (studio-auth/worker.js) as Cloudflare Workers runs it: a fetch handler given a Request and
// its settings. The last page's script is run against a stand-in window to see whom it hands the token to.

const STUDIO = 'https://studio.shopper.example';
const RELAY = 'https://auth.shopper.example';
const ENV: RelayEnv = { GITHUB_CLIENT_ID: 'client-1', GITHUB_CLIENT_SECRET: 'secret-1', STUDIO_ORIGIN: STUDIO };
const TOKEN = 'gho_test_token';

afterEach(() => vi.unstubAllGlobals());

const get = (path: string, env: RelayEnv = ENV, cookie?: string) =>
  relay.fetch(new Request(`${RELAY}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), env);

/** Starts a sign-in as the studio does (it sends a site_id and a scope of its own) and gives the state and the cookie. */
async function start(env: RelayEnv = ENV) {
  const response = await get('/auth?provider=github&site_id=evil.example&scope=repo,user', env);
  expect(response.status).toBe(302);
  const consent = new URL(response.headers.get('Location') ?? '');
  const cookie = response.headers.get('Set-Cookie') ?? '';
  return { consent, cookie, state: consent.searchParams.get('state') ?? '' };
}

/** GitHub's token endpoint, answering `answer`; the calls it had. */
function stubGitHub(answer: unknown = { access_token: TOKEN, scope: 'public_repo', token_type: 'bearer' }) {
  const calls: { url: string; body: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    calls.push({ url: String(url), body: JSON.parse(String(init.body)) });
    return Response.json(answer);
  });
  return calls;
}

/** The last page's script, run in a stand-in pop-up whose opener is a window of `openerOrigin`; what reaches the opener. */
async function runHandOver(response: Response, openerOrigin: string) {
  const html = await response.text();
  const script = /<script nonce="[0-9a-f]+">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const received: unknown[] = [];
  // postMessage delivers only when the target origin is '*' or the opener's.
  const opener = {
    postMessage: (data: unknown, target: string) => {
      if (target === '*' || target === openerOrigin) received.push(data);
    },
  };
  const listeners: ((event: { origin: string; source: unknown; data: unknown }) => void)[] = [];
  const window = { opener, addEventListener: (_type: string, listener: (typeof listeners)[number]) => listeners.push(listener) };
  runInNewContext(script, { window });
  const answer = (origin: string, source: unknown = opener) => listeners.forEach((listener) => listener({ origin, source, data: 'authorizing:github' }));
  return { html, received, answer };
}

describe('the studio sign-in relay', () => {
  it('asks GitHub for the configured scope only, whatever the caller asks, with a single-use state in a Secure, HttpOnly, SameSite cookie', async () => {
    const { consent, cookie, state } = await start();
    expect(consent.origin + consent.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(consent.searchParams.get('scope')).toBe('public_repo');
    expect(consent.searchParams.get('client_id')).toBe('client-1');
    expect(consent.searchParams.get('redirect_uri')).toBe(`${RELAY}/callback`);
    expect(state).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).toBe(`${STATE_COOKIE}=${state}; Max-Age=600; Path=/; Secure; HttpOnly; SameSite=Lax`);
    expect((await start()).state).not.toBe(state);

    expect((await start({ ...ENV, GITHUB_SCOPE: 'repo' })).consent.searchParams.get('scope')).toBe('repo');
  });

  it('refuses to start with a scope beyond writing a repository, or without the studio origin, a client id or secret', async () => {
    for (const env of [
      { ...ENV, GITHUB_SCOPE: 'repo,user' },
      { ...ENV, GITHUB_SCOPE: 'user' },
      { ...ENV, GITHUB_CLIENT_SECRET: '' },
    ]) {
      const response = await get('/auth?provider=github', env);
      expect(response.status).toBe(200);
      expect(response.headers.get('Location')).toBeNull();
      expect((await runHandOver(response, STUDIO)).html).toContain('MISCONFIGURED_CLIENT');
    }
    for (const origin of [undefined, '*', `${STUDIO}/admin/`, 'http://studio.shopper.example', 'https://user@studio.shopper.example']) {
      const response = await get('/auth?provider=github', { ...ENV, STUDIO_ORIGIN: origin });
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain('This sign-in relay is not set up');
      expect(html).not.toContain('<script');
    }
    expect((await runHandOver(await get('/auth?provider=gitlab'), STUDIO)).html).toContain('UNSUPPORTED_BACKEND');
  });

  it('refuses a callback that its pop-up did not start: no state cookie, another state, or a state already used', async () => {
    const calls = stubGitHub();
    const { state, cookie } = await start();
    const other = (await start()).cookie;
    const pair = cookie.split(';')[0] ?? '';
    for (const [query, sent] of [
      [`?code=c1&state=${state}`, undefined],
      [`?code=c1&state=${state}`, other.split(';')[0]],
      [`?code=c1&state=${'0'.repeat(64)}`, pair],
      ['?code=c1', pair],
    ] as const) {
      const response = await get(`/callback${query}`, ENV, sent);
      expect(response.headers.get('Set-Cookie')).toBe(`${STATE_COOKIE}=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax`);
      const { html, received, answer } = await runHandOver(response, STUDIO);
      answer(STUDIO);
      expect(html).toContain('CSRF_DETECTED');
      expect(JSON.stringify(received)).not.toContain(TOKEN);
    }
    expect(calls).toEqual([]);
  });

  it('exchanges the code once its state matches, and hands the token only to the studio origin, after the studio answers', async () => {
    const calls = stubGitHub();
    const { state, cookie } = await start();
    const response = await get(`/callback?code=c1&state=${state}`, ENV, cookie.split(';')[0]);
    expect(calls).toEqual([
      {
        url: 'https://github.com/login/oauth/access_token',
        body: { client_id: 'client-1', client_secret: 'secret-1', code: 'c1', redirect_uri: `${RELAY}/callback` },
      },
    ]);
    expect(response.headers.get('Set-Cookie')).toMatch(/Max-Age=0/);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Content-Security-Policy')).toMatch(/frame-ancestors 'none'/);
    const copy = response.clone();

    // Opened by a page of another origin: not even the handshake reaches it, and its answers get nothing.
    const stranger = await runHandOver(response, 'https://evil.example');
    stranger.answer('https://evil.example');
    stranger.answer(STUDIO, {});
    expect(stranger.received).toEqual([]);
    expect(stranger.html).not.toContain("'*'");

    const studio = await runHandOver(copy, STUDIO);
    expect(studio.received).toEqual(['authorizing:github']);
    studio.answer('https://evil.example');
    studio.answer(STUDIO, {});
    expect(studio.received).toEqual(['authorizing:github']);
    studio.answer(STUDIO);
    expect(studio.received).toEqual(['authorizing:github', `authorization:github:success:{"provider":"github","token":"${TOKEN}"}`]);
  });

  it('tells the studio when GitHub was cancelled or gave no token', async () => {
    const calls = stubGitHub({ error: 'bad_verification_code' });
    const cancelled = await start();
    const response = await get(`/callback?error=access_denied&state=${cancelled.state}`, ENV, cancelled.cookie.split(';')[0]);
    expect((await runHandOver(response, STUDIO)).html).toContain('AUTH_CODE_REQUEST_FAILED');
    expect(calls).toEqual([]);

    const refused = await start();
    const noToken = await get(`/callback?code=c1&state=${refused.state}`, ENV, refused.cookie.split(';')[0]);
    const { received, answer } = await runHandOver(noToken, STUDIO);
    answer(STUDIO);
    expect(received[1]).toMatch(/^authorization:github:error:.*"errorCode":"TOKEN_REQUEST_FAILED"/);
  });

  it('answers nothing else', async () => {
    expect((await get('/')).status).toBe(404);
    expect((await relay.fetch(new Request(`${RELAY}/auth?provider=github`, { method: 'POST' }), ENV)).status).toBe(405);
  });
});
