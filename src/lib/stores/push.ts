import { atom } from 'nanostores';
import { ApiError, isApiError } from '../api/errors';
import { createPushSubscription, deletePushSubscription, pushKey, readPushSubscription, updatePushDetails } from '../api/push';
import {
  askPermission,
  currentSubscription,
  keepRegisteredPush,
  notificationPermission,
  pushSupport,
  readRegisteredPush,
  releaseOthersPush,
  subscribeBrowser,
  unsubscribeBrowser,
} from '../push-support';
import { createWriteStore, type WriteOutcome } from './query';
import { createTryAgain } from './try-again';

// The shopper is read only to match a registration to them, or to record one: a page offering notifications to a
// phone with none registered loads nothing of the user's.
const currentUserId = async (): Promise<number> => (await (await import('./user')).fetchCurrentUser()).id;

// Here, not in account-messages.ts: the order-uploaded page, which offers notifications, needs no other account message.
/** What the notification settings say when they fail (strings the tests assert). */
export const pushMessages = {
  failed: 'We could not turn on notifications on this phone. Please try again.',
  detailsFailed: 'We could not change what your notifications show. Check your connection, then try again.',
} as const;

/** Turning notifications on waits after a 429 from the service. */
export const pushWait = createTryAgain('tries to turn on notifications');

/**
 * Push notifications on this phone: being found out, off, on, or why they cannot be on (blocked in the browser's
 * settings, a browser without push, an iPhone outside a Home Screen app, a service without the push endpoints).
 */
export type PushState = 'checking' | 'off' | 'on' | 'blocked' | 'unsupported' | 'home-screen' | 'unavailable';

function knownAtOnce(): PushState {
  const support = pushSupport();
  if (support !== 'ready') return support;
  return notificationPermission() === 'denied' ? 'blocked' : 'checking';
}

/**
 * This phone's push notifications, as last found out or set. What the browser says at once (no push, an iPhone
 * outside the Home Screen app, blocked) is there from the first paint, so its words never replace the offer on screen.
 */
export const $pushState = atom<PushState>(knownAtOnce());

/** Whether this phone's notifications show the shop and total (a locked phone shows them too); off unless the shopper chose it. */
export const $pushDetails = atom(false);

function browserFailure(error: unknown): unknown {
  // The browser's own refusals (no push service, a key it will not take) say nothing a shopper can act on.
  return isApiError(error) ? error : new ApiError(pushMessages.failed, 'unknown');
}

async function turnOn(): Promise<PushState> {
  // First, while the press still counts as the shopper's: the browser asks only inside it.
  const permission = await askPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const key = await pushKey();
  if (key === null) return 'unavailable';
  try {
    const owner = await currentUserId();
    const subscription = await subscribeBrowser(key);
    const registered = await pushWait.send(() => createPushSubscription(subscription));
    keepRegisteredPush({ id: registered.id, endpoint: subscription.endpoint, owner });
    $pushDetails.set(registered.showDetails);
    return 'on';
  } catch (error) {
    throw browserFailure(error);
  }
}

async function turnOff(): Promise<PushState> {
  const registered = readRegisteredPush();
  if (registered) await deletePushSubscription(registered.id);
  keepRegisteredPush(null);
  await unsubscribeBrowser();
  return 'off';
}

/** Turns this phone's notifications on or off; `{ loading, error }` while it goes, and the new state once done. */
export const $pushSetting = createWriteStore<'on' | 'off', PushState>((want) => (want === 'on' ? turnOn() : turnOff()), []);

/** Turns notifications on (asking the browser's permission: call it from the press of a button) or off; resolves with the write's outcome. */
export async function setPush(want: 'on' | 'off'): Promise<WriteOutcome<PushState> | undefined> {
  const done = await $pushSetting.mutate(want);
  if (done && 'data' in done) $pushState.set(done.data);
  return done;
}

/** Shows (true) or hides the shop and total in this phone's notifications; `{ loading, error }` while it goes. */
export const $pushDetailsSetting = createWriteStore<boolean, boolean>(async (show) => {
  const registered = readRegisteredPush();
  if (!registered) throw new ApiError(pushMessages.detailsFailed, 'unknown');
  return (await updatePushDetails(registered.id, show)).showDetails;
}, [], pushMessages.detailsFailed);

/** Sets whether notifications show the shop and total: shown at once, and back as it was if the service refuses; resolves with the write's outcome. */
export async function setPushDetails(show: boolean): Promise<WriteOutcome<boolean> | undefined> {
  const before = $pushDetails.get();
  $pushDetails.set(show);
  const done = await $pushDetailsSetting.mutate(show);
  $pushDetails.set(done && 'data' in done ? done.data : before);
  return done;
}

/**
 * Finds out where this phone stands, from the service's answer for the signed-in shopper: never "on" from this
 * browser's memory alone. A registration of another shopper, or a browser subscription with none, is from a sign-in
 * that ended: the browser is unsubscribed. A subscription the browser renewed (the worker's `pushsubscriptionchange`)
 * is registered again in place of the old one; one the browser dropped (permission taken back) is removed from the service.
 */
export async function checkPush(): Promise<void> {
  const known = knownAtOnce();
  if (known !== 'checking') return $pushState.set(known);
  $pushDetails.set(false);
  try {
    await releaseOthersPush(readRegisteredPush() ? await currentUserId() : null);
    const [subscription, registered] = [await currentSubscription(), readRegisteredPush()];
    if (!subscription || !registered) {
      keepRegisteredPush(null);
      if (registered) await deletePushSubscription(registered.id);
      return $pushState.set('off');
    }
    const stored = await readPushSubscription(registered.id);
    if (stored?.endpoint !== registered.endpoint) {
      keepRegisteredPush(null);
      await unsubscribeBrowser();
      return $pushState.set('off');
    }
    if (subscription.endpoint !== registered.endpoint) {
      const renewed = await createPushSubscription(subscription, stored.showDetails);
      keepRegisteredPush({ id: renewed.id, endpoint: subscription.endpoint, owner: registered.owner });
      await deletePushSubscription(registered.id);
    }
    $pushDetails.set(stored.showDetails);
    $pushState.set('on');
  } catch {
    // Offline or refused: without the service's answer it is not shown as on; turning it on tries again.
    $pushState.set('off');
  }
}
