/** How failed sign-ins slow down: after `failures` failures within `windowSeconds`, a pause that doubles each time. */
export interface BackoffConfig {
  /** Failures per account (e-mail) before a pause. */
  failures: number;
  /** Failures per client address before a pause; higher, as many shoppers may share one address. */
  addressFailures: number;
  /** Length of the first pause in seconds; each further pause of the same key doubles it. */
  baseSeconds: number;
  /** Failures older than this no longer count, and a key quiet this long starts again at the first pause. */
  windowSeconds: number;
}

/** Default backoff: 5 failures per account, 20 per address, within 15 minutes; pauses of 30 s, 60 s, 120 s, ... */
export const DEFAULT_BACKOFF: BackoffConfig = { failures: 5, addressFailures: 20, baseSeconds: 30, windowSeconds: 900 };

interface KeyState {
  failures: number[];
  pauses: number;
  blockedUntil: number;
  lastFailure: number;
}

/** In-memory failure counts per key (`account:<email>` or `address:<ip>`). */
export class SignInBackoff {
  private readonly keys = new Map<string, KeyState>();

  /** Wraps a configuration. */
  constructor(readonly config: BackoffConfig) {}

  /** Seconds until every key may try again, 0 when none is paused. */
  retryAfter(keys: string[], now = Date.now()): number {
    const until = Math.max(0, ...keys.map((key) => this.keys.get(key)?.blockedUntil ?? 0));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Records a failure for each key, starting a pause for a key that reaches its limit. */
  fail(keys: { key: string; limit: number }[], now = Date.now()): void {
    const windowMs = this.config.windowSeconds * 1000;
    for (const { key, limit } of keys) {
      const state = this.keys.get(key) ?? { failures: [], pauses: 0, blockedUntil: 0, lastFailure: 0 };
      if (now - state.lastFailure > windowMs) state.pauses = 0;
      state.failures = [...state.failures.filter((t) => now - t < windowMs), now];
      state.lastFailure = now;
      if (state.failures.length >= limit) {
        state.blockedUntil = now + this.config.baseSeconds * 1000 * 2 ** state.pauses;
        state.pauses += 1;
        state.failures = [];
      }
      this.keys.set(key, state);
    }
  }

  /** Forgets a key (a successful sign-in clears its account's count). */
  clear(key: string): void {
    this.keys.delete(key);
  }

  /** Forgets every key (the reset control endpoint). */
  clearAll(): void {
    this.keys.clear();
  }
}
