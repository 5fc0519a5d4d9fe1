import { api } from './client';
import { asInt, asText, readOne } from './decode';
import { isApiError } from './errors';

/** A push subscription as the service keeps it (the browser's keys are never sent back). */
export interface StoredPushSubscription {
  id: number;
  endpoint: string;
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
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Registers this browser's subscription for the signed-in shopper (POST /push_subscriptions); the same endpoint again moves it to them. */
export async function createPushSubscription(subscription: {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}): Promise<StoredPushSubscription> {
  const body = await api<unknown>('/push_subscriptions', {
    method: 'POST',
    body: {
      push_subscription: {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      },
    },
  });
  const record = readOne(body, 'push_subscription');
  return { id: asInt(record.id), endpoint: asText(record.endpoint) };
}

/** Removes one of the shopper's subscriptions (DELETE /push_subscriptions/{id}); one already gone counts as removed. */
export async function deletePushSubscription(id: number): Promise<void> {
  try {
    await api(`/push_subscriptions/${id}`, { method: 'DELETE' });
  } catch (error) {
    if (!(isApiError(error) && error.status === 404)) throw error;
  }
}
