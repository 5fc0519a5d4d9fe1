import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv, FaultRule, FaultRules, FaultState, SandboxContext } from './context';
import { HttpError, isRecord, readBody } from './http';

/** No faults. */
export function emptyFaults(): FaultState {
  return { latency: [], status: [], drop: [], users: new Map() };
}

function parseRules<T>(group: string, raw: unknown, accept: (v: unknown) => v is T): FaultRule<T>[] {
  if (raw === undefined) return [];
  if (!isRecord(raw)) throw new HttpError(422, `${group} must be an object of "<METHOD> <path-regex>": value`);
  return Object.entries(raw).map(([key, value]) => {
    const match = /^(\*|[A-Z]+)\s+(.+)$/.exec(key);
    if (!match?.[1] || !match[2]) throw new HttpError(422, `${group} key "${key}" must look like "<METHOD> <path-regex>"`);
    if (!accept(value)) throw new HttpError(422, `${group} value for "${key}" is not valid`);
    let path: RegExp;
    try {
      path = new RegExp(match[2]);
    } catch {
      throw new HttpError(422, `${group} key "${key}" has an invalid regular expression`);
    }
    return { key, method: match[1], path, value };
  });
}

/** Validates a POST /__sandbox/faults body into a fault state (its `user`, if any, is read by the scope routes). */
export function parseFaults(body: Record<string, unknown>): FaultState {
  return {
    latency: parseRules('latency', body.latency, (v): v is number => typeof v === 'number' && v >= 0 && v <= 60_000),
    status: parseRules('status', body.status, (v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 400 && v <= 599),
    drop: parseRules('drop', body.drop, (v): v is boolean => v === true),
    users: new Map(),
  };
}

function rulesJson(rules: FaultRules) {
  const out = <T>(list: FaultRule<T>[]) => Object.fromEntries(list.map((r) => [r.key, r.value]));
  return { latency: out(rules.latency), status: out(rules.status), drop: out(rules.drop) };
}

/** The fault state as JSON (rules back in their key form; scoped ones under `users` by e-mail). */
export function faultsJson(state: FaultState) {
  const users = Object.fromEntries([...state.users].map(([email, rules]) => [email, rulesJson(rules)]));
  return { ...rulesJson(state), users };
}

function find<T>(rules: FaultRule<T>[], method: string, path: string): FaultRule<T> | undefined {
  return rules.find((r) => (r.method === '*' || r.method === method) && r.path.test(path));
}

const normalEmail = (email: string): string => email.trim().toLowerCase();

/** The e-mail of the user a request speaks for: its bearer token, or the token endpoint's username or refresh token. */
async function requestUser(ctx: SandboxContext, c: Context<AppEnv>): Promise<string | undefined> {
  const byToken = (column: 'token' | 'refresh_token', token: unknown) =>
    typeof token === 'string' && token !== ''
      ? (ctx.db.prepare(`SELECT u.email FROM access_tokens t JOIN users u ON u.id = t.user_id WHERE t.${column} = ?`).get(token) as { email: string } | undefined)?.email
      : undefined;
  if (c.req.path === '/oauth/token') {
    // The token endpoint reads the same (cached) body after this.
    const body = await readBody(c).catch(() => ({}) as Record<string, unknown>);
    if (typeof body.username === 'string') return normalEmail(body.username);
    return byToken('refresh_token', body.refresh_token);
  }
  // Expired and revoked tokens still name their user, so a 401 storm can be scoped too.
  return byToken('token', /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1]);
}

/** Applies latency, dropped connections and injected statuses to API and token calls; a user's own switches first. */
export function faultMiddleware(ctx: SandboxContext): MiddlewareHandler<AppEnv> {
  const state = ctx.faults;
  return async (c, next) => {
    const path = c.req.path;
    if (!path.startsWith('/api/web/v1') && path !== '/oauth/token') return next();
    const method = c.req.method;
    const email = state.users.size > 0 ? await requestUser(ctx, c) : undefined;
    const scoped = email ? state.users.get(email) : undefined;
    const pick = <T>(group: 'latency' | 'status' | 'drop'): FaultRule<T> | undefined =>
      (scoped && find(scoped[group] as FaultRule<T>[], method, path)) || find(state[group] as FaultRule<T>[], method, path);
    const delay = pick<number>('latency');
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.value));
    if (pick<boolean>('drop')) {
      c.env?.incoming?.socket.destroy();
      return c.body(null, 500);
    }
    const status = pick<number>('status');
    if (status) return c.json({ error: `Injected fault ${status.value}` }, status.value as ContentfulStatusCode);
    return next();
  };
}

/**
 * Control routes for switches scoped to one user, mounted at /__sandbox before the other control routes:
 * POST /faults with `user` replaces that user's switches, DELETE /faults?user= clears them; without a user
 * the call goes on to the unscoped switches, and DELETE /faults or POST /reset also clear every user's.
 */
export function faultScopeRoutes(state: FaultState): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/faults', async (c, next) => {
    const body = await readBody(c);
    if (body.user === undefined) return next();
    if (typeof body.user !== 'string' || body.user.trim() === '') throw new HttpError(422, 'user must be an e-mail address');
    const rules = parseFaults(body);
    const email = normalEmail(body.user);
    if (rules.latency.length + rules.status.length + rules.drop.length === 0) state.users.delete(email);
    else state.users.set(email, { latency: rules.latency, status: rules.status, drop: rules.drop });
    return c.json({ data: faultsJson(state) });
  });
  r.delete('/faults', async (c, next) => {
    const user = c.req.query('user');
    if (user === undefined) {
      state.users.clear();
      return next();
    }
    state.users.delete(normalEmail(user));
    return c.json({ data: faultsJson(state) });
  });
  r.post('/reset', async (_c, next) => {
    state.users.clear();
    await next();
  });
  return r;
}
