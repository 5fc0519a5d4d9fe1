// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/errors';
import { listPortals } from '../../src/lib/api/portals';
import { SESSION_FLAG_SCRIPT } from '../../src/lib/shell/session-flag';
import { clearTokens, readStoredToken } from '../../src/lib/stores/session';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearTokens();
  vi.unstubAllGlobals();
});

const GARBAGE = ['%%{not a token', '{"token":42}', 'a b', 'a'.repeat(4097)];

describe('a stored token that is garbage', () => {
  it.each(GARBAGE.map((junk) => [junk.slice(0, 20), junk]))('reads as no session: %s', (_name, junk) => {
    localStorage.setItem('access_token', junk);
    expect(readStoredToken('access_token')).toBe('');
    new Function(SESSION_FLAG_SCRIPT)();
    expect(document.documentElement.dataset.session).toBe('guest');
  });

  it('leaves a token-shaped value alone', () => {
    localStorage.setItem('access_token', 'Ab3-_.~+/xyz==');
    expect(readStoredToken('access_token')).toBe('Ab3-_.~+/xyz==');
    new Function(SESSION_FLAG_SCRIPT)();
    expect(document.documentElement.dataset.session).toBe('user');
  });
});

describe('the public shops list fails as SPEC section 8 says', () => {
  it('names the status, or the body error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500 })));
    await expect(listPortals()).rejects.toMatchObject({ message: 'Request failed with status code 500', kind: 'server', status: 500 });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"Down for maintenance"}', { status: 503 })));
    await expect(listPortals()).rejects.toThrow('Down for maintenance');
  });

  it('reads no response at all as Server is probably offline', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await listPortals().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Server is probably offline', kind: 'offline' });
  });
});
