import { Hono, type Context } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import { requireUser } from './auth';
import type { AppEnv, SandboxContext, StandInMessage } from './context';
import { nowIso } from './db';
import { FieldReader, HttpError, MAX_URL, isRecord, notFound, pathId, readBody, requireParam } from './http';
import { MAX_SUBSCRIPTIONS_PER_USER, STAND_IN_PATH, base64urlBytes, isAcceptedEndpoint, isP256PublicKey, settlePushes, type SubscriptionRow } from './push';

/** Subscription wire shape: never its keys. */
function subscriptionJson(row: SubscriptionRow) {
  return { id: row.id, endpoint: row.endpoint, created_at: row.created_at, show_details: row.show_details === 1 };
}

/** The caller's subscription `id` registered in the caller's own sign-in; 404 for any other (another shopper's, or an ended sign-in's). */
function ownSubscription(ctx: SandboxContext, c: Context<AppEnv>): SubscriptionRow {
  const row = ctx.db
    .prepare('SELECT * FROM push_subscriptions WHERE id = ? AND user_id = ? AND family_id = ?')
    .get(pathId(c), c.get('user').id, c.get('family')) as SubscriptionRow | undefined;
  if (!row) throw notFound();
  return row;
}

/**
 * /push_subscriptions routes: the VAPID public key, subscribe (an endpoint already known moves to the caller), whether
 * a subscription is on for this sign-in, its show-details choice, and unsubscribe.
 */
export function pushSubscriptionsRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser(ctx));

  r.get('/key', (c) => c.json({ data: { public_key: ctx.push.vapid.publicKey } }));

  r.post('/', async (c) => {
    const params = requireParam(await readBody(c), 'push_subscription');
    const keys = isRecord(params.keys) ? params.keys : {};
    const f = new FieldReader({ endpoint: params.endpoint, 'keys.p256dh': keys.p256dh, 'keys.auth': keys.auth, show_details: params.show_details });
    const endpoint = f.string('endpoint', { required: true, max: MAX_URL });
    const showDetails = f.boolean('show_details') === true ? 1 : 0;
    const p256dh = f.string('keys.p256dh', { required: true });
    const auth = f.string('keys.auth', { required: true });
    if (endpoint !== undefined && !isAcceptedEndpoint(ctx, endpoint)) f.add('endpoint', 'Must be an https URL');
    if (p256dh !== undefined && !isP256PublicKey(p256dh)) f.add('keys.p256dh', 'Must be a P-256 public key: 65 bytes in base64url');
    if (auth !== undefined && base64urlBytes(auth)?.length !== 16) f.add('keys.auth', 'Must be 16 bytes in base64url');
    f.check();
    const userId = c.get('user').id;
    const existing = ctx.db.prepare('SELECT id FROM push_subscriptions WHERE endpoint = ?').get(endpoint) as { id: number } | undefined;
    // One row per endpoint: a browser subscribing again (or another shopper signing in on a shared phone) takes it over.
    const id = ctx.db.transaction(() => {
      let rowId: number;
      if (existing) {
        ctx.db
          .prepare('UPDATE push_subscriptions SET user_id = ?, p256dh = ?, auth = ?, created_at = ?, family_id = ?, show_details = ? WHERE id = ?')
          .run(userId, p256dh, auth, nowIso(), c.get('family'), showDetails, existing.id);
        rowId = existing.id;
      } else {
        // The sign-in (token family) it was registered in: revoking that sign-in's tokens (Log Out) deletes it.
        rowId = ctx.db
          .prepare('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at, family_id, show_details) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(userId, endpoint, p256dh, auth, nowIso(), c.get('family'), showDetails).lastInsertRowid;
      }
      // A browser that never unsubscribed leaves its row behind; the newest ones are kept.
      ctx.db
        .prepare(
          `DELETE FROM push_subscriptions WHERE user_id = ? AND id NOT IN
           (SELECT id FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?)`,
        )
        .run(userId, userId, MAX_SUBSCRIPTIONS_PER_USER);
      return rowId;
    })();
    const row = ctx.db.prepare('SELECT * FROM push_subscriptions WHERE id = ?').get(id) as SubscriptionRow;
    return c.json({ data: subscriptionJson(row) }, existing ? 200 : 201);
  });

  // On for this phone only while the sign-in that registered it lives: the next shopper on the phone gets 404 for it.
  r.get('/:id', (c) => c.json({ data: subscriptionJson(ownSubscription(ctx, c)) }));

  r.patch('/:id', async (c) => {
    const row = ownSubscription(ctx, c);
    const params = requireParam(await readBody(c), 'push_subscription');
    const f = new FieldReader({ show_details: params.show_details });
    if (typeof params.show_details !== 'boolean') f.add('show_details', 'must be true or false');
    f.check();
    const showDetails = params.show_details === true ? 1 : 0;
    ctx.db.prepare('UPDATE push_subscriptions SET show_details = ? WHERE id = ?').run(showDetails, row.id);
    return c.json({ data: subscriptionJson({ ...row, show_details: showDetails }) });
  });

  r.delete('/:id', (c) => {
    const row = ctx.db.prepare('SELECT * FROM push_subscriptions WHERE id = ? AND user_id = ?').get(pathId(c), c.get('user').id) as SubscriptionRow | undefined;
    if (!row) throw notFound();
    ctx.db.prepare('DELETE FROM push_subscriptions WHERE id = ?').run(row.id);
    return c.json({ data: subscriptionJson(row) });
  });

  return r;
}

function header(value: string | undefined): string | null {
  return value ?? null;
}

/** /__sandbox/push-service: a stand-in push service that keeps what it receives for tests (mounted only with the test switches). */
export function pushServiceRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const token = (value: string | undefined): string => {
    const match = STAND_IN_PATH.exec(`/__sandbox/push-service/${value ?? ''}`);
    if (!match?.[1]) throw notFound();
    return match[1];
  };

  // Answers once every send in flight has settled: a test that expects nothing then reads a settled inbox, not a race.
  r.get('/', async (c) => {
    await settlePushes(ctx);
    const only = c.req.query('token');
    return c.json({ data: only === undefined ? ctx.push.inbox : ctx.push.inbox.filter((m) => m.token === only) });
  });

  r.post('/:token/answer', async (c) => {
    const name = token(c.req.param('token'));
    const { status } = await readBody(c);
    if (status === null) ctx.push.answers.delete(name);
    else if (typeof status === 'number' && Number.isInteger(status) && status >= 200 && status <= 599) ctx.push.answers.set(name, status);
    else throw new HttpError(422, 'status must be an HTTP status from 200 to 599, or null for 201');
    return c.json({ data: { token: name, status: ctx.push.answers.get(name) ?? 201 } });
  });

  r.post('/:token', async (c) => {
    const name = token(c.req.param('token'));
    const status = ctx.push.answers.get(name) ?? 201;
    const ttl = c.req.header('ttl');
    const message: StandInMessage = {
      token: name,
      status,
      ttl: ttl === undefined ? null : Number(ttl),
      urgency: header(c.req.header('urgency')),
      topic: header(c.req.header('topic')),
      content_encoding: header(c.req.header('content-encoding')),
      authorization: header(c.req.header('authorization')),
      body: Buffer.from(await c.req.arrayBuffer()).toString('base64'),
      received_at: nowIso(),
    };
    ctx.push.inbox.push(message);
    return c.body(null, status as StatusCode);
  });

  return r;
}
