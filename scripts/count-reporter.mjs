/** Prints one closing line 'N passed, N failed' (and skipped) that CI reads, one for the '[resilience]' cases when any ran, and the flaky tests by name. */
export default class CountReporter {
  onBegin(config, suite) {
    this.suite = suite;
  }
  onEnd() {
    // Each test counts once, by its final outcome: a serial group that a failure cut short runs again on its retry,
    // so counting attempts would count its tests twice.
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const flaky = [];
    const resilience = { run: 0, passed: 0 };
    for (const test of this.suite.allTests()) {
      const outcome = test.outcome();
      const passed = outcome === 'expected' || outcome === 'flaky';
      if (passed) counts.passed += 1;
      else if (outcome === 'skipped') counts.skipped += 1;
      else counts.failed += 1;
      if (outcome === 'flaky') flaky.push(`${test.location.file.split('/tests/e2e/').pop()}:${test.location.line} ${test.title}`);
      if (test.title.includes('[resilience]') && outcome !== 'skipped') {
        resilience.run += 1;
        if (passed) resilience.passed += 1;
      }
    }
    // A test that failed and then passed on its retry is a bug with a cause to find: it is named, not hidden in the count.
    if (flaky.length > 0) console.log(`\nflaky (passed on retry): ${flaky.length}\n${flaky.map((t) => `  ${t}`).join('\n')}`);
    console.log(`\ne2e: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    if (resilience.run > 0) console.log(`resilience: ${resilience.run} cases run, ${resilience.passed} cases passed`);
  }
  printsToStdio() {
    return false;
  }
}
