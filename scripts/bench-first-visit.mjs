import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { asReading } from './bench-rules.mjs';

/** Where the bench writes its static copy of the home page, inside the built site. */
export const STATIC_HOME_ROUTE = '/bench-static-home/';

/** Goals of issue 14 for a first visit. */
export const FIRST_VISIT_GOALS = { homeLcpRatio: 1.1, signInJsKb: 100, accountLcpMs: 1600 };

/** The modal routes that show the sign-in dialog or one of its steps (the unlock page is a page of its own). */
const SIGN_IN_ROUTES = /^\/(login|register|forgot-password|new-password|upload-order-instructions)\//;

const STYLES = /<link rel="stylesheet" href="([^"]+)"\s*\/?>|<style[^>]*>([\s\S]*?)<\/style>/g;

/**
 * The home page as if hand-written: the built page's content with no script at all and all its CSS, in page order,
 * in one stylesheet. Marked as a guest's visit, which is what the session script would have done.
 */
export async function staticHomeCopy(html, readAsset) {
  const css = [];
  for (const m of html.matchAll(STYLES)) css.push(m[1] ? await readAsset(m[1]) : m[2]);
  const page = html
    .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="(?:stylesheet|modulepreload)"[^>]*>/g, '')
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<\/?astro-(?:island|slot|static-slot)\b[^>]*>/g, '')
    .replace(/<html\b/, '<html data-session="guest"')
    .replace('</head>', `<link rel="stylesheet" href="${STATIC_HOME_ROUTE}home.css"></head>`);
  return { html: page, css: css.join('\n') };
}

async function writeStaticHome(outDir) {
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const copy = await staticHomeCopy(html, (href) => readFile(join(outDir, href), 'utf8'));
  const dir = join(outDir, STATIC_HOME_ROUTE);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'index.html'), copy.html);
  await writeFile(join(dir, 'home.css'), copy.css);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function lcpOf(url, port, settings) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error' }, { extends: 'lighthouse:default', settings: settings(['performance']) });
  return lhr.runtimeError ? undefined : lhr.audits['largest-contentful-paint']?.numericValue;
}

/** The home page's LCP beside its static copy's, measured in turns in the same run (medians). */
async function homeBesideStatic({ site, port, settings, runs, outDir }) {
  await writeStaticHome(outDir);
  const home = [];
  const copy = [];
  for (let i = 0; i < runs; i += 1) {
    const a = await lcpOf(`${site}/`, port, settings);
    const b = await lcpOf(`${site}${STATIC_HOME_ROUTE}`, port, settings);
    if (a && b) {
      home.push(a);
      copy.push(b);
    }
  }
  if (!home.length) throw new Error('Lighthouse could not measure the home page beside its static copy');
  const ratio = median(home) / median(copy);
  return {
    name: `home page's largest paint beside a static copy (same content, no script, one CSS file), same run, medians of ${home.length}`,
    value: `${Math.round(median(home))} ms / ${Math.round(median(copy))} ms = ${ratio.toFixed(2)}`,
    goal: `ratio <= ${FIRST_VISIT_GOALS.homeLcpRatio}`,
    met: ratio <= FIRST_VISIT_GOALS.homeLcpRatio,
    raw: { homeMs: home, staticMs: copy },
  };
}

/** The sign-in dialog's JavaScript before any key press: the most of its routes' rows. */
export function signInJsFigure(rows) {
  const dialog = rows.filter((r) => r.group === 'modal' && SIGN_IN_ROUTES.test(r.route));
  const worst = dialog.reduce((a, b) => (b.kb.js > a.kb.js ? b : a));
  return {
    name: `sign-in dialog's JavaScript before the first key press, gzipped (most of ${dialog.length} dialog routes: ${worst.route})`,
    value: `${worst.kb.js} KB`,
    goal: `<= ${FIRST_VISIT_GOALS.signInJsKb} KB`,
    met: worst.kb.js <= FIRST_VISIT_GOALS.signInJsKb,
  };
}

/** The account pages' largest paint, signed in: the slowest of the account rows, a reading (milliseconds follow the machine). */
export function accountLcpFigure(rows) {
  const account = rows.filter((r) => r.group === 'account');
  const worst = account.reduce((a, b) => (b.lcpMs > a.lcpMs ? b : a));
  return asReading({
    name: `account pages' largest paint, signed in (slowest of ${account.length}: ${worst.route})`,
    value: `${(worst.lcpMs / 1000).toFixed(2)} s`,
    goal: `<= ${FIRST_VISIT_GOALS.accountLcpMs / 1000} s`,
    met: worst.lcpMs <= FIRST_VISIT_GOALS.accountLcpMs,
  });
}

/** Issue 14's first-visit figures for the groups measured in this run; `settings` are the lab's Lighthouse settings. */
export async function firstVisitFigures({ groups, rows, site, port, settings, runs, outDir }) {
  return [
    ...(groups.includes('public') ? [await homeBesideStatic({ site, port, settings, runs, outDir })] : []),
    ...(groups.includes('modal') ? [signInJsFigure(rows)] : []),
    ...(groups.includes('account') ? [accountLcpFigure(rows)] : []),
  ];
}
