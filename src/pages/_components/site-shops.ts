import { getCollection } from 'astro:content';
import { siteShops, type SiteShop } from '../../lib/shops';

let orphansTold = false;

/** The shops of the public pages: those the service lists (collection portals) with what the site adds (collection shops). */
export async function shopsOnSite(): Promise<SiteShop[]> {
  const portals = (await getCollection('portals')).map((entry) => entry.data);
  const extras = (await getCollection('shops')).map((entry) => entry.data);
  const { shops, orphans } = siteShops(portals, extras);
  if (orphans.length > 0 && !orphansTold) {
    orphansTold = true;
    // Not an error: a shop the service has closed leaves its logo and blurb behind until an editor removes them.
    console.warn(
      `src/content/shops/shops.json: the service lists no shop with "portalId" ${orphans.map((o) => o.portalId).join(', ')}; not shown.`,
    );
  }
  return shops;
}
