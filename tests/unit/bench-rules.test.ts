import { describe, expect, it } from 'vitest';
import {
  asReading,
  cpuSlowdownFor,
  environmentText,
  figureLine,
  judge,
  median,
  medianRow,
  verdictCell,
} from '../../scripts/bench-rules.mjs';

const run = (over: Partial<Record<string, unknown>> = {}) => ({
  group: 'public',
  route: '/',
  kb: { html: 9.6, css: 11.9, js: 9.2, img: 10.4 },
  performance: 94,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 988,
  tbtMs: 288,
  cls: 0,
  benchmarkIndex: 2500,
  lcpElement: '<h1>',
  ...over,
});

describe('CPU slowdown calibrated from the benchmark index (Lighthouse throttling guide and calculator)', () => {
  it('gives the calculator points: 1x at 150, 2x at 800, 3x at 1300, 4x at 1533, 6x at 2000', () => {
    expect([150, 800, 1300, 1533, 2000].map(cpuSlowdownFor)).toEqual([1, 2, 3, 4, 6]);
  });

  it('is linear between them, to one decimal', () => {
    expect(cpuSlowdownFor(475)).toBe(1.5);
    expect(cpuSlowdownFor(1050)).toBe(2.5);
    expect(cpuSlowdownFor(2520)).toBe(8.2);
  });

  it('does not slow a machine below 150 any further, and refuses a missing index', () => {
    expect(cpuSlowdownFor(90)).toBe(1);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/No benchmark index/);
  });
});

describe("a route's row from its runs", () => {
  it('takes the middle value', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(3);
  });

  it('reports the median of each figure, each on its own, and the element of the median paint', () => {
    const runs = [
      run({ performance: 99, tbtMs: 100, lcpMs: 950, lcpElement: '<p>' }),
      run({ performance: 80, tbtMs: 700, lcpMs: 1200, benchmarkIndex: 1800 }),
      run({ performance: 94, tbtMs: 288, lcpMs: 988, lcpElement: '<h1>' }),
      run({ performance: 97, tbtMs: 150, lcpMs: 1010, kb: { html: 9.6, css: 11.9, js: 9.3, img: 10.4 } }),
      run({ performance: 90, tbtMs: 400, lcpMs: 900, cls: 0.02 }),
    ];
    expect(medianRow(runs)).toMatchObject({
      group: 'public',
      route: '/',
      kb: { js: 9.2 },
      performance: 94,
      tbtMs: 288,
      lcpMs: 988,
      cls: 0,
      benchmarkIndex: 2500,
      lcpElement: '<h1>',
      runs: 5,
    });
  });
});

describe('budgets are what the page controls', () => {
  it('judges a public page on JS, layout shift and the three scores that do not follow the machine', () => {
    expect(judge(run({ performance: 60, tbtMs: 900, lcpMs: 3000 }))).toMatchObject({ met: true, misses: [] });
    expect(judge(run({ kb: { js: 40.1 }, cls: 0.01, seo: 92 }))).toMatchObject({ met: false, misses: ['JS', 'CLS', 'SEO'] });
    expect(judge(run({ accessibility: 98, bestPractices: 96 })).misses).toEqual(['a11y', 'BP']);
  });

  it('judges modal and account pages on JS and layout shift only (they are noindex)', () => {
    expect(judge(run({ group: 'account', kb: { js: 180 }, seo: 69, performance: 70 })).met).toBe(true);
    expect(judge(run({ group: 'modal', kb: { js: 180.1 } })).misses).toEqual(['JS']);
  });

  it('writes the budget cell with what was missed, and readings apart from budgets', () => {
    expect(verdictCell(judge(run()))).toBe('met');
    expect(verdictCell(judge(run({ cls: 0.05 })))).toBe('**not met** (CLS)');
    expect(verdictCell({ met: false })).toBe('**not met**');
    const slow = asReading({ name: 'history', value: '620 ms', goal: '< 500 ms', met: false });
    expect(verdictCell(slow)).toBe('reading, over goal');
    expect(verdictCell({ ...slow, met: true })).toBe('reading, within goal');
    expect(figureLine(slow)).toBe('OVER    history: 620 ms (goal < 500 ms; a reading, not a budget)');
    expect(figureLine({ name: 'repeat', value: '4.9 KB', goal: '< 5 KB', met: true })).toBe(
      'met     repeat: 4.9 KB (goal < 5 KB)',
    );
  });
});

describe('the environment of a run', () => {
  it('names Lighthouse, the Chromium it drove, the benchmark index and the slowdown calibrated from it', () => {
    expect(environmentText({ lighthouse: '13.5', chromium: '156.0.8078.108', benchmarkIndex: 2520, cpuSlowdown: 8.2 })).toBe(
      "Lighthouse 13.5 mobile, simulated throttling, Chromium 156.0.8078.108; benchmark index 2520 before the runs, hence a CPU slowdown of 8.2x (Lighthouse's calibration for a mid-tier phone)",
    );
  });
});
