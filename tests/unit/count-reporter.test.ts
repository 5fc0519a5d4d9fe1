import { afterEach, describe, expect, it, vi } from 'vitest';
import CountReporter from '../../scripts/count-reporter.mjs';

type Outcome = 'expected' | 'flaky' | 'unexpected' | 'skipped';
const aTest = (title: string, outcome: Outcome, line = 1) => ({ title, outcome: () => outcome, location: { file: '/repo/tests/e2e/studio.spec.ts', line } });

function report(tests: ReturnType<typeof aTest>[]): string {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  const reporter = new CountReporter();
  reporter.onBegin({}, { allTests: () => tests });
  reporter.onEnd();
  return lines.join('\n');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the count reporter CI reads', () => {
  it('counts each test once by its final outcome, and names the flaky ones', () => {
    const out = report([
      aTest('saves an FAQ', 'expected'),
      aTest('an edit the studio cannot write is not lost', 'flaky', 207),
      aTest('after it in the serial group', 'expected'),
      aTest('[resilience] returns: a dropped connection', 'unexpected'),
      aTest('[resilience] track: a slow answer', 'expected'),
      aTest('signs in with GitLab', 'skipped'),
    ]);
    expect(out).toContain('flaky (passed on retry): 1\n  studio.spec.ts:207 an edit the studio cannot write is not lost');
    expect(out).toContain('e2e: 4 passed, 1 failed, 1 skipped');
    expect(out).toContain('resilience: 2 cases run, 1 cases passed');
  });

  it('says nothing of flakes or resilience when there were none', () => {
    const out = report([aTest('saves an FAQ', 'expected')]);
    expect(out).toBe('\ne2e: 1 passed, 0 failed, 0 skipped');
  });
});
