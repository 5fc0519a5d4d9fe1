import crypto from 'node:crypto';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv, SandboxContext } from './context';
import { nowIso } from './db';
import { clientAddress } from './client-address';
import { readBody } from './http';
import { queueMail } from './outbox';
import type { UserRow } from './rows';

/** Hashes a password with scrypt and a random salt (`salt:hash`, hex). */
export function hashPassword(password: string): string {
  const salt = crypto.randomBytes(16);
  // A low cost keeps tests fast; this is a sandbox, not a password store.
  const hash = crypto.scryptSync(password, salt, 32, { N: 1024 });
  return `${salt.toString('hex')}:${hash.toString('hex')}`;
}

/** Checks a password against a `salt:hash` string in constant time. */
export function verifyPassword(password: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const actual = crypto.scryptSync(password, Buffer.from(salt, 'hex'), 32, { N: 1024 });
  const expected = Buffer.from(hash, 'hex');
  return expected.length === actual.length && crypto.timingSafeEqual(actual, expected);
}

/** A random URL-safe token. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Creates a single-use reset or unlock token for a user. */
export function createUserToken(ctx: SandboxContext, userId: number, kind: 'reset' | 'unlock'): string {
  const token = randomToken(20);
  ctx.db.prepare('INSERT INTO user_tokens (token, user_id, kind, created_at) VALUES (?, ?, ?, ?)').run(token, userId, kind, nowIso());
  return token;
}

interface TokenRow {
  id: number;
  user_id: number;
  token: string;
  refresh_token: string;
  previous_refresh_token: string;
  expires_in: number;
  created_at: number;
  revoked_at: number | null;
  family_id: string;
  scope: string;
  refreshed_at: number | null;
  family_started_at: number;
}

/** Scopes the token endpoint grants: `admin` exists (it opens the wider user views) but is never granted there. */
const GRANTABLE_SCOPES = new Set(['read', 'write']);
/** Scope of every token the token endpoint issues. */
export const DEFAULT_SCOPE = 'read write';
/** Scope of an operator-issued admin token (the wider user views). */
export const ADMIN_SCOPE_TOKEN = 'read write admin';
/**
 * Seconds after a rotation in which the old refresh token, redeemed again before the new access token was
 * ever used, answers the same new pair (two tabs refreshing at once) instead of counting as reuse.
 */
export const REFRESH_GRACE_SECONDS = 60;
const BAD_GRANT =
  'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';

function tokenResponse(row: Pick<TokenRow, 'token' | 'refresh_token' | 'expires_in' | 'created_at' | 'scope'>) {
  return {
    access_token: row.token,
    token_type: 'Bearer',
    expires_in: row.expires_in,
    refresh_token: row.refresh_token,
    scope: row.scope,
    created_at: Math.floor(row.created_at / 1000),
  };
}

