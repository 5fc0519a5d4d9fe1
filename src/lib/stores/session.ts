import { atom, computed } from 'nanostores';
import { looksLikeToken } from '../shell/session-flag';

const ACCESS = 'access_token';
const REFRESH = 'refresh_token';
const REMEMBER = 'remember_me';
const CHANNEL = 'session';

/** Storage keys that hold personal data and go when the session ends (SPEC section 3). */
export const PERSONAL_KEYS = [ACCESS, REFRESH, 'initial_values'] as const;

const hasWindow = typeof window !== 'undefined';

function safeGet(storage: () => Storage, key: string): string {
  try {
    return storage().getItem(key) ?? '';
  } catch {
    // Storage can be disabled or full of garbage; a missing token is the safe reading.
    return '';
  }
}

function safeSet(storage: () => Storage, key: string, value: string | undefined): void {
  try {
    if (value === undefined) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // A full or blocked storage must never break sign-in; the session then lives in memory only.
  }
}

const local = (): Storage => window.localStorage;
const session = (): Storage => window.sessionStorage;

/** Reads a token from localStorage (Keep me signed in) or sessionStorage; '' when absent or not token-shaped. */
export function readStoredToken(key: typeof ACCESS | typeof REFRESH): string {
  if (!hasWindow) return '';
  const token = safeGet(local, key) || safeGet(session, key) || memory[key];
  return looksLikeToken(token) ? token : '';
}

const memory: Record<typeof ACCESS | typeof REFRESH, string> = { [ACCESS]: '', [REFRESH]: '' };

/** Access token of the signed-in shopper; '' when signed out. */
export const $accessToken = atom<string>(readStoredToken(ACCESS));

/** True while a shopper is signed in. */
export const $signedIn = computed($accessToken, (token) => token !== '');

/** Whether the current session was started with Keep me signed in. */
export function isRemembered(): boolean {
  return hasWindow && safeGet(local, REMEMBER) === 'true';
}

/** Stores a fresh token pair where the session keeps them, and tells the other tabs. */
export function storeTokens(accessToken: string, refreshToken: string, remember = isRemembered()): void {
  if (!hasWindow) return;
  const keep = remember ? local : session;
  const drop = remember ? session : local;
  safeSet(local, REMEMBER, remember ? 'true' : undefined);
  for (const key of [ACCESS, REFRESH] as const) safeSet(drop, key, undefined);
  safeSet(keep, ACCESS, accessToken);
  safeSet(keep, REFRESH, refreshToken);
  memory[ACCESS] = safeGet(keep, ACCESS) === accessToken ? '' : accessToken;
  memory[REFRESH] = safeGet(keep, REFRESH) === refreshToken ? '' : refreshToken;
  document.documentElement.dataset.session = 'user';
  $accessToken.set(accessToken);
}

/** Removes both tokens (a rejected refresh): the shopper is signed out but stays on the page. */
export function clearTokens(): void {
  if (!hasWindow) return;
  for (const key of PERSONAL_KEYS.slice(0, 2)) {
    safeSet(local, key, undefined);
    safeSet(session, key, undefined);
  }
  memory[ACCESS] = '';
  memory[REFRESH] = '';
  document.documentElement.dataset.session = 'guest';
  $accessToken.set('');
}

function broadcast(message: 'signout'): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** Ends the session everywhere: tokens and cached personal data, every tab, then home. */
export function signOut(options: { redirect?: boolean } = {}): void {
  if (!hasWindow) return;
  for (const key of PERSONAL_KEYS) {
    safeSet(local, key, undefined);
    safeSet(session, key, undefined);
  }
  safeSet(local, REMEMBER, undefined);
  clearTokens();
  broadcast('signout');
  if (options.redirect !== false) window.location.assign('/');
}

/** Follows sign-in and sign-out in other tabs; returns a function that stops following. */
export function followOtherTabs(onSignedOut: () => void): () => void {
  if (!hasWindow) return () => undefined;
  const onStorage = (event: StorageEvent): void => {
    if (event.key !== ACCESS && event.key !== null) return;
    const token = readStoredToken(ACCESS);
    if (token === $accessToken.get()) return;
    if (token === '') {
      clearTokens();
      onSignedOut();
    } else {
      $accessToken.set(token);
    }
  };
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
  if (channel) {
    channel.onmessage = () => {
      clearTokens();
      onSignedOut();
    };
  }
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('storage', onStorage);
    channel?.close();
  };
}
