import { describe, expect, it } from 'vitest';
import { QUOTE_VALID_MS, quoteClock, timeLeft } from '../../src/lib/quote-clock';

const HOUR = 3_600_000;

describe('the 48-hour quote clock', () => {
  it('gives the deadline in en-ZA for Johannesburg and the time left', () => {
    const issued = Date.parse('2026-11-20T08:00:00Z');
    const clock = quoteClock('2026-11-20T10:00:00+02:00', issued + 47 * HOUR);
    expect(clock).toMatchObject({ expired: false, left: '1 hour 0 minutes left', msLeft: HOUR });
    expect(clock?.validUntil).toMatch(/^22 Nov 2026,? 10:00$/);
  });

  it('expires after 48 hours', () => {
    const issued = Date.parse('2026-11-20T08:00:00.000Z');
    expect(quoteClock('2026-11-20T08:00:00.000Z', issued + QUOTE_VALID_MS)?.expired).toBe(true);
    expect(quoteClock('2026-11-20T08:00:00.000Z', issued + 49 * HOUR)).toMatchObject({ expired: true, msLeft: 0 });
    expect(quoteClock('2026-11-20T08:00:00.000Z', issued + QUOTE_VALID_MS - 1)?.expired).toBe(false);
  });

  it('shows nothing for a quote without a readable time', () => {
    expect(quoteClock('')).toBeUndefined();
    expect(quoteClock('yesterday')).toBeUndefined();
  });

  it('words the time left', () => {
    expect(timeLeft(30_000)).toBe('less than a minute left');
    expect(timeLeft(60_000)).toBe('1 minute left');
    expect(timeLeft(59 * 60_000)).toBe('59 minutes left');
    expect(timeLeft(25 * HOUR + 2 * 60_000)).toBe('25 hours 2 minutes left');
  });
});
