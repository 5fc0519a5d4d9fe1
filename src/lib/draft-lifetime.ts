import { looksLikeToken } from './api/token-storage';

/** The localStorage key of the order form draft (SPEC section 3). */
export const DRAFT_KEY = 'initial_values';
/** The IndexedDB database that holds the order draft's screenshots. */
export const DRAFT_DATABASE = 'shopper-order-draft';

// A cookie without an expiry lives exactly as long as the browser session, in every tab: the lifetime of a session
// without Keep me signed in (its tokens sit in sessionStorage, which closing the browser empties too).
const BROWSER_SESSION_COOKIE = 'draft_session';

/** Marks this browser session as the one a shopper without Keep me signed in typed the draft in. */
export function markBrowserSession(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${BROWSER_SESSION_COOKIE}=1; Path=/; SameSite=Strict${secure}`;
}

/** Deletes the draft: its values and the database of its screenshots (open pages close their connection when asked). */
export function deleteStoredDraft(): void {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Blocked storage holds nothing to remove.
  }
  try {
    indexedDB.deleteDatabase(DRAFT_DATABASE);
  } catch {
    // No IndexedDB (private mode in some browsers): nothing was stored there.
  }
}

/** What the start of a page needs to know about the stored draft and the session on this device. */
export interface DraftStart {
  /** The stored draft's raw text, null when there is none. */
  draft: string | null;
  /** The refresh token kept for Keep me signed in (localStorage), shared by every tab. */
  rememberedRefresh: string | null;
  /** Whether the cookie of markBrowserSession is still there (the browser has not been closed since). */
  browserSessionMarked: boolean;
}

/**
 * True when the stored draft is a shopper's whose session has ended while no order form was open: a Keep me signed in
 * session whose tokens are gone (a refresh refused on another page), or a session without it after the browser closed.
 * A visitor's draft and anything unreadable are left to the order form.
 */
export function draftOutlivedItsSession({ draft, rememberedRefresh, browserSessionMarked }: DraftStart): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(draft ?? 'null');
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null || !('owner' in parsed) || typeof parsed.owner !== 'number') return false;
  // Drafts saved before this rule carry no `remembered`: they were kept as remembered ones.
  const remembered = !('remembered' in parsed) || parsed.remembered !== false;
  return remembered ? !looksLikeToken(rememberedRefresh) : !browserSessionMarked;
}

/** At the start of every page: deletes a shopper's draft that outlived its session, before anyone else signs in here. */
export function dropDraftOfEndedSession(): void {
  let start: DraftStart;
  try {
    start = {
      draft: localStorage.getItem(DRAFT_KEY),
      rememberedRefresh: localStorage.getItem('refresh_token'),
      browserSessionMarked: document.cookie.split('; ').includes(`${BROWSER_SESSION_COOKIE}=1`),
    };
  } catch {
    return;
  }
  if (draftOutlivedItsSession(start)) deleteStoredDraft();
}
