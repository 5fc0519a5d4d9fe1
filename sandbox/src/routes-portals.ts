import { Hono } from 'hono';
import { requireUser } from './auth';
import type { AppEnv, SandboxContext } from './context';
import { notFound, pathId } from './http';

const PORTAL_COLUMNS = 'id, name, link, category, tc_link, privacy_policy_link, return_policy_link, picture';

/** /portals routes: list, portals with the user's orders, and visit counting. */
export function portalsRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/', (c) => c.json({ data: ctx.db.prepare(`SELECT ${PORTAL_COLUMNS} FROM portals ORDER BY id`).all() }));

  r.get('/portals_with_orders', requireUser(ctx), (c) => {
    const rows = ctx.db
      .prepare(`SELECT ${PORTAL_COLUMNS} FROM portals WHERE id IN (SELECT portal_id FROM orders WHERE user_id = ?) ORDER BY id`)
      .all(c.get('user').id);
    return c.json({ data: rows });
  });

  r.get('/:id/visit', (c) => {
    const id = pathId(c);
    const row = ctx.db.prepare('UPDATE portals SET visits = visits + 1 WHERE id = ? RETURNING id, visits').get(id);
    if (!row) throw notFound();
    return c.json({ data: row });
  });

  return r;
}

/** /adverts: every advert; the client picks the current ones by start_date and end_date. */
export function advertsRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/', (c) =>
    c.json({ data: ctx.db.prepare('SELECT id, portal_id, name, start_date, end_date, created_at, picture FROM adverts ORDER BY id').all() }),
  );
  return r;
}
