import { atom, computed } from 'nanostores';
import { revokeToken } from '../api/revoke';
import { looksLikeToken } from '../shell/session-flag';

const ACCESS = 'access_token';
const REFRESH = 'refresh_token';
const REMEMBER = 'remember_me';
const CHANNEL = 'session';

/** Storage keys that hold personal data and go when the session ends (SPEC section 3). */
export const PERSONAL_KEYS = [ACCESS, REFRESH, 'initial_values'] as const;

/** The IndexedDB database that holds the order draft's screenshots; deleted at sign-out. */
export const DRAFT_DATABASE = 'shopper-order-draft';

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

/**
 * Stores the pair a refresh returned. A sessionStorage session also hands it to the other tabs that
 * hold `previousRefresh` (a tab opened with window.open starts with a copy of this tab's storage):
 * the token server revokes the old pair once the new access token is used, which would sign them out.
 */
export function storeRenewedTokens(previousRefresh: string, accessToken: string, refreshToken: string): void {
  storeTokens(accessToken, refreshToken);
  if (!isRemembered()) broadcast({ type: 'renewed', previous: previousRefresh, access: accessToken, refresh: refreshToken });
}

function adoptRenewal({ previous, access, refresh }: Renewal): void {
  // Only a tab still holding the pair that was renewed takes the new one; others have their own session.
  if (!hasWindow || safeGet(session, REFRESH) !== previous) return;
  safeSet(session, ACCESS, access);
  safeSet(session, REFRESH, refresh);
  $accessToken.set(access);
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

/** A renewed token pair handed to the other tabs of a sessionStorage session. */
interface Renewal {
  type: 'renewed';
  previous: string;
  access: string;
  refresh: string;
}

function isRenewal(data: unknown): data is Renewal {
  const m = data as Partial<Renewal> | null;
  return typeof m === 'object' && m !== null && m.type === 'renewed' && [m.previous, m.access, m.refresh].every((t) => typeof t === 'string' && looksLikeToken(t));
}

function broadcast(message: 'signout' | Renewal): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** Ends the session everywhere: revokes the tokens on the server, drops them and every personal datum kept here (the draft and its screenshots too), every tab, then home. */
export function signOut(options: { redirect?: boolean } = {}): void {
  if (!hasWindow) return;
  revokeToken(readStoredToken(REFRESH));
  revokeToken(readStoredToken(ACCESS));
  try {
    // A page still holding the draft open blocks the deletion until it goes, which the redirect brings about.
    indexedDB.deleteDatabase(DRAFT_DATABASE);
  } catch {
    // No IndexedDB (private mode in some browsers): nothing was stored there.
  }
  for (const key of PERSONAL_KEYS) {
    safeSet(local, key, undefined);
    safeSet(session, key, undefined);
  }
  safeSet(local, REMEMBER, undefined);
  clearTokens();
  broadcast('signout');
  if (options.redirect !== false) window.location.assign('/');
}

/** Follows sign-in, sign-out and token renewals in other tabs; returns a function that stops following. */
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
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (isRenewal(event.data)) {
        adoptRenewal(event.data);
        return;
      }
      if (event.data !== 'signout') return;
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
