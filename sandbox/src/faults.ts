import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context';
import { HttpError, isRecord } from './http';

interface Rule<T> {
  key: string;
  method: string;
  path: RegExp;
  value: T;
}

/** Active fault switches, keyed "<METHOD> <path-regex>" (METHOD may be `*`). */
export interface FaultState {
  latency: Rule<number>[];
  status: Rule<number>[];
  drop: Rule<boolean>[];
}

/** No faults. */
export function emptyFaults(): FaultState {
  return { latency: [], status: [], drop: [] };
}

function parseRules<T>(group: string, raw: unknown, accept: (v: unknown) => v is T): Rule<T>[] {
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

/** Validates a POST /__sandbox/faults body into a fault state. */
export function parseFaults(body: Record<string, unknown>): FaultState {
  return {
    latency: parseRules('latency', body.latency, (v): v is number => typeof v === 'number' && v >= 0 && v <= 60_000),
    status: parseRules('status', body.status, (v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 400 && v <= 599),
    drop: parseRules('drop', body.drop, (v): v is boolean => v === true),
  };
}

/** The fault state as JSON (rules back in their key form). */
export function faultsJson(state: FaultState) {
  const out = <T>(rules: Rule<T>[]) => Object.fromEntries(rules.map((r) => [r.key, r.value]));
  return { latency: out(state.latency), status: out(state.status), drop: out(state.drop) };
}

function find<T>(rules: Rule<T>[], method: string, path: string): Rule<T> | undefined {
  return rules.find((r) => (r.method === '*' || r.method === method) && r.path.test(path));
}

/** Applies latency, dropped connections and injected statuses to API and token calls. */
export function faultMiddleware(state: FaultState): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (!path.startsWith('/api/web/v1') && path !== '/oauth/token') return next();
    const method = c.req.method;
    const delay = find(state.latency, method, path);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.value));
    if (find(state.drop, method, path)) {
      c.env?.incoming?.socket.destroy();
      return c.body(null, 500);
    }
    const status = find(state.status, method, path);
    if (status) return c.json({ error: `Injected fault ${status.value}` }, status.value as ContentfulStatusCode);
    return next();
  };
}
