/** Prints one closing line 'N passed, N failed' (and skipped) that CI reads. */
export default class CountReporter {
  passed = 0;
  failed = 0;
  skipped = 0;
  onTestEnd(test, result) {
    if (result.status === 'skipped') this.skipped += test.outcome() === 'skipped' ? 1 : 0;
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    if (test.outcome() === 'expected' || test.outcome() === 'flaky') this.passed += 1;
    else if (test.outcome() === 'unexpected') this.failed += 1;
  }
  onEnd() {
    console.log(`\ne2e: ${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped`);
  }
  printsToStdio() {
    return false;
  }
}
