import { computed } from 'nanostores';
import { listPortals } from '../api/portals';
import { isHttpUrl } from '../schemas/rules';
import { cachedResource } from './resource';

/** A portal as a select option (SPEC section 3: value, label, tcLink). */
export interface PortalOption {
  value: number;
  label: string;
  /** The shop's terms link; '' unless it is http(s). */
  tcLink: string;
}

const resource = cachedResource(listPortals);

/** Every portal, loading flag and last error; cached until the page goes. */
export const $portals = resource.$store;

/** Portal options for the order form's select, by name. */
export const $portalOptions = computed($portals, ({ data }) =>
  (data ?? [])
    .map((p): PortalOption => ({ value: p.id, label: p.name, tcLink: isHttpUrl(p.tcLink) ? p.tcLink : '' }))
    .sort((a, b) => a.label.localeCompare(b.label)),
);

/** Loads the portals once (or again with force). */
export const loadPortals = resource.load;
