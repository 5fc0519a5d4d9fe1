import { PUSH_REGISTRATION_KEY } from './api/token-storage';

// The browser's side of push notifications: what this browser can do, its subscription, and the id the service gave it.
// The service's side is src/lib/api/push.ts; src/lib/stores/push.ts puts the two together.

/** Why push cannot be turned on here, or 'ready' when it can. */
export type PushSupport = 'ready' | 'unsupported' | 'home-screen';

/** The browser's subscription as the service takes it. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The subscription this browser registered, as the service answered it, and the shopper (user id) it was registered for. */
export interface RegisteredPush {
  id: number;
  endpoint: string;
  owner: number;
}


function isApple(): boolean {
  // iPadOS says it is a Mac; only the touch points tell them apart.
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1)
  );
}

/** Whether this browser can take push notifications; on an iPhone or iPad outside a Home Screen app it cannot, and the app added there can. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'ready';
  return isApple() ? 'home-screen' : 'unsupported';
}

/** The browser's permission for notifications; 'default' until the shopper has been asked. */
export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'denied' : Notification.permission;
}

/** Asks the browser's permission: call it inside the press of a button, never on load. */
export function askPermission(): Promise<NotificationPermission> {
  return Notification.requestPermission();
}

function keysOf(subscription: PushSubscription): BrowserSubscription | null {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** The worker's push subscription, or null (no worker registered yet, or not subscribed). */
export async function currentSubscription(): Promise<BrowserSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? keysOf(subscription) : null;
}

/** Subscribes the site's worker with the service's public key (the one it had, if it is still subscribed). */
export async function subscribeBrowser(publicKey: string): Promise<BrowserSubscription> {
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const read = keysOf(subscription);
  if (!read) throw new Error('The browser gave a subscription without keys');
  return read;
}

/** Ends the worker's push subscription, if there is one; never fails. */
export async function unsubscribeBrowser(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker.getRegistration('/');
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // Nothing to end, or the browser refuses: the service drops the row when the push service answers 410.
  }
}

/** The registration kept for this browser, or null. */
export function readRegisteredPush(): RegisteredPush | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(PUSH_REGISTRATION_KEY) ?? 'null');
    const { id, endpoint, owner } = (value ?? {}) as Partial<RegisteredPush>;
    const isId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;
    return isId(id) && isId(owner) && typeof endpoint === 'string' ? { id, endpoint, owner } : null;
  } catch {
    return null;
  }
}

/**
 * At sign-in: a registration kept for another shopper (or none, beside a browser still subscribed) is from a sign-in
 * that ended without a completed Log Out. The browser is unsubscribed, so that shopper's messages no longer reach this
 * phone, and the registration forgotten. `userId` null: no registration is kept to be matched. Never fails.
 */
export async function releaseOthersPush(userId: number | null): Promise<void> {
  if (userId !== null && readRegisteredPush()?.owner === userId) return;
  keepRegisteredPush(null);
  await unsubscribeBrowser();
}

/** Keeps (or with null forgets) this browser's registration. */
export function keepRegisteredPush(registered: RegisteredPush | null): void {
  try {
    if (registered) window.localStorage.setItem(PUSH_REGISTRATION_KEY, JSON.stringify(registered));
    else window.localStorage.removeItem(PUSH_REGISTRATION_KEY);
  } catch {
    // Storage full or blocked: the next visit finds the subscription unregistered and offers to turn it on again.
  }
}
