import { computed } from 'nanostores';
import { listPortals, recordVisit, type Portal } from '../api/portals';
import { isHttpUrl } from '../http-url';
import { createFetcherStore } from './query';

/** A portal as a select option (SPEC section 3: value, label, tcLink). */
export interface PortalOption {
  value: number;
  label: string;
  /** The shop's terms link; '' unless it is http(s). */
  tcLink: string;
}

/** A shop as its tile shows it; `link` and `picture` are '' unless safe to use. */
export interface Shop {
  id: number;
  name: string;
  /** The shop's site, http(s) only. */
  link: string;
  /** The logo: a path on this site or an http(s) URL. */
  picture: string;
}

/** Every portal (GET /portals): `{ data, error, loading }`, public and cached until the page goes. */
export const $portals = createFetcherStore<Portal[]>(['portals'], () => listPortals(), { freshness: 'until-changed', scope: 'public' });

/** Portal options for the order form's select, by name. */
export const $portalOptions = computed($portals, ({ data }) =>
  (data ?? [])
    .map((p): PortalOption => ({ value: p.id, label: p.name, tcLink: isHttpUrl(p.tcLink) ? p.tcLink : '' }))
    .sort((a, b) => a.label.localeCompare(b.label)),
);

/** True for a path on this site: one leading slash, no backslash (browsers read `/\host` as `//host`). */
function isSitePath(value: string): boolean {
  return /^\/(?!\/)/.test(value) && !value.includes('\\');
}

/** The shop tile's view of a portal: unsafe links and logos dropped. */
export function shopOf(portal: Portal): Shop {
  return {
    id: portal.id,
    name: portal.name,
    link: isHttpUrl(portal.link) ? portal.link : '',
    picture: isSitePath(portal.picture) || isHttpUrl(portal.picture) ? portal.picture : '',
  };
}

/** Every portal as a shop tile, by id. */
export const $shops = computed($portals, ({ data }) => new Map((data ?? []).map((p) => [p.id, shopOf(p)])));

/** Records that the shopper opened a shop's site from its tile (fire-and-forget). */
export function visitShop(id: number): void {
  recordVisit(id);
}
