import { api } from './client';
import { asBool, asInt, asText, readOne } from './decode';
import { isApiError } from './errors';

/** A push subscription as the service keeps it (the browser's keys are never sent back). */
export interface StoredPushSubscription {
  id: number;
  endpoint: string;
  /** The shopper chose to see the shop and total in notifications (a locked phone shows them too). */
  showDetails: boolean;
}

function fromWire(body: unknown): StoredPushSubscription {
  const record = readOne(body, 'push_subscription');
  return { id: asInt(record.id), endpoint: asText(record.endpoint), showDetails: asBool(record.show_details) };
}

function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * The service's public VAPID key (GET /push_subscriptions/key, which SPEC does not show: the sandbox is the reference);
 * null when the service has no such endpoint (404), so the screens can say push is not available yet.
 */
export async function pushKey(): Promise<string | null> {
  try {
    const key = asText(readOne(await api<unknown>('/push_subscriptions/key'), 'push_key').public_key);
    return /^[A-Za-z0-9_-]{80,100}$/.test(key) ? key : null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * Registers this browser's subscription for the signed-in shopper's sign-in (POST /push_subscriptions), with whether
 * its messages show the shop and total (off unless the shopper chose it); the same endpoint again moves it to them.
 */
export async function createPushSubscription(
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  showDetails = false,
): Promise<StoredPushSubscription> {
  const body = await api<unknown>('/push_subscriptions', {
    method: 'POST',
    body: {
      push_subscription: {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
        show_details: showDetails,
      },
    },
  });
  return fromWire(body);
}

/**
 * The subscription as the service keeps it for this sign-in (GET /push_subscriptions/{id}); null when the service does
 * not know it for the signed-in shopper's sign-in: another shopper's, an ended sign-in's, or a service without the call.
 */
export async function readPushSubscription(id: number): Promise<StoredPushSubscription | null> {
  try {
    return fromWire(await api<unknown>(`/push_subscriptions/${id}`));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Sets whether notifications show the shop and total (PATCH /push_subscriptions/{id}). */
export async function updatePushDetails(id: number, showDetails: boolean): Promise<StoredPushSubscription> {
  return fromWire(await api<unknown>(`/push_subscriptions/${id}`, { method: 'PATCH', body: { push_subscription: { show_details: showDetails } } }));
}

/** Removes one of the shopper's subscriptions (DELETE /push_subscriptions/{id}); one already gone counts as removed. */
export async function deletePushSubscription(id: number): Promise<void> {
  try {
    await api(`/push_subscriptions/${id}`, { method: 'DELETE' });
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}
