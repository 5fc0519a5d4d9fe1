import { activeAdverts, listAdverts, type Advert } from '../api/portals';

/** Where an advert's banner links: the shop of its portal, as built into the page. */
export type ShopLinks = Record<string, { name: string; link: string }>;

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

/** Builds the banner list item for one advert, as DOM nodes (never HTML from data). */
export function advertItem(advert: Advert, shops: ShopLinks): HTMLLIElement | undefined {
  const src = pictureUrl(advert.picture);
  if (!src) return undefined;
  const item = document.createElement('li');
  const image = document.createElement('img');
  image.src = src;
  image.alt = advert.name;
  image.width = 1200;
  image.height = 300;
  image.loading = 'lazy';
  image.decoding = 'async';
  const shop = shops[String(advert.portalId)];
  if (!shop) {
    item.append(image);
    return item;
  }
  const link = document.createElement('a');
  link.href = shop.link;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.dataset.portalId = String(advert.portalId);
  const hint = document.createElement('span');
  hint.className = 'visually-hidden';
  hint.textContent = ` (${shop.name}, opens in a new tab)`;
  link.append(image, hint);
  item.append(link);
  return item;
}

/** Loads the running adverts into a [data-adverts] section and shows it; stays hidden on failure. */
export async function showAdverts(section: HTMLElement): Promise<void> {
  const list = section.querySelector('ul');
  if (!list) return;
  let shops: ShopLinks = {};
  try {
    shops = JSON.parse(section.dataset.shops ?? '{}') as ShopLinks;
  } catch {
    shops = {};
  }
  let adverts: Advert[];
  try {
    adverts = activeAdverts(await listAdverts());
  } catch {
    // Adverts are decoration: the page reads fully without them.
    return;
  }
  const items = adverts.map((a) => advertItem(a, shops)).filter((i): i is HTMLLIElement => i !== undefined);
  if (items.length === 0) return;
  list.replaceChildren(...items);
  section.hidden = false;
}
