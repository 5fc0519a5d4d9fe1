/** How failed sign-ins slow down: after `failures` failures within `windowSeconds`, a pause that doubles each time up to `maxSeconds`. */
export interface BackoffConfig {
  /** Failures of one account from one client address before that pair is paused. */
  failures: number;
  /** Failures per client address, across accounts, before that address is paused; higher, as many shoppers may share one address. */
  addressFailures: number;
  /** Length of the first pause in seconds; each further pause of the same key doubles it. */
  baseSeconds: number;
  /** Longest pause in seconds, however often the failures go on. */
  maxSeconds: number;
  /** Failures older than this no longer count, and a key quiet this long starts again at the first pause. */
  windowSeconds: number;
}

/** Default backoff: 5 failures per account and address, 20 per address, within 15 minutes; pauses of 30 s, 60 s, 120 s, ... up to 15 minutes. */
export const DEFAULT_BACKOFF: BackoffConfig = { failures: 5, addressFailures: 20, baseSeconds: 30, maxSeconds: 900, windowSeconds: 900 };

interface KeyState {
  failures: number[];
  pauses: number;
  blockedUntil: number;
  lastFailure: number;
}

/** A key that one failure counts under, and the failures it takes to pause it. */
export interface BackoffKey {
  key: string;
  limit: number;
}

// The e-mail ends at a newline, which no account's e-mail holds, so an account's keys from every address share a prefix.
const accountPrefix = (email: string) => `account:${email}\n`;

/** In-memory failure counts per key (`account:<email>\n<address>` or `address:<address>`). */
export class SignInBackoff {
  private readonly keys = new Map<string, KeyState>();

  /** Wraps a configuration. */
  constructor(readonly config: BackoffConfig) {}

  /**
   * The keys a sign-in (or a current-password check) of `email` (trimmed, lower case; '' for none) from `address` counts
   * under: the account from this address, so a stranger's failures pause the account only where they come from, and the
   * address across accounts.
   */
  keysFor(email: string, address: string): BackoffKey[] {
    const keys = [{ key: `address:${address}`, limit: this.config.addressFailures }];
    if (email !== '') keys.push({ key: `${accountPrefix(email)}${address}`, limit: this.config.failures });
    return keys;
  }

  /** Seconds until every key may try again, 0 when none is paused. */
  retryAfter(keys: BackoffKey[], now = Date.now()): number {
    const until = Math.max(0, ...keys.map(({ key }) => this.keys.get(key)?.blockedUntil ?? 0));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Records a failure for each key, starting a pause for a key that reaches its limit. */
  fail(keys: BackoffKey[], now = Date.now()): void {
    const windowMs = this.config.windowSeconds * 1000;
    for (const { key, limit } of keys) {
      const state = this.keys.get(key) ?? { failures: [], pauses: 0, blockedUntil: 0, lastFailure: 0 };
      if (now - state.lastFailure > windowMs) state.pauses = 0;
      state.failures = [...state.failures.filter((t) => now - t < windowMs), now];
      state.lastFailure = now;
      if (state.failures.length >= limit) {
        state.blockedUntil = now + Math.min(this.config.maxSeconds, this.config.baseSeconds * 2 ** state.pauses) * 1000;
        state.pauses += 1;
        state.failures = [];
      }
      this.keys.set(key, state);
    }
  }

  /** Forgets the account's count from one address (a successful sign-in from there). */
  clearAccountFrom(email: string, address: string): void {
    this.keys.delete(`${accountPrefix(email)}${address}`);
  }

  /** Forgets the account's counts from every address (its owner proved the mailbox: a reset or unlock link). */
  clearAccount(email: string): void {
    const prefix = accountPrefix(email);
    for (const key of [...this.keys.keys()]) if (key.startsWith(prefix)) this.keys.delete(key);
  }

  /** Forgets every key (the reset control endpoint). */
  clearAll(): void {
    this.keys.clear();
  }
}
