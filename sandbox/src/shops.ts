import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SandboxContext } from './context';

/** A portal as the sandbox's catalogue lists it (its policy links are made from its link). */
export interface ShopPortal {
  id: number;
  name: string;
  link: string;
  category: string;
  picture: string;
}

/** The sandbox's catalogue of shops: like the real service, it decides which shops exist (the site reads them from GET /portals). */
export const PORTALS_FILE = fileURLToPath(new URL('./portals.json', import.meta.url));

function text(shop: Record<string, unknown>, field: string, at: string): string {
  const value = shop[field];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${at}: "${field}" must be a non-empty string`);
  return value;
}

/** Reads and checks a catalogue file: a list of shops with a unique positive id, a name, link, category and picture each. */
export function loadShopPortals(file = PORTALS_FILE): ShopPortal[] {
  const shops: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(shops)) throw new Error(`${file}: expected a list of shops`);
  const seen = new Set<number>();
  return shops.map((shop: unknown, i) => {
    const at = `${file} shop ${i + 1}`;
    if (typeof shop !== 'object' || shop === null) throw new Error(`${at}: expected an object`);
    const fields = shop as Record<string, unknown>;
    const id = fields.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw new Error(`${at}: "id" must be a positive integer`);
    if (seen.has(id)) throw new Error(`${at}: id ${id} is used twice`);
    seen.add(id);
    return {
      id,
      name: text(fields, 'name', at),
      link: text(fields, 'link', at),
      category: text(fields, 'category', at),
      picture: text(fields, 'picture', at),
    };
  });
}

/** A page of a shop's site: its link joined to a path, whether or not the link ends in a slash. */
export function shopPage(link: string, path: string): string {
  return `${link.replace(/\/+$/, '')}/${path}`;
}

/** The catalogue's portals, read once when the sandbox loads. */
export const PORTALS: readonly ShopPortal[] = loadShopPortals();

/** Inserts the catalogue's portals and updates existing ones (visits kept), so a new shop works on an old database; a shop taken out of the catalogue goes unless orders or adverts refer to it. */
export function syncPortals(ctx: SandboxContext, portals: readonly ShopPortal[] = PORTALS): void {
  const upsert = ctx.db.prepare(
    `INSERT INTO portals (id, name, link, category, tc_link, privacy_policy_link, return_policy_link, picture) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, link = excluded.link, category = excluded.category, tc_link = excluded.tc_link,
       privacy_policy_link = excluded.privacy_policy_link, return_policy_link = excluded.return_policy_link, picture = excluded.picture`,
  );
  const ids = JSON.stringify(portals.map((p) => p.id));
  ctx.db.transaction(() => {
    for (const p of portals) {
      upsert.run(p.id, p.name, p.link, p.category, shopPage(p.link, 'terms'), shopPage(p.link, 'privacy'), shopPage(p.link, 'returns'), p.picture);
    }
    ctx.db
      .prepare(
        `DELETE FROM portals WHERE id NOT IN (SELECT value FROM json_each(?))
           AND id NOT IN (SELECT portal_id FROM orders) AND id NOT IN (SELECT portal_id FROM adverts)`,
      )
      .run(ids);
  })();
}
