import { formatDateTime } from './format';

/** How long a quote stays valid (SPEC sections 1 and 9): 48 hours from when it was issued. */
export const QUOTE_VALID_MS = 48 * 60 * 60 * 1000;

/** The message of a quote past its 48 hours. */
export const QUOTE_EXPIRED = 'This quote has expired.';

/** Where a quote's 48 hours stand: its deadline in en-ZA, the time left in words, and whether it has passed. */
export interface QuoteClock {
  validUntil: string;
  left: string;
  expired: boolean;
  /** Milliseconds left (0 once expired). */
  msLeft: number;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The time left in hours and minutes ('1 hour 5 minutes left', '12 minutes left', 'less than a minute left'). */
export function timeLeft(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute left';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${plural(hours, 'hour')} ${plural(rest, 'minute')} left` : `${plural(rest, 'minute')} left`;
}

/** The clock of a quote issued at `quotedAt`; undefined when the quote carries no readable time (older servers). */
export function quoteClock(quotedAt: string, now = Date.now()): QuoteClock | undefined {
  const issued = quotedAt ? Date.parse(quotedAt) : NaN;
  if (Number.isNaN(issued)) return undefined;
  const deadline = issued + QUOTE_VALID_MS;
  const msLeft = Math.max(0, deadline - now);
  return { validUntil: formatDateTime(new Date(deadline)), left: timeLeft(msLeft), expired: msLeft === 0, msLeft };
}
