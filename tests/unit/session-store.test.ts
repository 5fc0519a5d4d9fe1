// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $accessToken, $signedIn, clearTokens, followOtherTabs, readStoredToken, signOut, storeTokens } from '../../src/lib/stores/session';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearTokens();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session store', () => {
  it('keeps tokens in localStorage with Keep me signed in', () => {
    storeTokens('a1', 'r1', true);
    expect(localStorage.getItem('access_token')).toBe('a1');
    expect(localStorage.getItem('remember_me')).toBe('true');
    expect(sessionStorage.getItem('access_token')).toBeNull();
    expect($signedIn.get()).toBe(true);
    expect(document.documentElement.dataset.session).toBe('user');
  });

  it('keeps tokens in sessionStorage without it', () => {
    storeTokens('a2', 'r2', false);
    expect(sessionStorage.getItem('access_token')).toBe('a2');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('remember_me')).toBeNull();
  });

  it('keeps the session in memory when storage is full', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => storeTokens('a3', 'r3', true)).not.toThrow();
    expect(readStoredToken('access_token')).toBe('a3');
    expect(readStoredToken('refresh_token')).toBe('r3');
    expect($accessToken.get()).toBe('a3');
  });

  it('reads nothing when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readStoredToken('access_token')).toBe('');
  });

  it('signing out clears tokens and the order draft, and tells other tabs', () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'BroadcastChannel',
      class {
        postMessage(m: unknown): void {
          posted.push(m);
        }
        close(): void {}
      },
    );
    storeTokens('a4', 'r4', true);
    localStorage.setItem('initial_values', '{"version":1}');
    signOut({ redirect: false });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('initial_values')).toBeNull();
    expect($signedIn.get()).toBe(false);
    expect(posted).toEqual(['signout']);
    vi.unstubAllGlobals();
  });

  it('follows a sign-out in another tab through the storage event', () => {
    storeTokens('a5', 'r5', true);
    const onSignedOut = vi.fn();
    const stop = followOtherTabs(onSignedOut);
    localStorage.removeItem('access_token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', oldValue: 'a5', newValue: null }));
    expect(onSignedOut).toHaveBeenCalledOnce();
    expect($signedIn.get()).toBe(false);
    stop();
  });

  it('takes a pair renewed in another tab only when it holds the pair that was renewed', () => {
    const channels: { onmessage: ((event: MessageEvent) => void) | null }[] = [];
    vi.stubGlobal(
      'BroadcastChannel',
      class {
        onmessage: ((event: MessageEvent) => void) | null = null;
        constructor() {
          channels.push(this);
        }
        postMessage(): void {}
        close(): void {}
      },
    );
    storeTokens('a6', 'r6', false);
    const onSignedOut = vi.fn();
    const stop = followOtherTabs(onSignedOut);
    const deliver = (data: unknown) => channels[0]?.onmessage?.(new MessageEvent('message', { data }));

    deliver({ type: 'renewed', previous: 'someone-else', access: 'x7', refresh: 'y7' });
    deliver({ type: 'renewed', previous: 'r6', access: 'not a token!', refresh: 'y7' });
    deliver({ type: 'hello' });
    expect(sessionStorage.getItem('refresh_token')).toBe('r6');
    expect($accessToken.get()).toBe('a6');

    deliver({ type: 'renewed', previous: 'r6', access: 'a7', refresh: 'r7' });
    expect(sessionStorage.getItem('access_token')).toBe('a7');
    expect(sessionStorage.getItem('refresh_token')).toBe('r7');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect($accessToken.get()).toBe('a7');
    expect(onSignedOut).not.toHaveBeenCalled();

    deliver('signout');
    expect(onSignedOut).toHaveBeenCalledOnce();
    expect($signedIn.get()).toBe(false);
    stop();
    vi.unstubAllGlobals();
  });
});
