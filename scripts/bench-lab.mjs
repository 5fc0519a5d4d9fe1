import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { CHROMIUM_ARGS, findChromium } from './find-browser.mjs';
import { sandboxBuildEnv } from './build-env.mjs';
import { startSandboxProcess } from './sandbox-process.mjs';
import { createSiteServer } from './serve.mjs';
import { ACCOUNT_SAMPLE_ROUTES, MODAL_ROUTES, NOT_FOUND_ROUTE, PUBLIC_ROUTES, fillRoute } from './routes.mjs';
import { sandboxOrderIds, sandboxTokens, waitFor } from './sandbox-client.mjs';
import { cpuSlowdownFor, median } from './bench-rules.mjs';

/** The installed Lighthouse's major.minor, named in the reports (the audits change between versions). */
export const LIGHTHOUSE_VERSION = JSON.parse(
  readFileSync(new URL('../node_modules/lighthouse/package.json', import.meta.url), 'utf8'),
)
  .version.split('.')
  .slice(0, 2)
  .join('.');

/** Ports of the bench's site and sandbox (BENCH_PORT, BENCH_API_PORT). */
export const SITE_PORT = Number(process.env.BENCH_PORT ?? 4361);
export const API_PORT = Number(process.env.BENCH_API_PORT ?? 4014);

/** Lighthouse runs per route and per figure (BENCH_RUNS overrides): the medians are reported. */
export const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** Lighthouse refuses a document answered with 404, so the not-found page is measured at its file. */
const NOT_FOUND_FILE = '/404.html';

const TYPES = { Document: 'html', Stylesheet: 'css', Script: 'js', Image: 'img', Font: 'font', Fetch: 'api', XHR: 'api' };

/** One Lighthouse report as a table row: bytes by type, the four scores, LCP, TBT, CLS and the machine's benchmark index. */
export function summarise(lhr, group, route) {
  const bytes = { html: 0, css: 0, js: 0, img: 0, font: 0, api: 0, other: 0 };
  for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
    bytes[TYPES[item.resourceType] ?? 'other'] += item.transferSize ?? 0;
  }
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const kb = Object.fromEntries(Object.entries(bytes).map(([k, v]) => [k, Math.round((v / 1024) * 10) / 10]));
  return {
    group,
    route,
    kb,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    // Lighthouse 13 names the largest paint's element in its LCP breakdown insight (a list: the subparts, then the node).
    lcpElement: lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')?.snippet ?? '',
    // How fast this machine was during the run (Lighthouse's own CPU test): a low index means a busy machine, not a slow page.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
  };
}

/** The machine's benchmark index now, as Lighthouse computes it (its own page function), median of `runs` in a blank tab. */
async function measureBenchmarkIndex(browser, runs) {
  const page = await browser.newPage();
  const values = [];
  for (let i = 0; i < runs; i += 1) values.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  await page.close();
  return Math.round(median(values));
}

/**
 * Builds the site in `cwd` (this tree or a baseline's worktree) into `outDir` for the bench's ports and sandbox. As a
 * real build reads the service, it reads a sandbox started for it: the shops, and the adverts the home page is drawn with.
 */
export async function buildSite({ outDir, cwd = process.cwd() }) {
  const env = sandboxBuildEnv({ sitePort: SITE_PORT, apiPort: API_PORT, outDir });
  const sandbox = await startSandboxProcess({ apiPort: API_PORT, env });
  const build = spawnSync('npx', ['astro', 'build', '--silent'], { stdio: 'inherit', env, cwd });
  await sandbox.stop();
  if (build.status !== 0) throw new Error(`The build in ${cwd} failed (${build.status}).`);
}

/**
 * Starts what every measurement needs: the sandbox (in-memory, faults on), the site server on `root`, a headless
 * Chromium for Lighthouse, and a shopper's tokens and order ids. `serve(root)` swaps the built site being served.
 * It names that Chromium's version and calibrates the CPU slowdown of every Lighthouse run from the machine's
 * benchmark index, measured once before any run.
 */
