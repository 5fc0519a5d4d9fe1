import { atom, computed } from 'nanostores';
import { revokeToken } from '../api/revoke';
import { deleteStoredDraft } from '../draft-lifetime';
import { adoptRenewal, broadcast, clearTokens, forgetStoredSession, onAccessTokenChange, readStoredToken, SESSION_CHANNEL } from '../api/token-storage';

/** Where the session's tokens are kept and how they are stored, renewed and dropped (src/lib/api/token-storage). */
export { clearTokens, readStoredToken, storeTokens } from '../api/token-storage';

const hasWindow = typeof window !== 'undefined';

/** Access token of the signed-in shopper; '' when signed out. */
export const $accessToken = atom<string>(readStoredToken('access_token'));

onAccessTokenChange((token) => $accessToken.set(token));

/** True while a shopper is signed in. */
export const $signedIn = computed($accessToken, (token) => token !== '');

/** Ends the session everywhere: revokes the tokens on the server, drops them and every personal datum kept here (the draft and its screenshots too), every tab, then home. */
export function signOut(options: { redirect?: boolean } = {}): void {
  if (!hasWindow) return;
  revokeToken(readStoredToken('refresh_token'));
  revokeToken(readStoredToken('access_token'));
  deleteStoredDraft();
  forgetStoredSession();
  broadcast('signout');
  if (options.redirect !== false) window.location.assign('/');
}

/** Follows sign-in, sign-out and token renewals in other tabs; returns a function that stops following. */
export function followOtherTabs(onSignedOut: () => void): () => void {
  if (!hasWindow) return () => undefined;
  const onStorage = (event: StorageEvent): void => {
    if (event.key !== 'access_token' && event.key !== null) return;
    const token = readStoredToken('access_token');
    if (token === $accessToken.get()) return;
    if (token === '') {
      clearTokens();
      onSignedOut();
    } else {
      $accessToken.set(token);
    }
  };
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(SESSION_CHANNEL);
  if (channel) {
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (adoptRenewal(event.data) || event.data !== 'signout') return;
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
