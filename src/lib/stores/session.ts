import { atom, computed } from 'nanostores';
import { deletePushSubscriptionAtExit } from '../api/push';
import { revokeToken } from '../api/revoke';
import { deleteStoredDraft } from '../draft-lifetime';
import { keepRegisteredPush, readRegisteredPush, unsubscribeBrowser } from '../push-support';
import {
  adoptRenewal,
  broadcast,
  clearTokens,
  forgetStoredSession,
  onAccessTokenChange,
  readStoredToken,
  SESSION_CHANNEL,
} from '../api/token-storage';

/** Where the session's tokens are kept and how they are stored, renewed and dropped (src/lib/api/token-storage). */
export { clearTokens, readStoredToken, storeTokens } from '../api/token-storage';

const hasWindow = typeof window !== 'undefined';

/** Access token of the signed-in shopper; '' when signed out. */
export const $accessToken = atom<string>(readStoredToken('access_token'));

onAccessTokenChange((token) => $accessToken.set(token));

/** True while a shopper is signed in. */
export const $signedIn = computed($accessToken, (token) => token !== '');

/** Most a sign-out waits for this phone's push subscription to be removed before it revokes the tokens that remove it. */
const PUSH_REMOVAL_WAIT_MS = 2000;

/** Removes this phone's push subscription from the service and the browser; the tokens are revoked only after. */
async function endPush(accessToken: string): Promise<void> {
  const registered = readRegisteredPush();
  keepRegisteredPush(null);
  const removal = Promise.all([
    registered ? deletePushSubscriptionAtExit(registered.id, accessToken) : undefined,
    unsubscribeBrowser(),
  ]);
  await Promise.race([removal, new Promise((resolve) => setTimeout(resolve, PUSH_REMOVAL_WAIT_MS))]);
}

/**
 * Ends the session everywhere: drops the tokens and every personal datum kept here (the draft and its screenshots too)
 * in every tab, removes this phone's push subscription, revokes the tokens on the server, then goes home.
 */
export function signOut(options: { redirect?: boolean } = {}): void {
  if (!hasWindow) return;
  const accessToken = readStoredToken('access_token');
  const refreshToken = readStoredToken('refresh_token');
  deleteStoredDraft();
  forgetStoredSession();
  broadcast('signout');
  const leave = (): void => {
    // The service revokes a token pair as one (Doorkeeper): neither is revoked before the subscription is removed.
    revokeToken(refreshToken);
    revokeToken(accessToken);
    if (options.redirect !== false) window.location.assign('/');
  };
  // Without a subscription nothing waits: the common sign-out stays immediate.
  if (readRegisteredPush() === null) leave();
  else void endPush(accessToken).then(leave);
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
