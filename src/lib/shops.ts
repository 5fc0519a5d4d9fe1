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

/** What the site adds to one of the service's shops (src/content/shops/shops.json, edited in the studio). */
export interface ShopExtras {
  /** The service's portal id of the shop. */
  portalId: number;
  /** A logo under public/, shown instead of the service's picture. */
  logo?: string;
  /** One line shown under the shop's name on /portals/. */
  blurb?: string;
  /** Its place on the pages: lowest first; shops without one follow, by name. */
  order?: number;
}

/** A shop as the public pages show it: the service's shop with the site's logo, blurb and place. */
export interface SiteShop extends Shop {
  /** The category's id in src/content/categories: the service's category name in kebab case. */
  category: string;
  /** The category as the service names it. */
  categoryName: string;
  blurb: string;
}

/** The shops of the public pages, in page order, and the extras left over for shops the service no longer lists. */
export interface SiteShops {
  shops: SiteShop[];
  orphans: ShopExtras[];
}

/** The category id a category name stands for: "Home & Garden" is home-garden. */
export function categoryId(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Joins the service's shops (which decide what exists) with the site's extras; throws on two extras for one shop. */
export function siteShops(portals: Portal[], extras: ShopExtras[]): SiteShops {
  const byPortal = new Map<number, ShopExtras>();
  for (const extra of extras) {
    if (byPortal.has(extra.portalId)) throw new Error(`src/content/shops/shops.json: "portalId" ${extra.portalId} is used twice`);
    byPortal.set(extra.portalId, extra);
  }
  const shops = portals.map((portal) => {
    const extra = byPortal.get(portal.id);
    const shop = shopOf(portal);
    return {
      ...shop,
      picture: extra?.logo ?? shop.picture,
      category: categoryId(portal.category),
      categoryName: portal.category,
      blurb: extra?.blurb ?? '',
      order: extra?.order ?? Number.POSITIVE_INFINITY,
    };
  });
  shops.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, 'en'));
  const listed = new Set(portals.map((p) => p.id));
  return {
    shops: shops.map(({ order: _placeOnly, ...shop }) => shop),
    orphans: extras.filter((extra) => !listed.has(extra.portalId)),
  };
}
