/**
 * The one inline script of every page: marks <html data-session="user|guest"> from the stored
 * access token before first paint. Constant text, so its CSP hash never changes.
 */
export const SESSION_FLAG_SCRIPT =
  "try{var s=localStorage.getItem('access_token')||sessionStorage.getItem('access_token');document.documentElement.dataset.session=s&&s.length<4097&&!/[^\\w.~+/=-]/.test(s)?'user':'guest'}catch(e){document.documentElement.dataset.session='guest'}";

/** True for a stored value shaped like an OAuth bearer token (RFC 6750 b64token, at most 4096 characters); the head script applies the same test. */
export function looksLikeToken(value: string | null): value is string {
  // Storage may hold garbage (another app, an old version, a hand edit): that is no session.
  return !!value && value.length <= 4096 && !/[^\w.~+/=-]/.test(value);
}

/** Which variant of the session-dependent chrome (.guest-only / .user-only) shows. */
export type SessionFlag = 'user' | 'guest';

/** Switches the session-dependent chrome without a reload. */
export function setSessionFlag(flag: SessionFlag): void {
  document.documentElement.dataset.session = flag;
}
