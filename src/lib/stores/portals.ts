import { computed } from 'nanostores';
import { listPortals, recordVisit, type Portal } from '../api/portals';
import { isHttpUrl } from '../http-url';
import { shopOf } from '../shops';
import { createFetcherStore } from './query';

/** A portal as a select option (SPEC section 3: value, label, tcLink). */
export interface PortalOption {
  value: number;
  label: string;
  /** The shop's terms link; '' unless it is http(s). */
  tcLink: string;
}

/** Every portal (GET /portals): `{ data, error, loading }`, public and cached until the page goes. */
export const $portals = createFetcherStore<Portal[]>(['portals'], () => listPortals(), { freshness: 'until-changed', scope: 'public' });

/** Portal options for the order form's select, by name. */
export const $portalOptions = computed($portals, ({ data }) =>
  (data ?? [])
    .map((p): PortalOption => ({ value: p.id, label: p.name, tcLink: isHttpUrl(p.tcLink) ? p.tcLink : '' }))
    .sort((a, b) => a.label.localeCompare(b.label)),
);

/** Every portal as a shop tile, by id. */
export const $shops = computed($portals, ({ data }) => new Map((data ?? []).map((p) => [p.id, shopOf(p)])));

/** Records that the shopper opened a shop's site from its tile (fire-and-forget). */
export function visitShop(id: number): void {
  recordVisit(id);
}
