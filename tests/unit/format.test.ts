import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatRand } from '../../src/lib/format';

// 23:30 UTC on 1 March is 01:30 on 2 March in Johannesburg (UTC+2, no daylight saving).
const LATE_EVENING_UTC = '2026-03-01T23:30:00Z';

/** Formats the instant in a fresh Node process whose own time zone is `tz`, with that process's local clock reading beside it. */
function formatIn(tz: string): { date: string; dateTime: string; localHour: number } {
  const script = `import('./src/lib/format.ts').then((m) => process.stdout.write(JSON.stringify({
    date: m.formatDate('${LATE_EVENING_UTC}'),
    dateTime: m.formatDateTime('${LATE_EVENING_UTC}'),
    localHour: new Date('${LATE_EVENING_UTC}').getHours(),
  })))`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { env: { ...process.env, TZ: tz }, encoding: 'utf8' });
  return JSON.parse(output) as { date: string; dateTime: string; localHour: number };
}

describe('formatDate and formatDateTime', () => {
  test('an instant that is still 1 March in UTC is 2 March in Johannesburg, written in en-ZA', () => {
    expect(formatDate(LATE_EVENING_UTC)).toBe('02 Mar 2026');
    expect(formatDateTime(LATE_EVENING_UTC)).toBe('02 Mar 2026, 01:30');
    expect(formatDateTime(new Date(LATE_EVENING_UTC))).toBe('02 Mar 2026, 01:30');
  });

  test('the day turns at midnight in Johannesburg, not at midnight UTC', () => {
    expect(formatDate('2026-03-01T21:59:00Z')).toBe('01 Mar 2026');
    expect(formatDate('2026-03-01T22:00:00Z')).toBe('02 Mar 2026');
    expect(formatDate('2026-03-02')).toBe('02 Mar 2026');
  });

  test.each([
    ['UTC', 23],
    ['America/Los_Angeles', 15],
    ['Pacific/Kiritimati', 13],
  ])('a process running in %s writes the same Johannesburg date', (tz, localHour) => {
    const result = formatIn(tz);
    // The process really ran in that zone: its own clock reads the instant differently.
    expect(result.localHour).toBe(localHour);
    expect(result).toMatchObject({ date: '02 Mar 2026', dateTime: '02 Mar 2026, 01:30' });
  });

  test('a missing or unreadable value is empty text', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });
});

describe('formatDay', () => {
  test('a calendar day is that day in en-ZA whatever the time zone, with the year when asked', () => {
    expect(formatDay('2026-12-01')).toBe('1 December');
    expect(formatDay('2026-12-31', true)).toBe('31 December 2026');
  });

  test('a day that does not exist, a timestamp or nothing is empty text', () => {
    for (const value of [null, undefined, '', '2026-02-31', '2026-13-01', '2026-12-01T10:00:00Z', 'tomorrow']) expect(formatDay(value), String(value)).toBe('');
  });
});

describe('formatRand', () => {
  test('amounts carry the R prefix with two decimals in en-ZA', () => {
    expect(formatRand(1234.5)).toMatch(/^R1[\s\u00a0]234,50$/);
    expect(formatRand(0.99)).toBe('R0,99');
  });

  test("no amount (no quote yet) is 'R0'", () => {
    for (const value of [null, undefined, 0, Number.NaN]) expect(formatRand(value)).toBe('R0');
  });
});
