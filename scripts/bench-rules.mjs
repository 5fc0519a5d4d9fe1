// What the bench decides without a browser: the CPU slowdown for this machine, one row from a route's runs, and what
// that row's budgets are. Budgets are what the page controls; the figures that follow the machine are printed beside.

/** The middle value (the upper one of an even count); undefined for none. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Budgets of a route's row: public pages, and modal/account pages (JavaScript in gzipped KB, layout shift, scores). */
export const BUDGETS = {
  public: { scriptKb: 40, cls: 0, accessibility: 100, bestPractices: 100, seo: 100 },
  app: { scriptKb: 180, cls: 0 },
};

/**
 * Lighthouse's CPU slowdown for this machine to stand for a mid-tier phone, from its benchmark index: the calculator
 * that Lighthouse's throttling guide points to (docs/throttling.md, "Calibrating the CPU slowdown";
 * lighthouse-cpu-throttling-calculator): 1x at 150, 2x at 800, 3x at 1300, then 1x more per 233 (4x at 1533, the
 * default, and 6x at 2000). One decimal, as the calculator gives it; 1x below 150, which no slowdown can emulate.
 */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex))
    throw new Error(`No benchmark index to calibrate the CPU slowdown from (${benchmarkIndex})`);
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + Math.max(0, benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}

/** A route's runs (summarised Lighthouse reports) as one row: the median of each figure, the element of the median LCP's run. */
export function medianRow(runs) {
  const mid = (pick) => median(runs.map(pick));
  const figures = ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'tbtMs', 'cls', 'benchmarkIndex'];
  return {
    group: runs[0].group,
    route: runs[0].route,
    kb: Object.fromEntries(Object.keys(runs[0].kb).map((type) => [type, mid((r) => r.kb[type])])),
    ...Object.fromEntries(figures.map((key) => [key, mid((r) => r[key])])),
    lcpElement: [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(runs.length / 2)].lcpElement,
    runs: runs.length,
  };
}

/** The row with its budgets judged: `misses` names each budget it is over (JS, CLS, a11y, BP, SEO), `met` when none. */
export function judge(row) {
  const b = row.group === 'public' ? BUDGETS.public : BUDGETS.app;
  const misses = [
    ...(row.kb.js > b.scriptKb ? ['JS'] : []),
    ...(row.cls > b.cls ? ['CLS'] : []),
    ...(row.group === 'public'
      ? [
          ...(row.accessibility < b.accessibility ? ['a11y'] : []),
          ...(row.bestPractices < b.bestPractices ? ['BP'] : []),
          ...(row.seo < b.seo ? ['SEO'] : []),
        ]
      : []),
  ];
  return { ...row, misses, met: misses.length === 0 };
}

/** A figure that follows the machine (a time on this CPU): printed with its goal, never counted as a budget. */
export const asReading = (figure) => ({ ...figure, reading: true });

/** A figure's budget cell: met or not for a budget, within or over its goal for a reading. */
export function verdictCell(figure) {
  if (figure.reading) return figure.met ? 'reading, within goal' : 'reading, over goal';
  if (figure.met) return 'met';
  return figure.misses?.length ? `**not met** (${figure.misses.join(', ')})` : '**not met**';
}

/** A figure as a console line: a budget met or not, or a reading within or over its goal. */
export function figureLine(figure) {
  const { name, value, goal, met, reading } = figure;
  if (reading) return `${met ? 'within ' : 'OVER   '} ${name}: ${value} (goal ${goal}; a reading, not a budget)`;
  return `${met ? 'met    ' : 'NOT MET'} ${name}: ${value} (goal ${goal})`;
}

/** The environment of a run in words: Lighthouse, the Chromium it drove, the benchmark index and the CPU slowdown from it. */
export function environmentText({ lighthouse, chromium, benchmarkIndex, cpuSlowdown }) {
  return `Lighthouse ${lighthouse} mobile, simulated throttling, Chromium ${chromium}; benchmark index ${benchmarkIndex} before the runs, hence a CPU slowdown of ${cpuSlowdown}x (Lighthouse's calibration for a mid-tier phone)`;
}
