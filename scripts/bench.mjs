import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { RUNS, buildSite, startLab, summarise } from './bench-lab.mjs';
import { BUDGETS, asReading, environmentText, figureLine, judge, medianRow, verdictCell } from './bench-rules.mjs';
import { benchUpload } from './bench-upload.mjs';
import { measure as measureScale } from './bench-scale.mjs';
import { repeatVisitFigures } from './bench-repeat.mjs';
import { firstVisitFigures } from './bench-first-visit.mjs';

const OUT_DIR = '.cache/bench-dist';

/** The lowest and highest benchmark index of the reported runs, as text. */
function biRange(rows) {
  const values = rows.map((r) => r.benchmarkIndex);
  return values.length ? `${Math.min(...values)} to ${Math.max(...values)}` : 'none';
}

function markdown(environment, rows, extras) {
  // The budget column stands after the figures it judges; the figures that follow the machine come after it.
  const head =
    '| group | route | HTML KB | CSS KB | JS KB | img KB | CLS | a11y | BP | SEO | budget | perf | LCP ms | TBT ms | BI |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|';
  const lines = rows.map(
    (r) =>
      `| ${r.group} | \`${r.route}\` | ${r.kb.html} | ${r.kb.css} | ${r.kb.js} | ${r.kb.img} | ${r.cls} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${verdictCell(r)} | ${r.performance} | ${r.lcpMs} | ${r.tbtMs} | ${r.benchmarkIndex} |`,
  );
  const extra = extras.map((e) => `| ${e.name} | ${e.value} | ${e.goal} | ${verdictCell(e)} |`);
  const { public: pub, app } = BUDGETS;
  return [
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (${environmentText(environment)}; medians of ${RUNS} runs per route, on the project's 2-core machine; KB are gzipped transfer sizes before any interaction). Budgets, what the page controls: public pages JS <= ${pub.scriptKb} KB, CLS ${pub.cls} and accessibility, best practices and SEO ${pub.accessibility}; modal and account pages JS <= ${app.scriptKb} KB and CLS ${app.cls} (they are noindex, hence their SEO scores); the figures below with their goals. The performance score, LCP and TBT follow the machine and the browser build, so they are printed beside the budgets, not judged, as are the figures marked "reading". BI is Lighthouse's benchmark index during each route's runs (median; higher is faster; ${biRange(rows)} in this run).`,
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
    // Key press to paint and render times are this CPU's milliseconds: printed with their goals, not budgets.
    ...(await measureScale({ site, apiOrigin, chromePath })).map(asReading),
    ...(await repeatVisitFigures({ site, server, chromePath })),
  ];
}

/** Says so when the machine is already busy: Lighthouse's simulated timings grow with whatever else runs. */
function warnIfBusy() {
  const [load] = loadavg();
  const cores = availableParallelism();
  if (load > cores / 2)
    console.warn(
      `The machine is busy before the bench starts (load ${load.toFixed(1)} on ${cores} cores): the benchmark index that calibrates the CPU slowdown, and every timing, will be off. Stop other test runs first; the table's BI column shows how fast the machine was for each route.`,
    );
}

async function main() {
  warnIfBusy();
  console.log('Building ...');
  await buildSite({ outDir: OUT_DIR });
  const lab = await startLab({ root: OUT_DIR });
  const { site, apiOrigin, chromePath, chrome, browser, environment, settings, groups, setSession, lighthouseRun } = lab;
  console.log(`${environmentText(environment)}.`);
  if (environment.cpuSlowdown === 1)
    console.warn('The benchmark index is below 150: Lighthouse cannot emulate its mid-tier phone on this machine (1x).');
  try {
    const rows = [];
    // BENCH_ONLY=account (or public, modal, a list such as modal,account, or repeat) measures those and writes nothing: for quick checks while working.
    const only = process.env.BENCH_ONLY;
    if (only === 'repeat') {
      for (const e of await repeatVisitFigures({ site, server: lab.server(), chromePath }))
        console.log(`${figureLine(e)}\n        ${e.raw.paths.join(' ')}`);
      browser.disconnect();
      return;
    }
    const measured = groups.filter(([name]) => !only || only.split(',').includes(name));
    for (const [group, routes, signedIn] of measured) {
      for (const route of routes) {
        const runs = [];
        // Lighthouse's own advice for variable machines: several runs, report the median of each figure. A run that
        // Lighthouse could not finish (runtimeError, no score) does not count, and is tried again a few times at most.
        for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt += 1) {
          const lhr = await lighthouseRun(route, signedIn);
          if (lhr) runs.push(summarise(lhr, group, route));
        }
        if (runs.length === 0) throw new Error(`Lighthouse could not measure ${route}`);
        const row = judge(medianRow(runs));
        rows.push(row);
        console.log(
          `${row.met ? 'met    ' : `NOT MET ${row.misses.join(',')}`.padEnd(7)} ${group.padEnd(8)} ${route.padEnd(32)} js ${String(row.kb.js).padStart(6)} KB  CLS ${row.cls}  a11y ${row.accessibility}  bp ${row.bestPractices}  seo ${row.seo}  | perf ${row.performance}  LCP ${row.lcpMs}  TBT ${row.tbtMs}  BI ${row.benchmarkIndex}  LCP element ${row.lcpElement}`,
        );
      }
    }
    const firstVisit = await firstVisitFigures({
      groups: measured.map(([name]) => name),
      rows,
      site,
      port: chrome.port,
      settings,
      runs: RUNS,
      outDir: OUT_DIR,
    });
    for (const e of firstVisit) console.log(figureLine(e));
    if (only) return;
    await setSession(true);
    const more = await extraFigures({ site, apiOrigin, chromePath, server: lab.server() });
    const extras = [...firstVisit, ...more];
    for (const e of more) console.log(figureLine(e));
    browser.disconnect();
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(
      'bench-results/bench.json',
      `${JSON.stringify({ date: new Date().toISOString(), ...environment, runs: RUNS, budgets: BUDGETS, rows, extras }, null, 2)}\n`,
    );
    const table = markdown(environment, rows, extras);
    writeFileSync('bench-results/bench.md', `${table}\n`);
    const readme = readFileSync('README.md', 'utf8');
    const updated = readme.replace(/(<!-- bench:start -->)[\s\S]*(<!-- bench:end -->)/, `$1\n${table}\n$2`);
    if (updated !== readme) writeFileSync('README.md', updated);
    const budgets = [...rows, ...extras.filter((e) => !e.reading)];
    const failed = budgets.filter((b) => !b.met).length;
    console.log(
      `\nBudgets: ${budgets.length - failed} met, ${failed} not met. Written to bench-results/bench.json and bench-results/bench.md.`,
    );
  } finally {
    lab.stop();
  }
}

await main();
