import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SandboxContext } from './context';

/** A portal as the sandbox stores it, derived from one shop of the site's content. */
export interface ShopPortal {
  id: number;
  name: string;
  link: string;
  category: string;
  picture: string;
}

/** The site's shops content: the single source of the sandbox's portals. */
export const SHOPS_FILE = fileURLToPath(new URL('../../src/content/shops/shops.json', import.meta.url));

// categories.yaml holds the display names, but no YAML parser is a direct dependency (only
// transitive ones of astro and vite), so the name is the capitalised slug; today they agree.
function categoryName(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function text(shop: Record<string, unknown>, field: string, at: string): string {
  const value = shop[field];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${at}: "${field}" must be a non-empty string`);
  return value;
}

/** Reads the shops content file and maps each shop to a portal (id = portalId, logo as picture). */
export function loadShopPortals(file = SHOPS_FILE): ShopPortal[] {
  const shops: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(shops)) throw new Error(`${file}: expected a list of shops`);
  const seen = new Set<number>();
  return shops.map((shop: unknown, i) => {
    const at = `${file} shop ${i + 1}`;
    if (typeof shop !== 'object' || shop === null) throw new Error(`${at}: expected an object`);
    const fields = shop as Record<string, unknown>;
    const id = fields.portalId;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw new Error(`${at}: "portalId" must be a positive integer`);
    if (seen.has(id)) throw new Error(`${at}: portalId ${id} is used twice`);
    seen.add(id);
    return {
      id,
      name: text(fields, 'name', at),
      link: text(fields, 'link', at),
      category: categoryName(text(fields, 'category', at)),
      picture: text(fields, 'logo', at),
    };
  });
}

/** A page of a shop's site: its link joined to a path, whether or not the link ends in a slash. */
export function shopPage(link: string, path: string): string {
  return `${link.replace(/\/+$/, '')}/${path}`;
}

/** The portals of the shops content, read once when the sandbox loads. */
export const PORTALS: readonly ShopPortal[] = loadShopPortals();

/** Inserts the content's portals and updates existing ones (visits kept), so a new shop works on an old database. */
export function syncPortals(ctx: SandboxContext, portals: readonly ShopPortal[] = PORTALS): void {
  const upsert = ctx.db.prepare(
    `INSERT INTO portals (id, name, link, category, tc_link, privacy_policy_link, return_policy_link, picture) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, link = excluded.link, category = excluded.category, tc_link = excluded.tc_link,
       privacy_policy_link = excluded.privacy_policy_link, return_policy_link = excluded.return_policy_link, picture = excluded.picture`,
  );
  ctx.db.transaction(() => {
    for (const p of portals) {
      upsert.run(p.id, p.name, p.link, p.category, shopPage(p.link, 'terms'), shopPage(p.link, 'privacy'), shopPage(p.link, 'returns'), p.picture);
    }
  })();
}
