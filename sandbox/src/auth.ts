import crypto from 'node:crypto';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv, SandboxContext, UserRow } from './context';
import { nowIso } from './db';
import { readBody } from './http';

/** Wrong passwords in a row that lock an account (Devise lockable default of this service). */
export const MAX_FAILED_ATTEMPTS = 5;

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
}

/** Issues an access and refresh token pair and returns the Doorkeeper token response. */
export function issueToken(ctx: SandboxContext, userId: number, previousRefresh = '') {
  const createdAt = Math.floor(Date.now() / 1000);
  const row = {
    token: randomToken(),
    refresh: randomToken(),
    expiresIn: ctx.settings.tokenLifetimeSeconds,
  };
  ctx.db
    .prepare(
      'INSERT INTO access_tokens (user_id, token, refresh_token, previous_refresh_token, expires_in, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(userId, row.token, row.refresh, previousRefresh, row.expiresIn, Date.now());
  return {
    access_token: row.token,
    token_type: 'Bearer',
    expires_in: row.expiresIn,
    refresh_token: row.refresh,
    scope: 'read write',
    created_at: createdAt,
  };
}

/** Revokes every token of a user (their refresh tokens then get invalid_grant). */
export function revokeUserTokens(ctx: SandboxContext, userId: number): number {
  return ctx.db.prepare('UPDATE access_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL').run(Date.now(), userId).changes;
}

function unauthorized(c: Context, description?: string): Response {
  const challenge = description
    ? `Bearer realm="Doorkeeper", error="invalid_token", error_description="${description}"`
    : 'Bearer realm="Doorkeeper"';
  return c.body(null, 401, { 'WWW-Authenticate': challenge, 'Content-Type': 'text/html' });
}

/** Bearer-token guard: 401 with an empty body, as Doorkeeper answers, unless the token is live. */
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
    await next();
  };
}

function grantError(c: Context, description: string): Response {
  return c.json({ error: 'invalid_grant', error_description: description }, 400);
}

function passwordGrant(ctx: SandboxContext, c: Context, body: Record<string, unknown>): Response {
  const { username, password } = body;
  const bad = 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';
  if (typeof username !== 'string' || typeof password !== 'string') return grantError(c, bad);
  const user = ctx.db.prepare('SELECT * FROM users WHERE email = ? AND archived_at IS NULL').get(username.trim()) as UserRow | undefined;
  if (!user) return grantError(c, bad);
  if (user.locked_at !== null) return grantError(c, 'Your account is locked.');
  if (!verifyPassword(password, user.password_hash)) {
    const attempts = user.failed_attempts + 1;
    if (attempts >= MAX_FAILED_ATTEMPTS) {
      ctx.db.prepare('UPDATE users SET failed_attempts = ?, locked_at = ? WHERE id = ?').run(attempts, nowIso(), user.id);
      const token = createUserToken(ctx, user.id, 'unlock');
      queueMail(ctx, 'unlock', user.email, 'Unlock instructions', { token, link: `${ctx.siteOrigin}/unlock-account?token=${token}` });
      return grantError(c, 'Your account is locked.');
    }
    ctx.db.prepare('UPDATE users SET failed_attempts = ? WHERE id = ?').run(attempts, user.id);
    return grantError(c, bad);
  }
  ctx.db.prepare('UPDATE users SET failed_attempts = 0 WHERE id = ?').run(user.id);
  return c.json(issueToken(ctx, user.id));
}

function refreshGrant(ctx: SandboxContext, c: Context, body: Record<string, unknown>): Response {
  const refresh = body.refresh_token;
  const bad = 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';
  if (typeof refresh !== 'string' || refresh === '') return grantError(c, bad);
  const row = ctx.db.prepare('SELECT * FROM access_tokens WHERE refresh_token = ?').get(refresh) as TokenRow | undefined;
  if (!row || row.revoked_at !== null) return grantError(c, bad);
  const user = ctx.db.prepare('SELECT id FROM users WHERE id = ? AND archived_at IS NULL AND locked_at IS NULL').get(row.user_id);
  if (!user) return grantError(c, bad);
  return c.json(issueToken(ctx, row.user_id, refresh));
}

/** Adds a message to the outbox table (the sandbox sends no real mail). */
export function queueMail(ctx: SandboxContext, kind: string, recipient: string, subject: string, payload: unknown): void {
  ctx.db
    .prepare('INSERT INTO outbox (kind, recipient, subject, payload, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(kind, recipient, subject, JSON.stringify(payload), nowIso());
}

/** POST /oauth/token: password and refresh_token grants, Doorkeeper 5.5 answers. */
export function mountTokenEndpoint(app: Hono<AppEnv>, ctx: SandboxContext): void {
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
    if (body.grant_type === 'password') return passwordGrant(ctx, c, body);
    if (body.grant_type === 'refresh_token') return refreshGrant(ctx, c, body);
    return c.json(
      { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported by the authorization server.' },
      400,
    );
  });
}
