import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RUNS, buildSite, startLab, summarise } from './bench-lab.mjs';
import { measure as measureScale } from './bench-scale.mjs';
import { firstVisitFigures } from './bench-first-visit.mjs';
import { repeatVisitFigures } from './bench-repeat.mjs';
import { compareFigure, compareMarkdown, compareRoute, jsGrowthBudget } from './bench-compare-report.mjs';
import { environmentText, figureLine, median } from './bench-rules.mjs';

// `npm run bench:compare -- <baseline ref> [<candidate ref>]`: this tree (or the candidate commit) beside an earlier one,
// measured in turns in one run. Scores on this machine move from hour to hour, so "not worse than before" can only be
// read against the old tree measured now.
const CURRENT_DIR = '.cache/bench-dist';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

/** A worktree of the baseline commit under .cache: this tree's node_modules when the lockfiles match, else its own. */
function baselineTree(sha) {
  const dir = resolve('.cache/baseline', sha);
  if (!existsSync(dir)) {
    mkdirSync(resolve('.cache/baseline'), { recursive: true });
    git('worktree', 'add', '--detach', dir, sha);
  }
  if (!existsSync(resolve(dir, 'node_modules'))) {
    const sameLock = readFileSync(resolve(dir, 'package-lock.json'), 'utf8') === readFileSync('package-lock.json', 'utf8');
    // Another lockfile is another Astro: the baseline must be built by the versions it was committed with. Without
    // install scripts: a build needs none, and the Node that runs it is this tree's.
    if (sameLock) symlinkSync(resolve('node_modules'), resolve(dir, 'node_modules'), 'dir');
    else execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  }
  return dir;
}

async function main() {
  const [ref, candidateRef] = process.argv.slice(2);
  if (!ref)
    throw new Error(
      'Usage: npm run bench:compare -- <baseline ref> [<candidate ref>] (for example the commits before and after a change)',
    );
  const sha = git('rev-parse', '--short=12', `${ref}^{commit}`);
  const candidateSha = candidateRef && git('rev-parse', '--short=12', `${candidateRef}^{commit}`);
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  const current = candidateSha
    ? { sha: candidateSha, ref: candidateRef }
    : { sha: `${git('rev-parse', '--short=12', 'HEAD')}${dirty ? ' with uncommitted changes' : ''}` };
  const baselineOut = resolve('.cache/baseline-dist', sha);
  const currentOut = candidateSha ? resolve('.cache/baseline-dist', candidateSha) : CURRENT_DIR;
  console.log(`Building ${candidateRef ?? 'this tree'} and ${ref} (${sha}) ...`);
  await buildSite(candidateSha ? { outDir: currentOut, cwd: baselineTree(candidateSha) } : { outDir: currentOut });
  await buildSite({ outDir: baselineOut, cwd: baselineTree(sha) });

  const lab = await startLab({ root: currentOut });
  console.log(`${environmentText(lab.environment)}.`);
  const sides = { baseline: baselineOut, current: currentOut };
  // Each measurement RUNS times per tree, in turns, the first of each pair alternating, so that a machine slowing down
  // mid-run weighs on both trees; a measurement that gives nothing is left out.
  const inTurns = async (measure) => {
    const results = { baseline: [], current: [] };
    for (let i = 0; i < RUNS; i += 1) {
      for (const name of i % 2 ? ['baseline', 'current'] : ['current', 'baseline']) {
        await lab.serve(sides[name]);
        const result = await measure();
        if (result !== undefined) results[name].push(result);
      }
    }
    return results;
  };
  try {
    const only = process.env.BENCH_ONLY;
    const measured = lab.groups.filter(([name]) => !only || only.split(',').includes(name));
    const routes = [];
    for (const [group, list, signedIn] of measured) {
      for (const route of list) {
        const rows = await inTurns(async () => {
          for (let attempt = 0; attempt < 3; attempt += 1) {
            // Performance only: the comparison reads no other score, and the other audits would double each run.
            const lhr = await lab.lighthouseRun(route, signedIn, ['performance']);
            if (lhr) return summarise(lhr, group, route);
          }
          return undefined;
        });
        if (rows.baseline.length === 0 || rows.current.length === 0) throw new Error(`Lighthouse could not measure ${route}`);
        const row = compareRoute(group, route, rows.baseline, rows.current);
        routes.push(row);
        console.log(
          `${row.worse ? 'WORSE  ' : 'ok     '} ${group.padEnd(8)} ${route.padEnd(32)} perf ${row.baseline.perf.join('/')} -> ${row.current.perf.join('/')}  TBT ${row.baseline.tbt.join('/')} -> ${row.current.tbt.join('/')}  JS ${row.baseline.js} -> ${row.current.js} KB`,
        );
      }
    }
    const figures = [];
    if (!only || only.split(',').includes('scale')) {
      const scale = await inTurns(() => measureScale({ site: lab.site, apiOrigin: lab.apiOrigin, chromePath: lab.chromePath }));
      const values = (name, index) => scale[name].map((figs) => figs[index].raw.renderMs ?? figs[index].raw.maxMs);
      figures.push(
        compareFigure(
          'order form, 50 product blocks: key press to next paint, max of 28 presses',
          values('baseline', 0),
          values('current', 0),
        ),
        compareFigure(
          'order history, 1,000 orders: last list response to all cards painted',
          values('baseline', 1),
          values('current', 1),
        ),
      );
      for (const f of figures)
        console.log(`${f.worse ? 'WORSE  ' : 'ok     '} ${f.name}: ${f.baseline.join('/')} -> ${f.current.join('/')} ms`);
    }
    // The budgets hold for this tree on its own: its first-visit figures (the home page beside its static copy is
    // measured now, in turns), its repeat visits with the worker, and the JavaScript of each route against the baseline.
    await lab.serve(currentOut);
    const groups = measured.map(([name]) => name);
    const currentRows = routes.map((r) => ({
      group: r.group,
      route: r.route,
      kb: { js: r.current.js },
      lcpMs: median(r.current.lcp),
    }));
    const budgets = [
      ...(routes.length ? [jsGrowthBudget(routes)] : []),
      ...(await firstVisitFigures({
        groups,
        rows: currentRows,
        site: lab.site,
        port: lab.chrome.port,
        settings: lab.settings,
        runs: RUNS,
        outDir: currentOut,
      })),
    ];
    if (!only || only.split(',').includes('repeat')) {
      await lab.setSession(true);
      budgets.push(...(await repeatVisitFigures({ site: lab.site, server: lab.server(), chromePath: lab.chromePath })));
    }
    for (const b of budgets) console.log(figureLine(b));
    lab.browser.disconnect();
    const table = compareMarkdown({
      date: new Date().toISOString().slice(0, 10),
      baseline: { ref, sha },
      current,
      runCount: RUNS,
      environment: lab.environment,
      routes,
      figures,
      budgets,
    });
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/compare.md', `${table}\n`);
    console.log(`\n${table.split('\n').at(-1)} Written to bench-results/compare.md.`);
  } finally {
    lab.stop();
  }
}

await main();
