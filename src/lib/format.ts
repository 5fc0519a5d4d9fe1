import type { Order } from './api/orders';

// Formatters are built on first use: building one loads the locale's and time zone's data, about 60 ms on a
// fast machine at a page's start, which a page that formats nothing should not pay.
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const dateFormat = lazily(
  () => new Intl.DateTimeFormat('en-ZA', { timeZone: 'Africa/Johannesburg', day: 'numeric', month: 'short', year: 'numeric' }),
);
const dateTimeFormat = lazily(
  () =>
    new Intl.DateTimeFormat('en-ZA', {
      timeZone: 'Africa/Johannesburg',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
// A calendar day the service sends (YYYY-MM-DD) is the same day everywhere: read and shown in UTC, never shifted.
const dayFormat = lazily(() => new Intl.DateTimeFormat('en-ZA', { timeZone: 'UTC', day: 'numeric', month: 'long' }));
const dayYearFormat = lazily(() => new Intl.DateTimeFormat('en-ZA', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }));
const randFormat = lazily(() => new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** A date in en-ZA for Africa/Johannesburg; '' for a missing or bad value. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat().format(date);
}

/** A date and time in en-ZA for Africa/Johannesburg. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat().format(date);
}

/** A calendar day (YYYY-MM-DD) in en-ZA, '1 December' (with the year when asked: '1 December 2026'); '' for a missing or bad value. */
export function formatDay(day: string | null | undefined, withYear = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // Date.UTC rolls 31 February over into March: a day that does not exist is no day.
  return date.getUTCDate() === Number(match[3]) && date.getUTCMonth() === Number(match[2]) - 1 ? (withYear ? dayYearFormat() : dayFormat()).format(date) : '';
}

/** An amount in rand with the R prefix; 'R0' when there is none (no quote yet). */
export function formatRand(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount) || amount === 0) return 'R0';
  return `R${randFormat().format(amount)}`;
}

/** The title of an order as the shopper reads it, e.g. "Order 12 - Amazon". */
export function orderTitle(order: Pick<Order, 'id' | 'portalName'>): string {
  return order.portalName ? `Order ${order.id} - ${order.portalName}` : `Order ${order.id}`;
}
