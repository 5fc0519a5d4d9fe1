import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { sandboxBuildEnv } from './build-env.mjs';
import { CHROMIUM_ARGS, findChromium } from './find-browser.mjs';
import { ACCOUNT_SAMPLE_ROUTES, MODAL_ROUTES, PUBLIC_ROUTES, fillRoute } from './routes.mjs';
import { sandboxOrderIds, sandboxTokens, signedInPage, waitFor } from './sandbox-client.mjs';
import { createSiteServer } from './serve.mjs';

/** Where the screenshots go (not committed): SCREENS_DIR, default screens/. */
const OUT = process.env.SCREENS_DIR ?? 'screens';
/** A phone and a desktop. */
const WIDTHS = [375, 1280];

const sitePort = Number(process.env.SCREENS_PORT ?? 4371);
const apiPort = Number(process.env.SCREENS_API_PORT ?? 4017);
const site = `http://127.0.0.1:${sitePort}`;
const apiOrigin = `http://127.0.0.1:${apiPort}`;
const env = sandboxBuildEnv({ sitePort, apiPort, outDir: '.cache/dist-screens' });

if (process.env.SCREENS_SKIP_BUILD !== '1') {
  console.log('Building the site ...');
  const build = spawnSync('npx', ['astro', 'build', '--silent'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// A process group of its own, so that stopping it also stops the server that npx starts.
const sandbox = spawn('npx', ['tsx', 'sandbox/src/main.ts'], {
  stdio: 'ignore',
  detached: true,
  env: { ...env, SANDBOX_PORT: String(apiPort), SANDBOX_DB: ':memory:', SANDBOX_QUIET: '1', SANDBOX_SITE_ORIGIN: site },
});
const server = createSiteServer({ root: env.ASTRO_OUT_DIR }).listen(sitePort, '127.0.0.1');
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  await waitFor(`${apiOrigin}/api/web/v1/portals`);
  const tokens = await sandboxTokens(apiOrigin);
  const ids = await sandboxOrderIds(apiOrigin, tokens.access_token);
  const visits = [
    ...[...PUBLIC_ROUTES, ...MODAL_ROUTES].map((route) => ({ route, signedIn: false })),
    ...ACCOUNT_SAMPLE_ROUTES.map((route) => ({ route: fillRoute(route, ids), signedIn: true })),
  ];
  for (const width of WIDTHS) {
    mkdirSync(join(OUT, String(width)), { recursive: true });
    for (const { route, signedIn } of visits) {
      const options = { viewport: { width, height: width < 768 ? 740 : 900 }, serviceWorkers: 'block', reducedMotion: 'reduce' };
      const { context, page } = signedIn
        ? await signedInPage(browser, site, tokens, options)
        : await browser.newContext(options).then(async (visitor) => ({ context: visitor, page: await visitor.newPage() }));
      await page.goto(`${site}${route}`);
      await page.waitForLoadState('networkidle');
      const file = join(OUT, String(width), `${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${file}  ${route}${signedIn ? ' (signed in as the demo shopper)' : ''}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.closeAllConnections();
  server.close();
  process.kill(-sandbox.pid);
}
