import { Hono } from 'hono';
import { requireUser } from './auth';
import type { AppEnv, SandboxContext } from './context';
import { nowIso } from './db';
import { FieldReader, HttpError, humanize, notFound, pathId, readBody, requireParam } from './http';
import type { AddressRow } from './rows';
import { addressJson } from './serialize';

const FIELDS = ['name', 'address', 'city', 'province', 'postal_code'] as const;

/** The user's address `id` (deleted ones included), else 404. */
export function ownAddress(ctx: SandboxContext, id: number, userId: number): AddressRow {
  const row = ctx.db.prepare('SELECT * FROM addresses WHERE id = ? AND user_id = ?').get(id, userId) as AddressRow | undefined;
  if (!row) throw notFound();
  return row;
}

/** /addresses routes: list, create (errors.detail), soft delete and restore. */
export function addressesRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser(ctx));

  r.get('/', (c) => {
    const rows = ctx.db
      .prepare('SELECT * FROM addresses WHERE user_id = ? AND deleted_at IS NULL ORDER BY id')
      .all(c.get('user').id) as AddressRow[];
    return c.json({ data: rows.map(addressJson) });
  });

  r.post('/', async (c) => {
    const params = requireParam(await readBody(c), 'address');
    const f = new FieldReader(params);
    const values = FIELDS.map((field) => f.string(field, { required: true })?.trim());
    const problems = Object.entries(f.errors).map(([field, messages]) => `${humanize(field)} ${messages[0] ?? 'is invalid'}`);
    if (problems.length > 0) {
      const detail = problems.join(', ');
      throw new HttpError(422, detail, { detail });
    }
    const id = ctx.db
      .prepare('INSERT INTO addresses (user_id, name, address, city, province, postal_code, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(c.get('user').id, ...values, nowIso()).lastInsertRowid;
    return c.json({ data: addressJson(ownAddress(ctx, Number(id), c.get('user').id)) }, 201);
  });

  r.delete('/:id', (c) => {
    const row = ownAddress(ctx, pathId(c), c.get('user').id);
    if (row.deleted_at !== null) throw notFound();
    ctx.db.prepare('UPDATE addresses SET deleted_at = ? WHERE id = ?').run(nowIso(), row.id);
    return c.json({ data: { id: row.id, name: row.name } });
  });

  r.post('/:id/restore', (c) => {
    const row = ownAddress(ctx, pathId(c), c.get('user').id);
    ctx.db.prepare('UPDATE addresses SET deleted_at = NULL WHERE id = ?').run(row.id);
    return c.json({ data: addressJson(row) });
  });

  return r;
}
