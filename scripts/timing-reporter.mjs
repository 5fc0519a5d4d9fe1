import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

/** Playwright reporter that sums each spec file's test time (every attempt) and writes it to E2E_TIMINGS (default .cache/e2e-timings.json). */
export default class TimingReporter {
  files = new Map();
  started = Date.now();
  onBegin(config) {
    this.root = config.rootDir;
  }
  onTestEnd(test, result) {
    const file = relative(this.root, test.location.file);
    const entry = this.files.get(file) ?? { file, ms: 0, tests: 0, slowest: { title: '', ms: 0 } };
    entry.ms += result.duration;
    if (result.retry === 0) entry.tests += 1;
    if (result.duration > entry.slowest.ms) entry.slowest = { title: test.title, ms: result.duration };
    this.files.set(file, entry);
  }
  onEnd() {
    const out = process.env.E2E_TIMINGS ?? '.cache/e2e-timings.json';
    const files = [...this.files.values()].sort((a, b) => b.ms - a.ms);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ wallMs: Date.now() - this.started, files }, null, 2));
  }
  printsToStdio() {
    return false;
  }
}
