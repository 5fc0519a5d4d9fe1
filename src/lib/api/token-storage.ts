const ACCESS = 'access_token';
const REFRESH = 'refresh_token';
const REMEMBER = 'remember_me';

/** The BroadcastChannel that carries sign-out and token renewals between the tabs of one browser. */
export const SESSION_CHANNEL = 'session';

// The signed-in shopper's user id, kept with the tokens and bound to their refresh token (its last characters, which
// tell pairs apart and add nothing to what storage holds): whose session this is when the shopper cannot be read
// (offline). Bound, so that tokens put in place by anything but this module never inherit another shopper's id.
const SESSION_USER = 'session_user';
const BINDING_CHARS = 12;

/** Where this browser keeps its push subscription's registration with the service (src/lib/push-support.ts). */
export const PUSH_REGISTRATION_KEY = 'push-subscription';

// Storage keys that hold personal data and go at sign-out (SPEC section 3), besides those clearTokens drops.
const PERSONAL_KEYS = ['initial_values'] as const;

/** The name of one stored token. */
export type TokenKey = typeof ACCESS | typeof REFRESH;

const hasWindow = typeof window !== 'undefined';

/** True for a stored value shaped like an OAuth bearer token (RFC 6750 b64token, at most 4096 characters); the head script applies the same test. */
export function looksLikeToken(value: string | null): value is string {
  // Storage may hold garbage (another app, an old version, a hand edit): that is no session.
  return !!value && value.length <= 4096 && !/[^\w.~+/=-]/.test(value);
}

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

const memory: Record<TokenKey, string> = { [ACCESS]: '', [REFRESH]: '' };

const listeners = new Set<(accessToken: string) => void>();

function announce(accessToken: string): void {
  for (const listener of listeners) listener(accessToken);
}

/** Calls `listener` with the new access token ('' at sign-out) whenever this tab stores or drops one; returns a function that stops it. */
export function onAccessTokenChange(listener: (accessToken: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads a token from localStorage (Keep me signed in) or sessionStorage; '' when absent or not token-shaped. */
export function readStoredToken(key: TokenKey): string {
  if (!hasWindow) return '';
  const token = safeGet(local, key) || safeGet(session, key) || memory[key];
  return looksLikeToken(token) ? token : '';
}

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
  announce(accessToken);
}

/**
 * Stores the pair a refresh returned. A sessionStorage session also hands it to the other tabs that
 * hold `previousRefresh` (a tab opened with window.open starts with a copy of this tab's storage):
 * the token server revokes the old pair once the new access token is used, which would sign them out.
 */
export function storeRenewedTokens(previousRefresh: string, accessToken: string, refreshToken: string): void {
  storeTokens(accessToken, refreshToken);
  rebindSessionUser(isRemembered() ? local : session, previousRefresh, refreshToken);
  if (!isRemembered()) broadcast({ type: 'renewed', previous: previousRefresh, access: accessToken, refresh: refreshToken });
}

/** Removes both tokens (a rejected refresh, Log Out, another tab's sign-out) and the push registration made in that sign-in: the shopper is signed out but stays on the page. */
export function clearTokens(): void {
  if (!hasWindow) return;
  // A push subscription belongs to the sign-in it was made in (docs/push-notifications.md): however the sign-in ends,
  // its registration goes with it, and the next sign-in on this phone unsubscribes the browser.
  for (const key of [ACCESS, REFRESH, SESSION_USER, PUSH_REGISTRATION_KEY]) {
    safeSet(local, key, undefined);
    safeSet(session, key, undefined);
  }
  memory[ACCESS] = '';
  memory[REFRESH] = '';
  document.documentElement.dataset.session = 'guest';
  announce('');
}

/** Keeps the signed-in shopper's user id beside the session's tokens (it goes with them, and with each renewal). */
export function rememberSessionUser(id: number): void {
  const refresh = readStoredToken(REFRESH);
  if (refresh === '') return;
  safeSet(isRemembered() ? local : session, SESSION_USER, `${id}:${refresh.slice(-BINDING_CHARS)}`);
}

// Moves the shopper's id kept in `storage` from the refresh token it was bound to onto its renewal.
function rebindSessionUser(storage: () => Storage, previousRefresh: string, refresh: string): void {
  const kept = safeGet(storage, SESSION_USER);
  if (kept) safeSet(storage, SESSION_USER, kept.replace(`:${previousRefresh.slice(-BINDING_CHARS)}`, `:${refresh.slice(-BINDING_CHARS)}`));
}

/** The user id of the shopper this session's tokens were last read as, or null when none is known. */
export function readSessionUser(): number | null {
  const refresh = readStoredToken(REFRESH);
  const kept = /^(\d{1,15}):(.+)$/.exec(hasWindow ? safeGet(local, SESSION_USER) || safeGet(session, SESSION_USER) : '');
  const id = Number(kept?.[1]);
  return refresh !== '' && kept?.[2] === refresh.slice(-BINDING_CHARS) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Drops the tokens, Keep me signed in and every personal datum kept in storage (sign-out). */
export function forgetStoredSession(): void {
  if (!hasWindow) return;
  for (const key of PERSONAL_KEYS) {
    safeSet(local, key, undefined);
    safeSet(session, key, undefined);
  }
  safeSet(local, REMEMBER, undefined);
  clearTokens();
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

/** Takes a renewal another tab sent, if `data` is one; only a tab still holding the pair that was renewed stores the new one. True when `data` was a renewal. */
export function adoptRenewal(data: unknown): boolean {
  if (!isRenewal(data)) return false;
  // Other tabs have their own session: their stored refresh token differs from the renewed one.
  if (!hasWindow || safeGet(session, REFRESH) !== data.previous) return true;
  safeSet(session, ACCESS, data.access);
  safeSet(session, REFRESH, data.refresh);
  rebindSessionUser(session, data.previous, data.refresh);
  announce(data.access);
  return true;
}

/** Posts a message to the other tabs of this browser. */
export function broadcast(message: 'signout' | Renewal): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage(message);
  channel.close();
}
