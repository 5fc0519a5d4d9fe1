/**
 * The one inline script of every page: marks <html data-session="user|guest"> from the stored
 * access token before first paint. Constant text, so its CSP hash never changes.
 */
export const SESSION_FLAG_SCRIPT =
  "try{var s=localStorage.getItem('access_token')||sessionStorage.getItem('access_token');document.documentElement.dataset.session=s&&s.length<4097&&!/[^\\w.~+/=-]/.test(s)?'user':'guest'}catch(e){document.documentElement.dataset.session='guest'}";

/** Which variant of the session-dependent chrome (.guest-only / .user-only) shows. */
export type SessionFlag = 'user' | 'guest';

/** Switches the session-dependent chrome without a reload. */
export function setSessionFlag(flag: SessionFlag): void {
  document.documentElement.dataset.session = flag;
}
