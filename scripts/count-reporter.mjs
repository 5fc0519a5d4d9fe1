/** Prints one closing line 'N passed, N failed' (and skipped) that CI reads, and one for the '[resilience]' cases when any ran. */
export default class CountReporter {
  passed = 0;
  failed = 0;
  skipped = 0;
  resilience = { run: 0, passed: 0 };
  onTestEnd(test, result) {
    if (result.status === 'skipped') this.skipped += test.outcome() === 'skipped' ? 1 : 0;
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    const passed = test.outcome() === 'expected' || test.outcome() === 'flaky';
    if (passed) this.passed += 1;
    else if (test.outcome() === 'unexpected') this.failed += 1;
    if (test.title.includes('[resilience]') && test.outcome() !== 'skipped') {
      this.resilience.run += 1;
      if (passed) this.resilience.passed += 1;
    }
  }
  onEnd() {
    console.log(`\ne2e: ${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped`);
    if (this.resilience.run > 0) console.log(`resilience: ${this.resilience.run} cases run, ${this.resilience.passed} cases passed`);
  }
  printsToStdio() {
    return false;
  }
}
