import { Hono } from 'hono';
import { randomToken, requireUser } from './auth';
import type { AppEnv, SandboxContext } from './context';
import { nowIso } from './db';
import { FieldReader, notFound, pathId, readBody, requireParam } from './http';
import type { CardRow } from './rows';
import { cardJson } from './serialize';

/** The user's card `id`, else 404. */
export function ownCard(ctx: SandboxContext, id: number, userId: number): CardRow {
  const row = ctx.db.prepare('SELECT * FROM cards WHERE id = ? AND user_id = ?').get(id, userId) as CardRow | undefined;
  if (!row) throw notFound();
  return row;
}

function clearPreferred(ctx: SandboxContext, userId: number, exceptId: number): void {
  ctx.db.prepare('UPDATE cards SET is_preferred = 0 WHERE user_id = ? AND id != ?').run(userId, exceptId);
}

/** /cards routes: saved (valid) cards, creation with a tokenize redirect, update and delete. */
export function cardsRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser(ctx));

  r.get('/', (c) => {
    const rows = ctx.db.prepare('SELECT * FROM cards WHERE user_id = ? AND is_valid = 1 ORDER BY id').all(c.get('user').id) as CardRow[];
    return c.json({ data: rows.map(cardJson) });
  });

  r.post('/', async (c) => {
    const f = new FieldReader(requireParam(await readBody(c), 'card'));
    const name = f.string('card_name', { required: true })?.trim();
    const preferred = f.boolean('is_preferred') ?? false;
    f.check();
    const userId = c.get('user').id;
    // Only the holder of this secret (the shopper sent to the provider) may complete or cancel the card.
    const secret = randomToken(24);
    const id = Number(
      ctx.db
        .prepare('INSERT INTO cards (user_id, token, card_name, is_preferred, is_valid, created_at, tokenize_secret) VALUES (?, ?, ?, ?, 0, ?, ?)')
        .run(userId, `tok_${randomToken(12)}`, name, preferred ? 1 : 0, nowIso(), secret).lastInsertRowid,
    );
    if (preferred) clearPreferred(ctx, userId, id);
    return c.json(
      {
        data: cardJson(ownCard(ctx, id, userId)),
        tokenize: { status: 'pending', location: `${c.get('origin')}/stand-in/payfast/cards/${id}/${secret}` },
      },
      201,
    );
  });

  r.post('/:id', async (c) => {
    const userId = c.get('user').id;
    const card = ownCard(ctx, pathId(c), userId);
    const f = new FieldReader(requireParam(await readBody(c), 'card'));
    const name = f.string('card_name')?.trim();
    if (name === '') f.add('card_name', "can't be blank");
    const preferred = f.boolean('is_preferred');
    f.check();
    ctx.db
      .prepare('UPDATE cards SET card_name = COALESCE(?, card_name), is_preferred = COALESCE(?, is_preferred) WHERE id = ?')
      .run(name ?? null, preferred === undefined ? null : Number(preferred), card.id);
    if (preferred) clearPreferred(ctx, userId, card.id);
    return c.json({ data: cardJson(ownCard(ctx, card.id, userId)) });
  });

  r.delete('/:id', (c) => {
    const card = ownCard(ctx, pathId(c), c.get('user').id);
    ctx.db.prepare('DELETE FROM cards WHERE id = ?').run(card.id);
    return c.json({ data: cardJson(card) });
  });

  return r;
}

/** /payments: the provider hand-off stub (empty body, answers ok). */
export function paymentsRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/', requireUser(ctx), (c) => c.json({ data: { status: 'ok' } }));
  return r;
}
