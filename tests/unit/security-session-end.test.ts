// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normaliseError, retryAfterSeconds } from '../../src/lib/api/errors';
import { config } from '../../src/lib/config';
import { $signIn } from '../../src/lib/stores/sign-in';
import { DEFAULT_WAIT_S } from '../../src/lib/stores/try-again';
import { DRAFT_DATABASE } from '../../src/lib/draft-lifetime';
import { signOut, storeTokens } from '../../src/lib/stores/session';

interface Sent {
  url: string;
  init: RequestInit;
}

let sent: Sent[] = [];
const signInWait = $signIn.wait;

/** A press of Sign In, rejecting with its failure as the form shows it. */
async function signIn(values: { username: string; password: string; remember: boolean }): Promise<unknown> {
  const done = await $signIn.mutate(values);
  if (done && 'error' in done) throw done.error;
  return done?.data;
}
let tokenAnswer: () => Response = () => new Response('{}', { status: 500 });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sent = [];
  signInWait.$until.set(0);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    sent.push({ url, init });
    return Promise.resolve(url === config.tokenUrl ? tokenAnswer() : new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Log Out', () => {
  it('revokes the refresh and the access token with POST /oauth/revoke (token, client_id), keepalive, without waiting', () => {
    storeTokens('access-1', 'refresh-1', true);
    signOut({ redirect: false });
    const revokes = sent.filter((s) => s.url === config.revokeUrl);
    expect(revokes).toHaveLength(2);
    const bodies = revokes.map((s) => new URLSearchParams(s.init.body as URLSearchParams));
    expect(bodies.map((b) => b.get('token'))).toEqual(['refresh-1', 'access-1']);
    expect(bodies.every((b) => b.get('client_id') === config.oauthClientId && !b.has('client_secret'))).toBe(true);
    expect(revokes.every((s) => s.init.method === 'POST' && s.init.keepalive === true && s.init.credentials === 'omit')).toBe(true);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('never fails because the revoke call fails', () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    storeTokens('access-2', 'refresh-2', false);
    expect(() => signOut({ redirect: false })).not.toThrow();
    expect(sessionStorage.getItem('refresh_token')).toBeNull();
  });

  it('removes the draft from localStorage and deletes the screenshots database', () => {
    const deleteDatabase = vi.fn();
    vi.stubGlobal('indexedDB', { deleteDatabase });
    storeTokens('access-3', 'refresh-3', true);
    localStorage.setItem('initial_values', '{"version":1}');
    signOut({ redirect: false });
    expect(deleteDatabase).toHaveBeenCalledWith(DRAFT_DATABASE);
    expect(localStorage.getItem('initial_values')).toBeNull();
  });
});

describe('a 429 from the token endpoint', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThanOrEqual(29);
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
  });

  it('says how long to wait and keeps Sign In refused until then', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    tokenAnswer = () => new Response(JSON.stringify({ error: 'too_many_requests' }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '42' } });
    await expect(signIn({ username: 'a@b.co', password: 'x', remember: false })).rejects.toThrow('Too many sign-in attempts. Please wait 42 seconds before you try again.');
    expect(signInWait.left()).toBe(42);
    const calls = sent.length;
    await expect(signIn({ username: 'a@b.co', password: 'x', remember: false })).rejects.toThrow('Please wait 42 seconds');
    expect(sent.length).toBe(calls);
    vi.setSystemTime(Date.now() + 42_000);
    expect(signInWait.left()).toBe(0);
  });

  it('waits a default time when the 429 names none', async () => {
    tokenAnswer = () => new Response('{}', { status: 429, headers: { 'Content-Type': 'application/json' } });
    await expect(signIn({ username: 'a@b.co', password: 'x', remember: false })).rejects.toThrow(`Please wait ${DEFAULT_WAIT_S} seconds`);
  });

  it('keeps the header on the normalised error', () => {
    const error = normaliseError({ name: 'FetchError', response: { status: 429, _data: {}, headers: new Headers({ 'Retry-After': '7' }) } });
    expect(error.retryAfter).toBe(7);
  });
});
