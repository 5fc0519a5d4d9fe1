import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slowestTable, withTable } from '../../scripts/e2e-timings.mjs';
import TimingReporter from '../../scripts/timing-reporter.mjs';

const test = (file: string, title: string) => ({ title, location: { file: `/repo/tests/e2e/${file}` } });

describe('the e2e timing report', () => {
  it('sums every attempt of a spec file, counts its tests once, keeps its slowest test and sorts the files slowest first', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'timings-')), 'timings.json');
    process.env.E2E_TIMINGS = out;
    const reporter = new TimingReporter();
    reporter.onBegin({ rootDir: '/repo/tests/e2e' });
    reporter.onTestEnd(test('a.spec.ts', 'quick'), { duration: 1000, retry: 0 });
    reporter.onTestEnd(test('b.spec.ts', 'slow'), { duration: 9000, retry: 0 });
    reporter.onTestEnd(test('a.spec.ts', 'retried'), { duration: 4000, retry: 0 });
    reporter.onTestEnd(test('a.spec.ts', 'retried'), { duration: 6000, retry: 1 });
    reporter.onEnd();
    delete process.env.E2E_TIMINGS;
    const report = JSON.parse(readFileSync(out, 'utf8')) as { files: { file: string; ms: number; tests: number; slowest: { title: string; ms: number } }[] };
    expect(report.files).toEqual([
      { file: 'a.spec.ts', ms: 11000, tests: 2, slowest: { title: 'retried', ms: 6000 } },
      { file: 'b.spec.ts', ms: 9000, tests: 1, slowest: { title: 'slow', ms: 9000 } },
    ]);
  });

  it('writes the slowest files as a table between the markers of the tooling doc, and refuses a doc without them', () => {
    const report = {
      wallMs: 60000,
      files: Array.from({ length: 12 }, (_, i) => ({ file: `f${i}.spec.ts`, ms: (12 - i) * 1000, tests: 2, slowest: { title: `t|${i}`, ms: 700 } })),
    };
    const table = slowestTable(report, 10, '2026-11-28');
    expect(table).toContain('The 10 slowest spec files of the run of 2026-11-28: 12 files, 78.0 test-seconds on 2 workers in 60.0 s');
    expect(table).toContain('| `f0.spec.ts` | 2 | 12.0 | 0.7: t\\|0 |');
    expect(table).toContain('| `f9.spec.ts` | 2 | 3.0 |');
    expect(table).not.toContain('f10.spec.ts');
    const doc = 'before\n<!-- e2e-timings:start -->\nold\n<!-- e2e-timings:end -->\nafter';
    expect(withTable(doc, 'new')).toBe('before\n<!-- e2e-timings:start -->\nnew\n<!-- e2e-timings:end -->\nafter');
    expect(() => withTable('no markers', 'new')).toThrow('no <!-- e2e-timings:start -->');
  });
});
