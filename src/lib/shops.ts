import type { Portal } from './api/portals';
import { isHttpUrl } from './http-url';

/** A shop as its tile shows it; `link` and `picture` are '' unless safe to use. */
export interface Shop {
  id: number;
  name: string;
  /** The shop's site, http(s) only. */
  link: string;
  /** The logo: a path on this site or an http(s) URL. */
  picture: string;
}

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
