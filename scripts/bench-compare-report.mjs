import { environmentText, median, verdictCell } from './bench-rules.mjs';

/** JavaScript may grow by this much (gzipped KB) before it counts as heavier: a build's hashes and ordering move bytes. */
export const JS_SLACK_KB = 1;

/**
 * Where one figure of this tree stands against the baseline's, both measured in turns in the same run. On a noisy
 * machine a difference counts only when every run of one tree is on the same side of every run of the other:
 * 'worse', 'better', or 'same' (the runs overlap).
 */
export function verdict(baseline, current, { higherIsBetter }) {
  const [bMin, bMax, cMin, cMax] = [Math.min(...baseline), Math.max(...baseline), Math.min(...current), Math.max(...current)];
  const below = cMax < bMin;
  const above = cMin > bMax;
  if (higherIsBetter) return below ? 'worse' : above ? 'better' : 'same';
  return above ? 'worse' : below ? 'better' : 'same';
}

/** One route from both trees' rows (summarised Lighthouse runs): medians, ranges, and the verdicts on performance and JS. */
export function compareRoute(group, route, baselineRows, currentRows) {
  const figure = (rows, key) => rows.map((r) => r[key]);
  const side = (rows) => ({
    js: median(rows.map((r) => r.kb.js)),
    perf: figure(rows, 'performance'),
    tbt: figure(rows, 'tbtMs'),
    lcp: figure(rows, 'lcpMs'),
  });
  const b = side(baselineRows);
  const c = side(currentRows);
  const perf = verdict(b.perf, c.perf, { higherIsBetter: true });
  const js = c.js > b.js + JS_SLACK_KB ? 'worse' : c.js < b.js - JS_SLACK_KB ? 'better' : 'same';
  return { group, route, baseline: b, current: c, verdicts: { perf, js }, worse: perf === 'worse' || js === 'worse' };
}

/** One measured figure (ms, lower is better) from both trees' runs. */
export function compareFigure(name, baseline, current) {
  const v = verdict(baseline, current, { higherIsBetter: false });
  return { name, baseline, current, verdict: v, worse: v === 'worse' };
}

/** How much a route's JavaScript may grow against the baseline (issue 27): 10 %. */
export const JS_GROWTH_LIMIT = 0.1;

/** The budget "every route's JavaScript within +10 % of the baseline's", from compared routes (medians). */
export function jsGrowthBudget(routes) {
  const growth = (r) => (r.baseline.js ? (r.current.js - r.baseline.js) / r.baseline.js : 0);
  const most = routes.reduce((a, b) => (growth(b) > growth(a) ? b : a));
  const over = routes.filter((r) => growth(r) > JS_GROWTH_LIMIT).map((r) => r.route);
  const pct = (r) => `${growth(r) >= 0 ? '+' : ''}${(growth(r) * 100).toFixed(1)} %`;
  return {
    name: `every route's JavaScript against the baseline's (most: \`${most.route}\`, ${most.baseline.js} -> ${most.current.js} KB)`,
    value: over.length ? `${pct(most)}; over the limit: ${over.join(', ')}` : pct(most),
    goal: `<= +${JS_GROWTH_LIMIT * 100} % on every route`,
    met: over.length === 0,
  };
}

const runs = (values) => `${median(values)} (${[...values].sort((a, b) => a - b).join(', ')})`;

/** @typedef {{ name: string, value: string, goal: string, met: boolean, reading?: boolean }} Budget */

/** The comparison as markdown: one row per route and per figure, medians with every run in brackets, then the budgets. */
export function compareMarkdown({
  date,
  baseline,
  current,
  runCount,
  routes,
  figures,
  budgets = /** @type {Budget[]} */ ([]),
  environment,
}) {
  const worse = routes.filter((r) => r.worse).length + figures.filter((f) => f.worse).length;
  return [
    `Compared ${date} with \`npm run bench:compare -- ${baseline.ref}${current.ref ? ` ${current.ref}` : ''}\`: ${current.ref ? `${current.ref} (${current.sha})` : `this tree (${current.sha})`} against ${baseline.ref} (${baseline.sha}), both built now and measured in turns in the same run, ${runCount} runs each (${environmentText(environment)}). A difference counts only when every run of one tree is on the same side of every run of the other; JS is gzipped KB (1 KB slack).`,
    '',
    '| group | route | JS KB before | JS KB now | perf before | perf now | TBT ms before | TBT ms now | LCP ms before | LCP ms now | verdict |',
    '|---|---|---:|---:|---|---|---|---|---|---|---|',
    ...routes.map(
      (r) =>
        `| ${r.group} | \`${r.route}\` | ${r.baseline.js} | ${r.current.js} | ${runs(r.baseline.perf)} | ${runs(r.current.perf)} | ${runs(r.baseline.tbt)} | ${runs(r.current.tbt)} | ${runs(r.baseline.lcp)} | ${runs(r.current.lcp)} | ${r.worse ? '**worse**' : `perf ${r.verdicts.perf}, JS ${r.verdicts.js}`} |`,
    ),
    '',
    ...(figures.length
      ? [
          '| figure (ms, lower is better) | before | now | verdict |',
          '|---|---|---|---|',
          ...figures.map(
            (f) => `| ${f.name} | ${runs(f.baseline)} | ${runs(f.current)} | ${f.worse ? '**worse**' : f.verdict} |`,
          ),
          '',
        ]
      : []),
    ...(budgets.length
      ? [
          `| budget, ${current.ref ? current.ref : 'this tree'} | figure | goal | met |`,
          '|---|---|---|---|',
          ...budgets.map((b) => `| ${b.name} | ${b.value} | ${b.goal} | ${verdictCell(b)} |`),
          '',
        ]
      : []),
    worse === 0
      ? 'Nothing is worse than the baseline.'
      : `${worse} ${worse === 1 ? 'figure is' : 'figures are'} worse than the baseline.`,
  ].join('\n');
}
