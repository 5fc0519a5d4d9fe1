import { config } from '../config';
import { asInt, asText, readList, type WireRecord } from './decode';
import { ApiError, OFFLINE_MESSAGE } from './errors';

/** A shop as the API lists it, with client names (SPEC section 3). */
export interface Portal {
  id: number;
  name: string;
  link: string;
  category: string;
  tcLink: string;
  privacyPolicyLink: string;
  returnPolicyLink: string;
  picture: string;
}

/** An advert banner as the API lists it, with client names (SPEC section 3). */
export interface Advert {
  id: number;
  portalId: number;
  name: string;
  startDate: string;
  endDate: string;
  createdAt: string;
  picture: string;
}

const portalFromWire = (p: WireRecord): Portal => ({
  id: asInt(p.id),
  name: asText(p.name),
  link: asText(p.link),
  category: asText(p.category),
  tcLink: asText(p.tc_link),
  privacyPolicyLink: asText(p.privacy_policy_link),
  returnPolicyLink: asText(p.return_policy_link),
  picture: asText(p.picture),
});

const advertFromWire = (a: WireRecord): Advert => ({
  id: asInt(a.id),
  portalId: asInt(a.portal_id),
  name: asText(a.name),
  startDate: asText(a.start_date),
  endDate: asText(a.end_date),
  createdAt: asText(a.created_at),
  picture: asText(a.picture),
});

// These public calls use plain fetch, not the shared client: they run on every public page,
// which must not load ofetch or the session store before the visitor does anything.
async function publicBody(path: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}${path}`, {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      signal: AbortSignal.timeout(config.requestTimeoutMs),
    });
  } catch {
    // A timeout or no network: no response at all (SPEC section 8).
    throw new ApiError(OFFLINE_MESSAGE, 'offline');
  }
  if (!response.ok) {
    const failed = (await response.json().catch(() => ({}))) as { error?: unknown };
    const message = typeof failed.error === 'string' && failed.error !== '' ? failed.error : `Request failed with status code ${response.status}`;
    throw new ApiError(message, response.status >= 500 ? 'server' : 'client', { status: response.status });
  }
  return response.json().catch(() => undefined);
}

/** Reads a GET /portals answer in either dialect as shops; a shop without an id or a name is left out. */
export function readPortals(body: unknown): Portal[] {
  return readList(body, 'portals')
    .items.map(portalFromWire)
    .filter((p) => p.id > 0 && p.name.trim() !== '');
}

/** Lists every shop (public call). */
export async function listPortals(): Promise<Portal[]> {
  return readPortals(await publicBody('/portals'));
}

/** Reads a GET /adverts answer in either dialect as adverts. */
export function readAdverts(body: unknown): Advert[] {
  return readList(body, 'adverts').items.map(advertFromWire);
}

/** Lists every advert (public call); use activeAdverts() to keep those running now. */
export async function listAdverts(): Promise<Advert[]> {
  return readAdverts(await publicBody('/adverts'));
}

/** Lists the shops the shopper has orders with (the returns form's shop list). */
export async function listPortalsWithOrders(): Promise<Portal[]> {
  // Only signed-in screens call this: the shared client loads here, never on a public page.
  const { api } = await import('./client');
  return readPortals(await api<unknown>('/portals/portals_with_orders'));
}

/** Records a click on a shop, fire-and-forget: it survives the page going away and never throws. */
export function recordVisit(portalId: number): void {
  if (!Number.isInteger(portalId) || portalId <= 0) return;
  fetch(`${config.apiBase}/portals/${portalId}/visit`, { keepalive: true, credentials: 'omit' }).catch(() => {
    // A lost visit count must never get in the way of opening the shop.
  });
}

function dayOf(value: string): string {
  return value.slice(0, 10);
}

/** The adverts whose start and end dates (inclusive, by calendar day) contain `now`. */
export function activeAdverts(adverts: Advert[], now = new Date()): Advert[] {
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return adverts.filter((a) => {
    const start = dayOf(a.startDate);
    const end = dayOf(a.endDate);
    return /^\d{4}-\d{2}-\d{2}$/.test(start) && /^\d{4}-\d{2}-\d{2}$/.test(end) && start <= today && today <= end;
  });
}
