import { config } from '../config';

/**
 * Asks the token server to revoke a token (RFC 7009, Doorkeeper's POST /oauth/revoke) and never
 * waits or fails: `keepalive` lets the request outlive the page navigating away at sign-out.
 */
export function revokeToken(token: string): void {
  if (!token || typeof fetch === 'undefined') return;
  // A form body keeps this a simple CORS request: no preflight that a leaving page would lose.
  const body = new URLSearchParams({ token, client_id: config.oauthClientId });
  if (config.oauthClientSecret) body.set('client_secret', config.oauthClientSecret);
  fetch(config.revokeUrl, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => {
    // The session ends here whatever the server says; the token then dies by its lifetime.
  });
}
