import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { BUDGETS, LIGHTHOUSE_VERSION, buildSite, startLab, summarise } from './bench-lab.mjs';
import { benchUpload } from './bench-upload.mjs';
import { measure as measureScale } from './bench-scale.mjs';
import { repeatVisitFigures } from './bench-repeat.mjs';
import { firstVisitFigures } from './bench-first-visit.mjs';

const OUT_DIR = '.cache/bench-dist';
/** Lighthouse runs per route; the run with the median performance score is reported. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** The lowest and highest benchmark index of the reported runs, as text. */
function biRange(rows) {
  const values = rows.map((r) => r.benchmarkIndex);
  return values.length ? `${Math.min(...values)} to ${Math.max(...values)}` : 'none';
}

function markdown(rows, extras) {
  const head =
    '| group | route | HTML KB | CSS KB | JS KB | img KB | perf | a11y | BP | SEO | LCP ms | TBT ms | CLS | BI | budget |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|';
  const lines = rows.map(
    (r) =>
      `| ${r.group} | \`${r.route}\` | ${r.kb.html} | ${r.kb.css} | ${r.kb.js} | ${r.kb.img} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.benchmarkIndex} | ${r.met ? 'met' : '**not met**'} |`,
  );
  const extra = extras.map((e) => `| ${e.name} | ${e.value} | ${e.goal} | ${e.met ? 'met' : '**not met**'} |`);
  return [
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (Lighthouse ${LIGHTHOUSE_VERSION} mobile, simulated throttling, median of ${RUNS} runs per route, Debian Chromium, on the project's 2-core machine; KB are gzipped transfer sizes before any interaction). Budgets: public pages JS <= 40 KB and all four scores 100; modal and account pages JS <= 180 KB and performance >= 95. Modal and account pages are noindex, hence their SEO scores. BI is Lighthouse's benchmark index of the machine during the reported run (higher is faster; ${biRange(rows)} in this run): on a shared machine the blocking time, and with it the performance score, follows it.`,
    '',
    head,
    ...lines,
    '',
    ...(extra.length ? ['| figure | value | goal | budget |', '|---|---:|---|---|', ...extra] : []),
  ].join('\n');
}

async function extraFigures({ site, apiOrigin, chromePath, server }) {
  const upload = await benchUpload({ siteUrl: site, apiUrl: apiOrigin, chromiumPath: chromePath });
  const mb = (bytes) => `${(bytes / 1_000_000).toFixed(2)} MB`;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    {
      name: `three-product order from ${upload.sourceBytes.length} phone screenshots of ${mb(upload.sourceBytes[0])}: bytes uploaded`,
      value: mb(upload.uploadBytes),
      goal: '< 1.5 MB',
      met: upload.uploadBytes < 1_500_000,
      raw: { uploadBytes: upload.uploadBytes, sourceBytes: upload.sourceBytes },
    },
    {
      name: "order form's own JavaScript, gzipped (whole /upload-orders/ page in brackets)",
      value: `${kb(upload.js.orderFormGzipBytes)} (${kb(upload.js.totalGzipBytes)})`,
      goal: 'page <= 180 KB',
      met: upload.js.totalGzipBytes <= 180 * 1024,
      raw: upload.js,
    },
    ...(await measureScale({ site, apiOrigin, chromePath })),
    ...(await repeatVisitFigures({ site, server, chromePath })),
  ];
}

/** Says so when the machine is already busy: Lighthouse's simulated timings grow with whatever else runs. */
function warnIfBusy() {
  const [load] = loadavg();
  const cores = availableParallelism();
  if (load > cores / 2)
    console.warn(
      `The machine is busy before the bench starts (load ${load.toFixed(1)} on ${cores} cores): scores will be lower than on a quiet machine. Stop other test runs first; the table's BI column shows how fast the machine was for each route.`,
    );
}

async function main() {
  warnIfBusy();
  console.log('Building ...');
  buildSite({ outDir: OUT_DIR });
  const lab = await startLab({ root: OUT_DIR });
  const { site, apiOrigin, chromePath, chrome, browser, groups, setSession, lighthouseRun } = lab;
  try {
    const rows = [];
    // BENCH_ONLY=account (or public, modal, a list such as modal,account, or repeat) measures those and writes nothing: for quick checks while working.
    const only = process.env.BENCH_ONLY;
    if (only === 'repeat') {
      for (const e of await repeatVisitFigures({ site, server: lab.server(), chromePath }))
        console.log(`${e.met ? 'met    ' : 'NOT MET'} ${e.name}: ${e.value} (goal ${e.goal})\n        ${e.raw.paths.join(' ')}`);
      browser.disconnect();
      return;
    }
    const measured = groups.filter(([name]) => !only || only.split(',').includes(name));
    for (const [group, routes, signedIn] of measured) {
      for (const route of routes) {
        const runs = [];
        // Lighthouse's own advice for variable machines: several runs, report the median. A run that Lighthouse
        // could not finish (runtimeError, no score) does not count, and is tried again a few times at most.
        for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt += 1) {
          const lhr = await lighthouseRun(route, signedIn);
          if (lhr) runs.push(lhr);
        }
        if (runs.length === 0) throw new Error(`Lighthouse could not measure ${route}`);
        const lhr = runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score)[
          Math.floor(runs.length / 2)
        ];
        const row = summarise(lhr, group, route);
        rows.push(row);
        console.log(
          `${row.met ? 'met    ' : 'NOT MET'} ${group.padEnd(8)} ${route.padEnd(32)} js ${String(row.kb.js).padStart(6)} KB  perf ${row.performance}  a11y ${row.accessibility}  bp ${row.bestPractices}  seo ${row.seo}  LCP ${row.lcpMs}  TBT ${row.tbtMs}  CLS ${row.cls}  BI ${row.benchmarkIndex}  LCP element ${row.lcpElement}`,
        );
      }
    }
    const firstVisit = await firstVisitFigures({
      groups: measured.map(([name]) => name),
      rows,
      site,
      port: chrome.port,
      runs: RUNS,
      outDir: OUT_DIR,
    });
    for (const e of firstVisit) console.log(`${e.met ? 'met    ' : 'NOT MET'} ${e.name}: ${e.value} (goal ${e.goal})`);
    if (only) return;
    await setSession(true);
    const more = await extraFigures({ site, apiOrigin, chromePath, server: lab.server() });
    const extras = [...firstVisit, ...more];
    for (const e of more) console.log(`${e.met ? 'met    ' : 'NOT MET'} ${e.name}: ${e.value} (goal ${e.goal})`);
    browser.disconnect();
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(
      'bench-results/bench.json',
      `${JSON.stringify({ date: new Date().toISOString(), budgets: BUDGETS, rows, extras }, null, 2)}\n`,
    );
    const table = markdown(rows, extras);
    writeFileSync('bench-results/bench.md', `${table}\n`);
    const readme = readFileSync('README.md', 'utf8');
    const updated = readme.replace(/(<!-- bench:start -->)[\s\S]*(<!-- bench:end -->)/, `$1\n${table}\n$2`);
    if (updated !== readme) writeFileSync('README.md', updated);
    const failed = rows.filter((r) => !r.met).length + extras.filter((e) => !e.met).length;
    console.log(
      `\nBudgets: ${rows.length + extras.length - failed} met, ${failed} not met. Written to bench-results/bench.json and bench-results/bench.md.`,
    );
  } finally {
    lab.stop();
  }
}

await main();
