import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const START = '<!-- e2e-timings:start -->';
const END = '<!-- e2e-timings:end -->';

/** The markdown table of the `count` slowest spec files of a timing report (scripts/timing-reporter.mjs). */
export function slowestTable(report, count = 10, date = new Date().toISOString().slice(0, 10)) {
  const total = report.files.reduce((sum, f) => sum + f.ms, 0);
  const seconds = (ms) => (ms / 1000).toFixed(1);
  const rows = report.files.slice(0, count).map((f) => `| \`${f.file}\` | ${f.tests} | ${seconds(f.ms)} | ${seconds(f.slowest.ms)}: ${f.slowest.title.replace(/\|/g, '\\|')} |`);
  return [
    `The ${Math.min(count, report.files.length)} slowest spec files of the run of ${date}: ${report.files.length} files, ${seconds(total)} test-seconds on 2 workers in ${seconds(report.wallMs)} s (every attempt counted, retries included).`,
    '',
    '| spec file | tests | test-seconds | slowest test (s) |',
    '|---|---:|---:|---|',
    ...rows,
  ].join('\n');
}

/** Puts `table` between the e2e-timings markers of `text`. */
export function withTable(text, table) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/tooling.md has no ${START} ... ${END} markers`);
  return `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`;
}

// `node scripts/e2e-timings.mjs [report]`: writes the table of the last e2e run into docs/tooling.md.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = JSON.parse(readFileSync(process.argv[2] ?? process.env.E2E_TIMINGS ?? '.cache/e2e-timings.json', 'utf8'));
  const doc = 'docs/tooling.md';
  writeFileSync(doc, withTable(readFileSync(doc, 'utf8'), slowestTable(report)));
  console.log(`${doc}: the ${Math.min(10, report.files.length)} slowest spec files written`);
}