/** Issues an access and refresh token pair (a new family started now unless one is given with its start) and returns the Doorkeeper token response. */
export function issueToken(
  ctx: SandboxContext,
  userId: number,
  options: { family?: { id: string; startedAt: number }; previousRefresh?: string; scope?: string } = {},
) {
  const row = {
    token: randomToken(),
    refresh_token: randomToken(),
    expires_in: ctx.settings.tokenLifetimeSeconds,
    created_at: Date.now(),
    scope: options.scope ?? DEFAULT_SCOPE,
  };
  ctx.db
    .prepare(
      `INSERT INTO access_tokens (user_id, token, refresh_token, previous_refresh_token, expires_in, created_at, family_id, family_started_at, scope)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      userId, row.token, row.refresh_token, options.previousRefresh ?? '', row.expires_in, row.created_at,
      options.family?.id ?? randomToken(12), options.family?.startedAt ?? row.created_at, row.scope,
    );
  return tokenResponse(row);
}

/** Revokes every token of a user (their refresh tokens then get invalid_grant, their access tokens 401) and drops their push subscriptions. */
export function revokeUserTokens(ctx: SandboxContext, userId: number): number {
  ctx.db.prepare('DELETE FROM push_subscriptions WHERE user_id = ?').run(userId);
  return ctx.db.prepare('UPDATE access_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL').run(Date.now(), userId).changes;
}

/** Makes every live access token of the user expire now; their refresh tokens still work. Returns how many. */
export function expireUserAccess(ctx: SandboxContext, userId: number): number {
  return ctx.db.prepare('UPDATE access_tokens SET expires_in = 0 WHERE user_id = ? AND revoked_at IS NULL').run(userId).changes;
}

function revokeFamily(ctx: SandboxContext, family: string): void {
  ctx.db.prepare('UPDATE access_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL').run(Date.now(), family);
  ctx.db.prepare('DELETE FROM push_subscriptions WHERE family_id = ?').run(family);
}

function unauthorized(c: Context, description?: string): Response {
  const challenge = description
    ? `Bearer realm="Doorkeeper", error="invalid_token", error_description="${description}"`
    : 'Bearer realm="Doorkeeper"';
  return c.body(null, 401, { 'WWW-Authenticate': challenge, 'Content-Type': 'text/html' });
}

/** Bearer-token guard: 401 with an empty body, as Doorkeeper answers, unless the token is live; sets `user` and `scopes`. */
export function requireUser(ctx: SandboxContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return unauthorized(c);
    const row = ctx.db.prepare('SELECT * FROM access_tokens WHERE token = ?').get(match[1]) as TokenRow | undefined;
    if (!row) return unauthorized(c, 'The access token is invalid');
    if (row.revoked_at !== null) return unauthorized(c, 'The access token was revoked');
    if (Date.now() >= row.created_at + row.expires_in * 1000) return unauthorized(c, 'The access token expired');
    const user = ctx.db.prepare('SELECT * FROM users WHERE id = ? AND archived_at IS NULL').get(row.user_id) as UserRow | undefined;
    if (!user) return unauthorized(c, 'The access token is invalid');
    if (row.previous_refresh_token !== '') {
      // Doorkeeper revokes the previous refresh token when its successor's access token is first used.
      ctx.db.transaction(() => {
        ctx.db.prepare('UPDATE access_tokens SET revoked_at = ? WHERE refresh_token = ? AND revoked_at IS NULL').run(Date.now(), row.previous_refresh_token);
        ctx.db.prepare("UPDATE access_tokens SET previous_refresh_token = '' WHERE id = ?").run(row.id);
      })();
    }
    c.set('user', user);
    c.set('scopes', row.scope.split(' ').filter(Boolean));
    c.set('family', row.family_id);
    await next();
  };
}

function grantError(c: Context, description = BAD_GRANT): Response {
  return c.json({ error: 'invalid_grant', error_description: description }, 400);
}

/** Scopes asked for beyond `read write` (e.g. `admin`) get Doorkeeper's invalid_scope. */
function scopeError(c: Context, scope: unknown): Response | undefined {
  if (scope === undefined || scope === null || scope === '') return undefined;
  const asked = typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [''];
  if (asked.every((s) => GRANTABLE_SCOPES.has(s))) return undefined;
  return c.json({ error: 'invalid_scope', error_description: 'The requested scope is invalid, unknown, or malformed.' }, 400);
}

/** A hash that no password matches, checked for unknown accounts so that they take as long as known ones. */
const DUMMY_HASH = hashPassword(randomToken());

function passwordGrant(ctx: SandboxContext, c: Context<AppEnv>, body: Record<string, unknown>): Response {
  const { username, password } = body;
  const address = clientAddress(c, ctx.trustedProxies);
  const email = typeof username === 'string' ? username.trim().toLowerCase() : '';
  const keys = ctx.backoff.keysFor(email, address);
  const wait = ctx.backoff.retryAfter(keys);
  if (wait > 0) {
    return c.json(
      { error: 'too_many_requests', error_description: `Too many failed sign-in attempts. Try again in ${wait} seconds.` },
      429,
      { 'Retry-After': String(wait) },
    );
  }
  const user = email === ''
    ? undefined
    : (ctx.db.prepare('SELECT * FROM users WHERE email = ? AND archived_at IS NULL').get(email) as UserRow | undefined);
  const matches = typeof password === 'string' && verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
  // A locked account answers as a wrong password does: a distinct message would tell who is registered.
  if (!user || !matches || user.locked_at !== null) {
    ctx.backoff.fail(keys);
    return grantError(c);
  }
  ctx.backoff.clearAccountFrom(email, address);
  return c.json(issueToken(ctx, user.id));
}

function refreshGrant(ctx: SandboxContext, c: Context, body: Record<string, unknown>): Response {
  const refresh = body.refresh_token;
  if (typeof refresh !== 'string' || refresh === '') return grantError(c);
  const row = ctx.db.prepare('SELECT * FROM access_tokens WHERE refresh_token = ?').get(refresh) as TokenRow | undefined;
  if (!row) return grantError(c);
  const now = Date.now();
  if (row.revoked_at !== null || row.refreshed_at !== null) {
    const successor = row.revoked_at === null
      ? (ctx.db
          .prepare('SELECT * FROM access_tokens WHERE previous_refresh_token = ? AND revoked_at IS NULL AND refreshed_at IS NULL')
          .get(refresh) as TokenRow | undefined)
      : undefined;
    if (successor && row.refreshed_at !== null && now - row.refreshed_at < REFRESH_GRACE_SECONDS * 1000) return c.json(tokenResponse(successor));
    // RFC 9700 4.14.2: a refresh token presented again after its rotation may be stolen, so its whole family goes.
    revokeFamily(ctx, row.family_id);
    return grantError(c);
  }
  if (now >= row.created_at + ctx.settings.refreshTokenLifetimeSeconds * 1000) return grantError(c);
  // An absolute end: a token refreshed once a month would otherwise keep a shared phone signed in for ever.
  if (now >= row.family_started_at + ctx.settings.refreshFamilyLifetimeSeconds * 1000) return grantError(c);
  const user = ctx.db.prepare('SELECT id FROM users WHERE id = ? AND archived_at IS NULL AND locked_at IS NULL').get(row.user_id);
  if (!user) return grantError(c);
  const issued = ctx.db.transaction(() => {
    ctx.db.prepare('UPDATE access_tokens SET refreshed_at = ? WHERE id = ?').run(now, row.id);
    return issueToken(ctx, row.user_id, { family: { id: row.family_id, startedAt: row.family_started_at }, previousRefresh: refresh, scope: row.scope });
  })();
  return c.json(issued);
}

/** RFC 7009 revocation as Doorkeeper answers it: 200 `{}` for any token, known or not; a known one loses its pair, and its sign-in's push subscriptions. */
function revokeEndpoint(ctx: SandboxContext) {
  return async (c: Context<AppEnv>) => {
    const body = await readBody(c);
    const token = body.token;
    const row = typeof token === 'string' && token !== ''
      ? (ctx.db.prepare('SELECT * FROM access_tokens WHERE token = ? OR refresh_token = ?').get(token, token) as TokenRow | undefined)
      : undefined;
    if (!row) return c.json({});
    const clientId = body.client_id;
    if (typeof clientId !== 'string' || !ctx.clientIds.has(clientId)) {
      return c.json({ error: 'unauthorized_client', error_description: 'You are not authorized to revoke this token' }, 403);
    }
    ctx.db.transaction(() => {
      ctx.db.prepare('UPDATE access_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(Date.now(), row.id);
      // Log Out: the phone's push subscriptions registered in this sign-in end with it (sandbox/README.md, Push notifications).
      ctx.db.prepare('DELETE FROM push_subscriptions WHERE family_id = ?').run(row.family_id);
    })();
    return c.json({});
  };
}

/** Locks an account (operator action), revokes its tokens and mails an unlock link. */
export function lockUser(ctx: SandboxContext, userId: number): { email: string; revoked: number } {
  const user = ctx.db.prepare('SELECT email FROM users WHERE id = ?').get(userId) as { email: string };
  return ctx.db.transaction(() => {
    ctx.db.prepare('UPDATE users SET locked_at = COALESCE(locked_at, ?) WHERE id = ?').run(nowIso(), userId);
    const revoked = revokeUserTokens(ctx, userId);
    const token = createUserToken(ctx, userId, 'unlock');
    queueMail(ctx, 'unlock', user.email, 'Unlock instructions', { token, link: `${ctx.siteOrigin}/unlock-account?token=${token}` });
    return { email: user.email, revoked };
  })();
}

/** POST /oauth/token (password and refresh_token grants, Doorkeeper 5.5 answers) and POST /oauth/revoke. */
export function mountTokenEndpoint(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.post('/oauth/revoke', revokeEndpoint(ctx));
  app.post('/oauth/token', async (c) => {
    const body = await readBody(c);
    const clientId = body.client_id;
    const secret = body.client_secret;
    if (typeof clientId !== 'string' || !ctx.clientIds.has(clientId) || (typeof secret === 'string' && secret !== '')) {
      return c.json(
        {
          error: 'invalid_client',
          error_description: 'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
        },
        401,
      );
    }
    const badScope = scopeError(c, body.scope);
    if (badScope) return badScope;
    if (body.grant_type === 'password') return passwordGrant(ctx, c, body);
    if (body.grant_type === 'refresh_token') return refreshGrant(ctx, c, body);
    return c.json(
      { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported by the authorization server.' },
      400,
    );
  });
}
