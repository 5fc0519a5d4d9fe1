import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUSH_SCRIPT } from '../../scripts/pwa.mjs';
import { createSiteServer } from '../../scripts/serve.mjs';
import { apiOrigin, expect, test } from './fixtures';
import { listenLocally, stopServer } from './local-server';

/** A public page, a modal page, an account shell, a rewritten id route and a missing path, with the status each is answered with. */
const PAGES = [
  { path: '/about-us/', status: 200 },
  { path: '/login/', status: 200 },
  { path: '/my-details/', status: 200 },
  { path: '/my-invoice/7/', status: 200 },
  { path: '/no-such-page/', status: 404 },
];

/** A policy as a map from directive name to its sources. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/** The headers every answer of the site carries, page or asset (the nginx example keeps them in every location too). */
function expectSecurityHeaders(headers: Record<string, string>): void {
  const hsts = headers['strict-transport-security'] ?? '';
  expect(Number(hsts.match(/max-age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(31_536_000);
  expect(hsts).toContain('includeSubDomains');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const permissions = (headers['permissions-policy'] ?? '').split(',').map((p) => p.trim());
  expect(permissions).toEqual(expect.arrayContaining(['camera=()', 'microphone=()', 'geolocation=(self)', 'payment=()']));
  expect(directives(headers['content-security-policy'] ?? '').get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
}

test("the studio's pages let its sign-in pop-up answer them; every other page keeps same-origin", async ({ request }) => {
  // The GitHub and GitLab sign-ins hand the token back through window.opener, which same-origin would sever.
  for (const path of ['/admin/', '/admin/config.json']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cross-origin-opener-policy'], path).toBe('same-origin-allow-popups');
  }
  for (const path of ['/', '/my-details/', '/administration/']) expect((await request.get(path)).headers()['cross-origin-opener-policy'], path).toBe('same-origin');
});

test('every SVG the site serves carries a policy that runs no script and loads nothing', async ({ request }) => {
  for (const path of ['/logo.svg', '/favicon.svg', '/shops/nike.svg', '/categories/fashion.svg', '/images/hero.svg']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const policy = directives(response.headers()['content-security-policy'] ?? '');
    expect(policy.get('default-src'), path).toEqual(["'none'"]);
    expect(policy.has('sandbox'), path).toBe(true);
    expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(policy.has('script-src'), path).toBe(false);
  }
});

test.describe('an SVG with a script, opened directly', () => {
  const root = mkdtempSync(join(tmpdir(), 'svg-policy-'));
  const hostile = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>document.documentElement.setAttribute('data-ran', 'yes')</script></svg>`;

  test.afterAll(() => rmSync(root, { recursive: true, force: true }));

  // The build refuses such a file (scripts/svg-safety.mjs); this is the second wall, for one that reaches a host anyway.
  for (const [headers, ran] of [[readFileSync('public/_headers', 'utf8'), null], ['', 'yes']] as const) {
    test(`runs ${ran ? 'without' : 'under'} the headers of public/_headers`, async ({ page }) => {
      const dir = join(root, ran ? 'bare' : 'served');
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(join(dir, 'shops'), { recursive: true });
      writeFileSync(join(dir, '_headers'), headers);
      writeFileSync(join(dir, '404.html'), '<!doctype html><title>Not found</title>');
      writeFileSync(join(dir, 'shops', 'evil.svg'), hostile);
      const server = createSiteServer({ root: dir });
      const origin = await listenLocally(server);
      try {
        await page.goto(`${origin}/shops/evil.svg`);
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-ran'))).toBe(ran);
      } finally {
        await stopServer(server);
      }
    });
  }
});

test('a hashed asset and the service worker carry the same security headers as the pages', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const asset = html.match(/\/_astro\/[\w.-]+\.(?:js|css)/)?.[0];
  expect(asset, 'a hashed asset linked from the home page').toBeTruthy();
  for (const path of [asset ?? '', '/sw.js', '/sw-update.js', PUSH_SCRIPT]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expectSecurityHeaders(response.headers());
  }
  // The worker and what it imports are asked for afresh at every update check, so a deploy is seen at once.
  for (const path of ['/sw.js', '/sw-update.js']) expect((await request.get(path)).headers()['cache-control'], path).toBe('no-cache');
});

for (const { path, status } of PAGES) {
  test.describe(`security headers of ${path}`, () => {
    test('the preview server sends the headers of public/_headers', async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(status);
      expectSecurityHeaders(response.headers());
    });

    test("the page's CSP meta tag comes before any script and locks scripts, objects, base, connections, images and forms", async ({ request }) => {
      const html = await (await request.get(path)).text();
      const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/gi)];
      expect(metas).toHaveLength(1);
      const [meta] = metas;
      expect(meta?.index).toBeLessThan(html.search(/<script/i));
      const policy = directives(meta?.[1] ?? '');
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      const scripts = policy.get('script-src') ?? [];
      expect(scripts[0]).toBe("'self'");
      // Besides 'self', only hashes of the page's own inline scripts: no 'unsafe-inline', no 'unsafe-eval', no other host.
      for (const source of scripts.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      expect(policy.get('connect-src')).toEqual(["'self'", apiOrigin]);
      expect(policy.get('worker-src')).toEqual(["'self'"]);
      expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      const forms = policy.get('form-action') ?? [];
      expect(forms).toContain("'self'");
      // Forms go to this site, the API, or a payment host over https; no wildcard.
      for (const source of forms) expect(source === "'self'" || source === apiOrigin || /^https:\/\/[a-z0-9.-]+$/.test(source), source).toBe(true);
    });
  });
}

test('fingerprinted assets are cached for a year, a missing asset is not cached at all', async ({ page, request }) => {
  await page.goto('/');
  const asset = await page.locator('script[src^="/_astro/"], link[rel="stylesheet"][href^="/_astro/"]').first().evaluate((el) => el.getAttribute('src') ?? el.getAttribute('href') ?? '');
  const found = await request.get(asset);
  expect(found.status()).toBe(200);
  expect(found.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // The worker's push handlers are named by their content too: its update check takes them from the browser's cache.
  expect((await request.get(PUSH_SCRIPT)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const missing = await request.get('/_astro/no-such-asset.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).toBeUndefined();
});