export async function startLab({ root }) {
  const site = `http://127.0.0.1:${SITE_PORT}`;
  const apiOrigin = `http://127.0.0.1:${API_PORT}`;
  const chromePath = findChromium();
  const env = sandboxBuildEnv({ sitePort: SITE_PORT, apiPort: API_PORT, outDir: root });
  // A process group of its own, so that stopping it also stops the server that npx starts.
  const sandbox = spawn('npx', ['tsx', 'sandbox/src/main.ts'], {
    stdio: 'ignore',
    detached: true,
    env: {
      ...env,
      SANDBOX_PORT: String(API_PORT),
      SANDBOX_DB: ':memory:',
      SANDBOX_FAULTS: '1',
      SANDBOX_QUIET: '1',
      SANDBOX_SITE_ORIGIN: site,
    },
  });
  let server = createSiteServer({ root }).listen(SITE_PORT, '127.0.0.1');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const stop = () => {
    chrome.kill();
    server.closeAllConnections();
    server.close();
    process.kill(-sandbox.pid);
  };
  try {
    await waitFor(`${apiOrigin}/api/web/v1/portals`);
    await waitFor(`${site}/`);
  } catch (error) {
    stop();
    throw error;
  }
  const tokens = await sandboxTokens(apiOrigin);
  const ids = await sandboxOrderIds(apiOrigin, tokens.access_token);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  // 'HeadlessChrome/156.0.8078.108': the browser Lighthouse drives, which is what moves the blocking time between builds.
  const chromium = (await browser.version()).split('/').pop();
  const benchmarkIndex = await measureBenchmarkIndex(browser, RUNS);
  const cpuSlowdown = cpuSlowdownFor(benchmarkIndex);
  /** Lighthouse's settings for every run of this lab: the default mobile throttling with the calibrated CPU slowdown. */
  const settings = (categories) => ({ onlyCategories: categories, throttling: { cpuSlowdownMultiplier: cpuSlowdown } });

  /** A first visit each time: empty HTTP cache, no worker or its caches, and the shopper's tokens or none. */
  const setSession = async (signedIn) => {
    const page = await browser.newPage();
    await page.goto(`${site}/robots.txt`);
    // Lighthouse keeps the HTTP cache when it keeps storage: empty it so every run transfers its bytes.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: site, storageTypes: 'service_workers,cache_storage' });
    await cdp.detach();
    await page.evaluate(
      (t, on) => {
        localStorage.clear();
        sessionStorage.clear();
        if (on) {
          localStorage.setItem('access_token', t.access_token);
          localStorage.setItem('refresh_token', t.refresh_token);
          localStorage.setItem('remember_me', 'true');
        }
      },
      tokens,
      signedIn,
    );
    await page.close();
  };

  /** One Lighthouse run of a route as a first visit (all four categories unless told); undefined when it could not finish. */
  const lighthouseRun = async (route, signedIn, categories = ['performance', 'accessibility', 'best-practices', 'seo']) => {
    await setSession(signedIn);
    const { lhr } = await lighthouse(
      `${site}${route}`,
      { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: signedIn },
      { extends: 'lighthouse:default', settings: { ...settings(categories), disableStorageReset: signedIn } },
    );
    return !lhr.runtimeError && lhr.categories.performance?.score != null ? lhr : undefined;
  };

  /** Serves another built site on the same origin (the sandbox allows one site origin). */
  const serve = async (nextRoot) => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    server = createSiteServer({ root: nextRoot }).listen(SITE_PORT, '127.0.0.1');
    await waitFor(`${site}/`);
  };

  const groups = [
    ['public', PUBLIC_ROUTES.map((r) => (r === NOT_FOUND_ROUTE ? NOT_FOUND_FILE : r)), false],
    ['modal', MODAL_ROUTES, false],
    ['account', ACCOUNT_SAMPLE_ROUTES.map((r) => fillRoute(r, ids)), true],
  ];
  const environment = { lighthouse: LIGHTHOUSE_VERSION, chromium, benchmarkIndex, cpuSlowdown };
  return {
    site,
    apiOrigin,
    chromePath,
    chrome,
    browser,
    environment,
    settings,
    groups,
    setSession,
    lighthouseRun,
    serve,
    server: () => server,
    stop,
  };
}
