import { config } from '../config';

/**
 * Removes one of the shopper's push subscriptions at sign-out (DELETE /push_subscriptions/{id}) with the access token
 * that is about to be revoked. Plain `fetch`, not the API client, and `keepalive`, so it outlives the page leaving;
 * resolved whatever the answer (the session ends anyway; the service drops the row at the next 410).
 */
export function deletePushSubscriptionAtExit(id: number, accessToken: string): Promise<void> {
  if (!accessToken || typeof fetch === 'undefined') return Promise.resolve();
  return fetch(`${config.apiBase}/push_subscriptions/${id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${accessToken}` },
    keepalive: true,
    credentials: 'omit',
  }).then(
    () => undefined,
    () => undefined,
  );
}
