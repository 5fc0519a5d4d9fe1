import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './find-browser.mjs';

/** Goal of issue 14: a repeat visit with the worker active costs under 5 KB from the site (API calls aside). */
export const REPEAT_GOAL_BYTES = 5 * 1024;

/** The pages whose repeat visits are measured. */
export const REPEAT_ROUTES = ['/', '/portals/', '/login/', '/upload-orders/'];

/**
 * Counts what the site's server sends from now on: every byte its sockets write (headers and bodies,
 * gzipped as sent) and the paths asked for. The API is another server, so its answers are not counted.
 */
function meter(server) {
  const sockets = new Set();
  const paths = [];
  const onConnection = (socket) => sockets.add(socket);
  const onRequest = (req) => paths.push(req.url);
  server.on('connection', onConnection);
  server.on('request', onRequest);
  const written = () => [...sockets].reduce((sum, s) => sum + s.bytesWritten, 0);
  return {
    /** Bytes and paths since `mark` was last called (or since the meter started). */
    read: () => ({ bytes: written(), paths: [...paths] }),
    mark: () => {
      paths.length = 0;
      return written();
    },
    stop: () => {
      server.off('connection', onConnection);
      server.off('request', onRequest);
    },
  };
}

/**
 * Repeat-visit bytes: in a fresh profile, a first visit installs the worker (its precache filled), the tab
 * closes, and a new tab opens the same page; everything the site sends for that second visit counts,
 * the worker's own update check of /sw.js included.
 */
export async function measureRepeatVisits({ site, server, chromePath, routes = REPEAT_ROUTES }) {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext();
      // Fresh sockets per visit, so the meter sees every one of them.
      const counter = meter(server);
      try {
        const first = await context.newPage();
        await first.goto(`${site}${route}`, { waitUntil: 'load' });
        await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        // The first visit ends once it has handed the page it showed to the worker's cache (src/lib/shell/shown-pages.ts
        // forgets its list then): that fetch is the first visit's, and would otherwise land in the repeat visit's count.
        await first.waitForFunction(() => sessionStorage.getItem('shown_pages') === null);
        await first.waitForLoadState('networkidle');
        await first.close();
        const start = counter.mark();
        const again = await context.newPage();
        await again.goto(`${site}${route}`, { waitUntil: 'load' });
        await again.waitForLoadState('networkidle');
        // The browser's update check of the worker follows the navigation: give it time to be counted.
        await again.waitForTimeout(1500);
        const controlled = await again.evaluate(() => Boolean(navigator.serviceWorker.controller));
        const { bytes, paths } = counter.read();
        results.push({ route, bytes: bytes - start, paths, controlled });
      } finally {
        counter.stop();
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** The bench's extra figures for repeat visits: one row per page, each with met or not. */
export async function repeatVisitFigures({ site, server, chromePath }) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  return (await measureRepeatVisits({ site, server, chromePath })).map((r) => ({
    name: `repeat visit to \`${r.route}\` with the worker active: bytes from the site (API calls aside)`,
    value: `${kb(r.bytes)} (${r.paths.length} requests${r.controlled ? '' : ', page not controlled'})`,
    goal: '< 5 KB',
    met: r.controlled && r.bytes < REPEAT_GOAL_BYTES,
    raw: r,
  }));
}
