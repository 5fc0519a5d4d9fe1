import { config } from './config';

/** Where a card-creation redirect may go: the payment hosts, and the API's own host for the sandbox. */
export interface RedirectPolicy {
  /** Hosts (with a port when not the default) the browser may be sent to. */
  hosts: readonly string[];
  /** The API origin; plain http is accepted only on its host (the sandbox's stand-in page). */
  apiHost: string;
}

const defaultPolicy: RedirectPolicy = { hosts: config.paymentHosts, apiHost: config.apiHost };

function hostOf(origin: string): string {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return '';
  }
}

/** True when the card-creation location is https (or http on the API host) on a listed payment host. */
export function isAllowedPaymentRedirect(location: unknown, policy: RedirectPolicy = defaultPolicy): location is string {
  if (typeof location !== 'string' || location.trim() === '') return false;
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return false;
  }
  // Credentials in the URL would let a look-alike hide the real host from the shopper.
  if (url.username !== '' || url.password !== '' || url.hostname === '') return false;
  const host = url.host.toLowerCase();
  const listed = policy.hosts.some((h) => h.trim().toLowerCase() === host);
  if (!listed) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && host === hostOf(policy.apiHost);
}
