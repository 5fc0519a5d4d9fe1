import { atom } from 'nanostores';
import { ApiError, isApiError } from '../api/errors';
import { createPushSubscription, deletePushSubscription, pushKey } from '../api/push';
import { accountMessages } from '../account-messages';
import {
  askPermission,
  currentSubscription,
  keepRegisteredPush,
  notificationPermission,
  pushSupport,
  readRegisteredPush,
  subscribeBrowser,
  unsubscribeBrowser,
} from '../push-support';
import { createWriteStore, type WriteOutcome } from './query';

/**
 * Push notifications on this phone: being found out, off, on, or why they cannot be on (blocked in the browser's
 * settings, a browser without push, an iPhone outside a Home Screen app, a service without the push endpoints).
 */
export type PushState = 'checking' | 'off' | 'on' | 'blocked' | 'unsupported' | 'home-screen' | 'unavailable';

/** This phone's push notifications, as last found out or set. */
export const $pushState = atom<PushState>('checking');

function browserFailure(error: unknown): unknown {
  // The browser's own refusals (no push service, a key it will not take) say nothing a shopper can act on.
  return isApiError(error) ? error : new ApiError(accountMessages.pushFailed, 'unknown');
}

async function turnOn(): Promise<PushState> {
  // First, while the press still counts as the shopper's: the browser asks only inside it.
  const permission = await askPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const key = await pushKey();
  if (key === null) return 'unavailable';
  try {
    const subscription = await subscribeBrowser(key);
    const registered = await createPushSubscription(subscription);
    keepRegisteredPush({ id: registered.id, endpoint: subscription.endpoint });
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

/**
 * Finds out where this phone stands. A subscription the browser renewed (the worker's `pushsubscriptionchange`) is
 * registered again in place of the old one; one the browser dropped (permission taken back) is removed from the service.
 */
export async function checkPush(): Promise<void> {
  const support = pushSupport();
  if (support !== 'ready') return $pushState.set(support);
  if (notificationPermission() === 'denied') return $pushState.set('blocked');
  try {
    const [subscription, registered] = [await currentSubscription(), readRegisteredPush()];
    if (subscription && registered && subscription.endpoint !== registered.endpoint) {
      const renewed = await createPushSubscription(subscription);
      keepRegisteredPush({ id: renewed.id, endpoint: subscription.endpoint });
      await deletePushSubscription(registered.id);
    } else if (!subscription && registered) {
      keepRegisteredPush(null);
      await deletePushSubscription(registered.id);
    }
    $pushState.set(subscription && readRegisteredPush() ? 'on' : 'off');
  } catch {
    // Offline or refused: the shopper can still turn it on or off, which tries again.
    $pushState.set(readRegisteredPush() ? 'on' : 'off');
  }
}
