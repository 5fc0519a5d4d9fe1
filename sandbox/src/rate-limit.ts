import type { Context } from 'hono';
import { clientAddress, type TrustedProxies } from './client-address';

/** How often each limited call may be made, within a sliding window: per e-mail address and per client address. */
export interface RateLimitConfig {
  /** Calls per e-mail address (the one typed, or the account's) within the window. */
  perEmail: number;
  /** Calls per client address within the window; higher, as many shoppers may share one address (a school, a mobile carrier's NAT). */
  perAddress: number;
  /** Length of the window in seconds. */
  windowSeconds: number;
}

/** Default limits: 5 calls per e-mail address and 20 per client address within 15 minutes, for each call apart. */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { perEmail: 5, perAddress: 20, windowSeconds: 900 };

/** Reads `SANDBOX_RATE_LIMITS`, JSON such as `{"perEmail":5,"perAddress":20,"windowSeconds":900}` (any key left out keeps its default); anything else is an error. */
export function parseRateLimits(text: string): Partial<RateLimitConfig> {
  const parsed: unknown = JSON.parse(text);
  const keys: (keyof RateLimitConfig)[] = ['perEmail', 'perAddress', 'windowSeconds'];
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('SANDBOX_RATE_LIMITS must be a JSON object');
  const entries = Object.entries(parsed);
  const bad = entries.filter(([key, value]) => !keys.includes(key as keyof RateLimitConfig) || !Number.isInteger(value) || (value as number) < 1);
  if (bad.length > 0) throw new Error(`SANDBOX_RATE_LIMITS takes ${keys.join(', ')} as whole numbers from 1; not ${bad.map(([key]) => key).join(', ')}`);
  return Object.fromEntries(entries) as Partial<RateLimitConfig>;
}

/** The calls that are limited (each counted apart): the public forms that send mail or create something, and push subscription. */
export type LimitedCall = 'forgot_password' | 'unlock_account' | 'registration' | 'contact_us' | 'advertise_with_us' | 'push_subscription';

/** In-memory call times per key (`<call>:email:<address>` or `<call>:address:<ip>`). */
export class RateLimits {
  private readonly calls = new Map<string, number[]>();

  /** Wraps a configuration. */
  constructor(readonly config: RateLimitConfig) {}

  /** Counts one call for every key and answers 0; when a key is at its limit, counts nothing and answers the seconds until it frees up. */
  take(keys: { key: string; limit: number }[], now = Date.now()): number {
    const windowMs = this.config.windowSeconds * 1000;
    let waitMs = 0;
    for (const { key, limit } of keys) {
      const recent = (this.calls.get(key) ?? []).filter((t) => now - t < windowMs);
      this.calls.set(key, recent);
      const oldest = recent[recent.length - limit];
      if (recent.length >= limit && oldest !== undefined) waitMs = Math.max(waitMs, oldest + windowMs - now);
    }
    if (waitMs > 0) return Math.max(1, Math.ceil(waitMs / 1000));
    for (const { key } of keys) this.calls.get(key)?.push(now);
    return 0;
  }

  /** Forgets every count (the reset control endpoint). */
  clearAll(): void {
    this.calls.clear();
  }
}

// `ctx` is the sandbox's context, read for its proxies and counts only: this module imports nothing of the sandbox, so
// the context can hold a RateLimits without a circle.
/**
 * Counts a call of the client and of the e-mail address (trimmed, any case) when one is given: undefined when it may go
 * ahead, else the 429 to answer, with `Retry-After` in seconds.
 */
export function overLimit(ctx: { trustedProxies: TrustedProxies; rateLimits: RateLimits }, c: Context, call: LimitedCall, email?: string): Response | undefined {
  const keys = [{ key: `${call}:address:${clientAddress(c, ctx.trustedProxies)}`, limit: ctx.rateLimits.config.perAddress }];
  const address = email?.trim().toLowerCase() ?? '';
  if (address !== '') keys.push({ key: `${call}:email:${address}`, limit: ctx.rateLimits.config.perEmail });
  const wait = ctx.rateLimits.take(keys);
  if (wait === 0) return undefined;
  return c.json({ error: `Too many requests. Try again in ${wait} seconds.` }, 429, { 'Retry-After': String(wait) });
}
