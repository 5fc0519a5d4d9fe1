import { activeAdverts, listAdverts, type Advert } from '../api/portals';

/** Where an advert's banner links: the shop of its portal, as built into the page. */
export type ShopLinks = Record<string, { name: string; link: string }>;

/** What one banner shows: its picture, named by the advert, linked to its shop when the site knows a safe link. */
export interface AdvertBanner {
  src: string;
  alt: string;
  shop?: { portalId: number; name: string; link: string };
}

/** The banner's image address: an http(s) URL or a path on this site; '' for anything else. */
export function pictureUrl(picture: string): string {
  if (/^\/(?!\/)/.test(picture)) return picture;
  try {
    const url = new URL(picture);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

/** The banner of one advert, or undefined when its picture is not an address the page may show. */
export function advertBanner(advert: Advert, shops: ShopLinks): AdvertBanner | undefined {
  const src = pictureUrl(advert.picture);
  if (!src) return undefined;
  const shop = shops[String(advert.portalId)];
  return shop ? { src, alt: advert.name, shop: { portalId: advert.portalId, ...shop } } : { src, alt: advert.name };
}

/** The banners of the adverts running on `now`'s calendar day, in the service's order. */
export function runningBanners(adverts: Advert[], shops: ShopLinks, now = new Date()): AdvertBanner[] {
  return activeAdverts(adverts, now)
    .map((advert) => advertBanner(advert, shops))
    .filter((banner): banner is AdvertBanner => banner !== undefined);
}

/** What a drawn banner is, on its list item (`data-banner`): the page keeps what it drew when the service says the same. */
export function bannerKey(banner: AdvertBanner): string {
  return JSON.stringify([banner.src, banner.alt, banner.shop?.portalId ?? 0, banner.shop?.link ?? '']);
}

/** Builds the list item of one banner as DOM nodes (never HTML from data), as AdvertBanners.astro draws it at build. */
export function bannerItem(banner: AdvertBanner): HTMLLIElement {
  const item = document.createElement('li');
  item.dataset.banner = bannerKey(banner);
  const image = document.createElement('img');
  image.src = banner.src;
  image.alt = banner.alt;
  image.width = 1200;
  image.height = 300;
  image.loading = 'lazy';
  image.decoding = 'async';
  if (!banner.shop) {
    item.append(image);
    return item;
  }
  const link = document.createElement('a');
  link.href = banner.shop.link;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.dataset.portalId = String(banner.shop.portalId);
  const hint = document.createElement('span');
  hint.className = 'visually-hidden';
  hint.textContent = ` (${banner.shop.name}, opens in a new tab)`;
  link.append(image, hint);
  item.append(link);
  return item;
}

function shopLinks(json = '{}'): ShopLinks {
  try {
    return JSON.parse(json) as ShopLinks;
  } catch {
    return {};
  }
}

/**
 * Brings a [data-adverts] section, drawn at build time with the adverts running then, up to the service's running
 * adverts: nothing changes (and nothing moves) when they are the same; the section hides when none runs. On a failed
 * call the drawn banners stay.
 */
export async function showAdverts(section: HTMLElement): Promise<void> {
  const list = section.querySelector('ul');
  if (!list) return;
  let banners: AdvertBanner[];
  try {
    banners = runningBanners(await listAdverts(), shopLinks(section.dataset.shops));
  } catch {
    // Adverts are decoration: the page reads fully without them.
    return;
  }
  const drawn = [...list.children].map((item) => (item as HTMLElement).dataset.banner);
  if (drawn.join('\n') !== banners.map(bannerKey).join('\n')) list.replaceChildren(...banners.map(bannerItem));
  section.hidden = banners.length === 0;
}
