// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { facebookCallback, googleCallback } from '../../src/lib/api/auth';
import { api, refreshSession } from '../../src/lib/api/client';
import { ApiError, normaliseError } from '../../src/lib/api/errors';
import { config } from '../../src/lib/config';
import { FLASH_KEY, takeFlashes } from '../../src/lib/flash';
import { $accessToken, readStoredToken, storeTokens } from '../../src/lib/stores/session';

type Handler = (url: string, init: RequestInit) => Promise<Response> | Response;

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const empty401 = (): Response => new Response('', { status: 401, headers: { 'Content-Type': 'text/html' } });

let tokenCalls = 0;
let apiCalls: { url: string; auth: string | null }[] = [];

function mockFetch(handler: Handler): void {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === config.tokenUrl) tokenCalls += 1;
    else apiCalls.push({ url, auth: new Headers(init.headers).get('Authorization') });
    return Promise.resolve(handler(url, init));
  });
}

/** A fetch that never answers but honours the abort signal, as a dead network does. */
function hang(init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')));
  });
}

/** A stand-in for Web Locks across tabs: one holder at a time, the others queued in order, ifAvailable honoured. */
function fakeLocks() {
  let held = false;
  const queue: (() => void)[] = [];
  const release = (): void => {
    const next = queue.shift();
    if (next) next();
    else held = false;
  };
  type Callback = (lock: { name: string } | null) => unknown;
  return {
    request(name: string, optionsOrCallback: { ifAvailable?: boolean } | Callback, maybeCallback?: Callback): Promise<unknown> {
      const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
      const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback) as Callback;
      if (held && options.ifAvailable) return Promise.resolve(callback(null));
      const run = async (): Promise<unknown> => {
        try {
          return await callback({ name });
        } finally {
          release();
        }
      };
      if (!held) {
        held = true;
        return run();
      }
      return new Promise((resolve, reject) => queue.push(() => void run().then(resolve, reject)));
    },
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  tokenCalls = 0;
  apiCalls = [];
  storeTokens('old-access', 'old-refresh', true);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('error normalisation (SPEC section 8)', () => {
  it('reads a 5xx as a server error with the body error and errors fields', async () => {
    mockFetch(() => json(503, { error: 'Maintenance', errors: { base: ['down'] } }));
    const error = await api('/orders').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', status: 503, message: 'Maintenance', errors: { base: ['down'] } });
  });

  it('reads a 4xx as a client error with the field map', async () => {
    mockFetch(() => json(422, { error: 'Validation failed', errors: { email: ['is taken'] } }));
    await expect(api('/users', { method: 'POST', body: {} })).rejects.toMatchObject({
      kind: 'client',
      status: 422,
      message: 'Validation failed',
      errors: { email: ['is taken'] },
    });
  });

  it('falls back to "Request failed with status code {status}" without a body error', async () => {
    mockFetch(() => json(404, {}));
    await expect(api('/orders/9')).rejects.toMatchObject({ kind: 'client', message: 'Request failed with status code 404' });
    mockFetch(() => new Response('oops', { status: 500 }));
    await expect(api('/orders/9')).rejects.toMatchObject({ kind: 'server', message: 'Request failed with status code 500' });
  });

  it('says the server is probably offline when no response came', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api('/orders')).rejects.toMatchObject({ kind: 'offline', message: 'Server is probably offline' });
  });

  it('treats a timeout as no response', async () => {
    mockFetch((_url, init) => hang(init));
    await expect(api('/orders', { timeout: 30 })).rejects.toMatchObject({ kind: 'offline', message: 'Server is probably offline' });
  });

  it('calls anything else something terrible', () => {
    const error = normaliseError(new RangeError('bad'));
    expect(error).toMatchObject({ kind: 'unknown', message: 'Something terrible happened' });
  });

  it('logs every failure as a warning without the token', async () => {
    mockFetch(() => json(500, { error: 'Boom' }));
    await api('/orders').catch(() => undefined);
    expect(console.warn).toHaveBeenCalled();
    expect(JSON.stringify(vi.mocked(console.warn).mock.calls)).not.toContain('old-access');
  });
});

