/** Prints one closing line 'N passed, N failed' (and skipped) that CI reads, one for the '[resilience]' cases when any ran, and the flaky tests by name. */
export default class CountReporter {
  flaky = [];
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
    if (test.outcome() === 'flaky') this.flaky.push(`${test.location.file.split('/tests/e2e/').pop()}:${test.location.line} ${test.title}`);
    if (test.title.includes('[resilience]') && test.outcome() !== 'skipped') {
      this.resilience.run += 1;
      if (passed) this.resilience.passed += 1;
    }
  }
  onEnd() {
    // A test that failed and then passed on its retry is a bug with a cause to find: it is named, not hidden in the count.
    if (this.flaky.length > 0) console.log(`\nflaky (passed on retry): ${this.flaky.length}\n${this.flaky.map((t) => `  ${t}`).join('\n')}`);
    console.log(`\ne2e: ${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped`);
    if (this.resilience.run > 0) console.log(`resilience: ${this.resilience.run} cases run, ${this.resilience.passed} cases passed`);
  }
  printsToStdio() {
    return false;
  }
}
