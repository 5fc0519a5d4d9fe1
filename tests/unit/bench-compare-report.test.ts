import { describe, expect, it } from 'vitest';
import { compareFigure, compareMarkdown, compareRoute, jsGrowthBudget, verdict } from '../../scripts/bench-compare-report.mjs';

const row = (performance: number, js = 10, tbtMs = 100, lcpMs = 900) => ({ kb: { js }, performance, tbtMs, lcpMs });
const environment = { lighthouse: '13.5', chromium: '156.0.8078.108', benchmarkIndex: 2520, cpuSlowdown: 8.2 };

describe('bench comparison against a baseline tree', () => {
  it('calls a score worse or better only when every run is on one side of every baseline run', () => {
    expect(verdict([90, 92, 94], [85, 88, 89], { higherIsBetter: true })).toBe('worse');
    expect(verdict([90, 92, 94], [95, 97, 99], { higherIsBetter: true })).toBe('better');
    expect(verdict([90, 92, 94], [89, 91, 99], { higherIsBetter: true })).toBe('same');
    expect(verdict([400, 450], [500, 520], { higherIsBetter: false })).toBe('worse');
    expect(verdict([400, 450], [300, 350], { higherIsBetter: false })).toBe('better');
    expect(verdict([400, 450], [440, 520], { higherIsBetter: false })).toBe('same');
  });

  it('reads a route as worse when its scores all fall below the baseline or its JavaScript grows past the slack', () => {
    const lower = compareRoute('account', '/my-details/', [row(90), row(92), row(94)], [row(80), row(82), row(84)]);
    expect(lower.verdicts).toEqual({ perf: 'worse', js: 'same' });
    expect(lower.worse).toBe(true);
    const heavier = compareRoute('modal', '/login/', [row(95, 10)], [row(95, 11.5)]);
    expect(heavier.verdicts).toEqual({ perf: 'same', js: 'worse' });
    const within = compareRoute('modal', '/login/', [row(95, 10), row(97, 10)], [row(96, 10.9), row(94, 10.9)]);
    expect(within.worse).toBe(false);
    expect(within.current).toEqual({ js: 10.9, perf: [96, 94], tbt: [100, 100], lcp: [900, 900] });
  });

  it('writes medians with every run, the verdicts and a closing line that counts what is worse', () => {
    const routes = [
      compareRoute('public', '/', [row(99), row(100)], [row(100), row(100)]),
      compareRoute('account', '/help/', [row(96)], [row(80)]),
    ];
    const figures = [compareFigure('order history', [500, 520, 480], [450, 470, 460])];
    const table = compareMarkdown({
      date: '2026-11-24',
      baseline: { ref: 'abc', sha: 'abc123' },
      current: { sha: 'def456' },
      runCount: 2,
      routes,
      figures,
      environment,
    });
    expect(table).toContain('| public | `/` | 10 | 10 | 100 (99, 100) | 100 (100, 100) |');
    expect(table).toContain(
      '| account | `/help/` | 10 | 10 | 96 (96) | 80 (80) | 100 (100) | 100 (100) | 900 (900) | 900 (900) | **worse** |',
    );
    expect(table).toContain('| order history | 500 (480, 500, 520) | 460 (450, 460, 470) | better |');
    expect(table.split('\n').at(-1)).toBe('1 figure is worse than the baseline.');
    expect(table).toContain('this tree (def456) against abc (abc123)');
    expect(table).toContain(
      '2 runs each (Lighthouse 13.5 mobile, simulated throttling, Chromium 156.0.8078.108; benchmark index 2520',
    );
  });

  it('names a candidate commit in place of this tree when one is given', () => {
    const table = compareMarkdown({
      date: '2026-11-24',
      baseline: { ref: 'old', sha: 'abc123' },
      current: { ref: 'new', sha: 'def456' },
      runCount: 1,
      routes: [],
      figures: [],
      environment,
    });
    expect(table).toContain('`npm run bench:compare -- old new`: new (def456) against old (abc123)');
    expect(table.split('\n').at(-1)).toBe('Nothing is worse than the baseline.');
  });

  it('holds every route to +10 % of the baseline JavaScript and names the routes over it', () => {
    const within = jsGrowthBudget([
      compareRoute('public', '/', [row(100, 10)], [row(100, 10.9)]),
      compareRoute('account', '/help/', [row(96, 100)], [row(96, 95)]),
    ]);
    expect(within).toMatchObject({ value: '+9.0 %', goal: '<= +10 % on every route', met: true });
    expect(within.name).toContain('`/`, 10 -> 10.9 KB');
    const over = jsGrowthBudget([
      compareRoute('public', '/', [row(100, 10)], [row(100, 13.2)]),
      compareRoute('public', '/portals/', [row(100, 36.4)], [row(100, 38.5)]),
    ]);
    expect(over).toMatchObject({ value: '+32.0 %; over the limit: /', met: false });
  });

  it('lists the budgets of this tree, met or not, and the readings beside them', () => {
    const table = compareMarkdown({
      date: '2026-11-26',
      baseline: { ref: 'abc', sha: 'abc123' },
      current: { sha: 'def456' },
      runCount: 1,
      routes: [],
      figures: [],
      environment,
      budgets: [
        { name: 'sign-in JS', value: '60 KB', goal: '<= 100 KB', met: true },
        { name: 'home LCP ratio', value: '1.20', goal: 'ratio <= 1.1', met: false },
        { name: 'account LCP', value: '1.70 s', goal: '<= 1.6 s', met: false, reading: true },
      ],
    });
    expect(table).toContain('| budget, this tree | figure | goal | met |');
    expect(table).toContain('| sign-in JS | 60 KB | <= 100 KB | met |');
    expect(table).toContain('| home LCP ratio | 1.20 | ratio <= 1.1 | **not met** |');
    expect(table).toContain('| account LCP | 1.70 s | <= 1.6 s | reading, over goal |');
  });
});