describe('one refresh, one retry', () => {
  it('sends the bearer token from the session', async () => {
    mockFetch(() => json(200, { data: [] }));
    await api('/orders');
    expect(apiCalls[0]?.auth).toBe('Bearer old-access');
  });

  it('five concurrent 401s cause one refresh and five retries', async () => {
    mockFetch((url, init) => {
      if (url === config.tokenUrl) return new Promise((r) => setTimeout(() => r(json(200, { access_token: 'new-access', refresh_token: 'new-refresh' })), 20));
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer new-access' ? json(200, { data: url }) : empty401();
    });
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => api<{ data: string }>(`/orders/${n}`)));
    expect(tokenCalls).toBe(1);
    expect(results.map((r) => r.data)).toEqual([1, 2, 3, 4, 5].map((n) => `${config.apiBase}/orders/${n}`));
    expect(apiCalls.filter((c) => c.auth === 'Bearer new-access')).toHaveLength(5);
    expect(readStoredToken('refresh_token')).toBe('new-refresh');
    expect($accessToken.get()).toBe('new-access');
  });

  it('a retried request that gets 401 again is not retried a third time', async () => {
    mockFetch((url) => (url === config.tokenUrl ? json(200, { access_token: 'new-access', refresh_token: 'new-refresh' }) : empty401()));
    await expect(api('/orders')).rejects.toMatchObject({ status: 401 });
    expect(apiCalls).toHaveLength(2);
    expect(tokenCalls).toBe(1);
  });

  it('a rejected refresh clears both tokens', async () => {
    mockFetch((url) => (url === config.tokenUrl ? json(400, { error: 'invalid_grant', error_description: 'revoked' }) : empty401()));
    await expect(api('/orders')).rejects.toMatchObject({ status: 401 });
    expect(readStoredToken('access_token')).toBe('');
    expect(readStoredToken('refresh_token')).toBe('');
    expect($accessToken.get()).toBe('');
  });

  it('a rejected refresh leaves the next page a message that says why the shopper is signed out; a timeout does not', async () => {
    sessionStorage.removeItem(FLASH_KEY);
    mockFetch((url) => (url === config.tokenUrl ? json(400, { error: 'invalid_grant', error_description: 'revoked' }) : empty401()));
    await expect(api('/orders')).rejects.toMatchObject({ status: 401 });
    expect(takeFlashes()).toEqual([{ kind: 'error', message: 'Your session has ended: please sign in again.' }]);
  });

  it('a timed-out refresh keeps both tokens', async () => {
    const timeout = config.requestTimeoutMs;
    vi.useFakeTimers();
    mockFetch((url, init) => (url === config.tokenUrl ? hang(init) : empty401()));
    const outcome = api('/orders').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(timeout + 10);
    vi.useRealTimers();
    expect(await outcome).toMatchObject({ status: 401 });
    expect(tokenCalls).toBe(1);
    expect(readStoredToken('access_token')).toBe('old-access');
    expect(readStoredToken('refresh_token')).toBe('old-refresh');
    expect(takeFlashes()).toEqual([]);
  });

  it('an offline refresh keeps both tokens', async () => {
    mockFetch((url) => (url === config.tokenUrl ? Promise.reject(new TypeError('Failed to fetch')) : empty401()));
    expect(await refreshSession('old-access')).toBe('failed');
    expect(readStoredToken('refresh_token')).toBe('old-refresh');
  });

  it('a token renewed meanwhile (another tab) is used without calling the token endpoint', async () => {
    storeTokens('other-tab-access', 'other-tab-refresh', true);
    mockFetch(() => json(200, {}));
    expect(await refreshSession('old-access')).toBe('refreshed');
    expect(tokenCalls).toBe(0);
  });

  it('a sessionStorage session hands the renewed pair to its other tabs; a remembered one needs not', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'BroadcastChannel',
      class {
        postMessage(message: unknown): void {
          posted.push(message);
        }
        close(): void {}
      },
    );
    mockFetch((url) => (url === config.tokenUrl ? json(200, { access_token: 'new-access', refresh_token: 'new-refresh' }) : json(200, {})));
    expect(await refreshSession('old-access')).toBe('refreshed');
    expect(posted).toEqual([]);

    storeTokens('tab-access', 'tab-refresh', false);
    expect(await refreshSession('tab-access')).toBe('refreshed');
    expect(posted).toEqual([{ type: 'renewed', previous: 'tab-refresh', access: 'new-access', refresh: 'new-refresh' }]);
    expect(sessionStorage.getItem('refresh_token')).toBe('new-refresh');
  });

  it('a refresh rejected because another tab renewed the pair meanwhile keeps the pair handed over', async () => {
    storeTokens('old-access', 'old-refresh', false);
    mockFetch((url, init) => {
      if (url === config.tokenUrl) {
        // The other tab's renewal arrives while this call is under way; the server then refuses the old refresh token.
        sessionStorage.setItem('access_token', 'handed-access');
        sessionStorage.setItem('refresh_token', 'handed-refresh');
        return json(400, { error: 'invalid_grant' });
      }
      return new Headers(init.headers).get('Authorization') === 'Bearer handed-access' ? json(200, { data: 'ok' }) : empty401();
    });
    await expect(api<{ data: string }>('/orders')).resolves.toEqual({ data: 'ok' });
    expect(tokenCalls).toBe(1);
    expect(readStoredToken('refresh_token')).toBe('handed-refresh');
  });

  it("a tab queued behind another tab's refresh waits for that tab's token to reach its storage", async () => {
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    // The other tab renews under the lock; its new pair reaches this tab's storage a moment after the lock does.
    void locks.request('token-refresh', () => new Promise((resolve) => setTimeout(resolve, 30)));
    setTimeout(() => storeTokens('other-access', 'other-refresh', true), 60);
    mockFetch((url, init) => {
      if (url === config.tokenUrl) return json(200, { access_token: 'own-access', refresh_token: 'own-refresh' });
      return new Headers(init.headers).get('Authorization') === 'Bearer other-access' ? json(200, { data: 'ok' }) : empty401();
    });
    await expect(api<{ data: string }>('/orders')).resolves.toEqual({ data: 'ok' });
    expect(tokenCalls).toBe(0);
  });

  it('a queued tab whose predecessor renewed nothing calls the token endpoint itself; a free lock means no wait', async () => {
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    mockFetch((url) => (url === config.tokenUrl ? json(200, { access_token: 'own-access', refresh_token: 'own-refresh' }) : json(200, {})));
    void locks.request('token-refresh', () => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(await refreshSession('old-access')).toBe('refreshed');
    expect(tokenCalls).toBe(1);
    const started = Date.now();
    expect(await refreshSession('own-access')).toBe('refreshed');
    expect(tokenCalls).toBe(2);
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('public calls carry no token and never refresh', async () => {
    mockFetch(() => empty401());
    await expect(api('/portals', { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(apiCalls[0]?.auth).toBeNull();
    expect(tokenCalls).toBe(0);
  });
});

describe('social callbacks', () => {
  it("send the code and the PKCE verifier in a POST body, never in the query (Facebook's too)", async () => {
    const sent: { url: string; method?: string; body: unknown }[] = [];
    mockFetch((url, init) => {
      sent.push({ url, method: init.method, body: JSON.parse(String(init.body)) });
      return json(200, { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 7200 });
    });
    const grant = { code: 'the-code', codeVerifier: 'the-verifier', redirectUri: 'http://127.0.0.1:4321/auth/facebook/callback/' };
    await facebookCallback(grant);
    await googleCallback({ ...grant, nonce: 'the-nonce' });
    expect(sent).toEqual([
      { url: `${config.apiHost}/users/auth/facebook/callback`, method: 'POST', body: { code: 'the-code', code_verifier: 'the-verifier', redirect_uri: grant.redirectUri } },
      { url: `${config.apiHost}/users/auth/google_oauth2/callback`, method: 'POST', body: { code: 'the-code', code_verifier: 'the-verifier', redirect_uri: grant.redirectUri, nonce: 'the-nonce' } },
    ]);
  });
});
