import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createSiteServer } from '../../scripts/serve.mjs';
import { axeViolations } from './axe-kit';
import { apiOrigin, expect, siteOrigin, test } from './fixtures';
import { listenLocally, stopServer } from './local-server';
import { productBlock } from './files/order-kit';

const dist = process.env.E2E_DIST ?? 'dist';

// Each test waits for a worker install (about 100 files precached) and walks several pages.
test.describe.configure({ timeout: 90_000 });
test.use({ serviceWorkers: 'allow' });

/** Waits until the page's service worker is active (its precache filled), so the next navigation goes through it. */
async function workerReady(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/** Every entry of every Cache Storage cache: its cache, URL, type and (for text) body. */
async function cachedEntries(page: Page): Promise<{ cache: string; url: string; type: string; body: string }[]> {
  return page.evaluate(async () => {
    const out: { cache: string; url: string; type: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        const body = response && /text|json|javascript|xml/.test(type) ? await response.text() : '';
        out.push({ cache: name, url: request.url, type, body });
      }
    }
    return out;
  });
}

/** The width and height a PNG's header states. */
function pngSize(buffer: Buffer): [number, number] {
  expect(buffer.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [buffer.readUInt32BE(16), buffer.readUInt32BE(20)];
}

test.describe('installable and offline-ready', () => {
  test('the manifest is linked and valid: name, start URL, standalone, icons that load at their stated sizes', async ({ page }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(new URL(href ?? '', siteOrigin).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(manifest.name).toMatch(/Shopper/);
    expect(manifest.short_name).toBe('Shopper');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toBe('#0b4f8a');
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await page.request.get(new URL(icon.src, siteOrigin).href);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body())).toEqual([width, height]);
    }
  });

  test('offline after one visit: visited pages reload from the cache, an unvisited page shows our offline page', async ({ page, context }) => {
    await page.goto('/');
    await workerReady(page);
    await page.goto('/how-it-works/');
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Shop the world's online stores/ })).toBeVisible();
    await page.goto('/about-us/');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page).toHaveURL(/\/about-us\/$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: 'Our Shops' }).click();
    await expect(page).toHaveURL(/\/portals\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toHaveCount(0);
  });

  test('pages shown before the worker took over reload offline too: one visit to / and /how-it-works/', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Shop the world's online stores/ })).toBeVisible();
    // Straight on, before the worker (which waits for a quiet moment on a first visit) is there.
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await page.goto('/how-it-works/');
    await workerReady(page);
    await expect
      .poll(async () => (await cachedEntries(page)).filter((e) => e.cache === 'pages').map((e) => new URL(e.url).pathname).sort(), { timeout: 15_000 })
      .toEqual(['/', '/how-it-works/']);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Shop the world's online stores/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toHaveCount(0);
  });

  test('offline, the account area shows its shell and You are offline; the order form keeps a typed product and waits for the connection', async ({ page, context, signedIn }) => {
    void signedIn;
    await page.goto('/');
    await workerReady(page);

    await context.setOffline(true);
    await page.goto('/my-orders-history/');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/upload-orders/');
    const url = productBlock(page, 'Product 1').getByLabel('Product page URL');
    await url.fill('https://www.ikea.com/p/billy-offline');
    await url.blur();
    await expect(page.getByText('You are offline. You can place the order once you are back online.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    // Held until the phone is back online, and saying so: it looks switched off.
    await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCSS('cursor', 'not-allowed');
    // The draft is saved after a short pause; the reload, still offline, must bring it back.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('initial_values') ?? '')).toContain('billy-offline');
    await page.reload();
    await expect(productBlock(page, 'Product 1').getByLabel('Product page URL')).toHaveValue('https://www.ikea.com/p/billy-offline');
    await expect(page.getByText('You are offline. You can place the order once you are back online.')).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('You are offline. You can place the order once you are back online.')).toHaveCount(0);
    await page.getByLabel('I agree to the terms and conditions').check();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  test('after a signed-in visit no API answer and nothing personal is in any cache, and none after Log Out', async ({ page, signedIn }) => {
    await page.goto('/');
    await workerReady(page);
    await page.goto('/my-details/');
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(signedIn.email);
    await page.goto('/my-orders-history/');
    await expect(page.getByText("You've not placed any orders yet")).toBeVisible();
    await page.goto('/upload-orders/');
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();

    const personal = [signedIn.email, signedIn.tokens.access_token, signedIn.tokens.refresh_token, signedIn.firstName];
    const check = async (): Promise<void> => {
      const entries = await cachedEntries(page);
      expect(entries.length).toBeGreaterThan(10);
      expect(entries.filter((e) => !e.url.startsWith(`${siteOrigin}/`)).map((e) => e.url)).toEqual([]);
      expect(entries.filter((e) => e.url.startsWith(apiOrigin) || /\/api\/|\/oauth\//.test(e.url)).map((e) => e.url)).toEqual([]);
      for (const value of personal) expect(entries.filter((e) => e.body.includes(value) || e.url.includes(value)).map((e) => e.url), value).toEqual([]);
    };
    await check();

    await page.getByRole('button', { name: 'My Profile' }).click();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await reloaded;
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
    await check();
  });
});

test.describe('a new deploy', () => {
  let server: Server;
  let origin = '';
  let deploy = 1;

  test.beforeAll(async () => {
    const site = createSiteServer({ root: dist });
    // The second deploy's worker: the same build with one precached page changed, so its precache manifest differs.
    const secondWorker = readFileSync(join(dist, 'sw.js'), 'utf8').replace(/(url:"offline\/index\.html",revision:")[0-9a-f]+/, '$1second-deploy');
    server = createServer((req, res) => {
      if (deploy === 2 && new URL(req.url ?? '/', 'http://x').pathname === '/sw.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).end(secondWorker);
        return;
      }
      site.emit('request', req, res);
    });
    origin = await listenLocally(server);
  });

  test.afterAll(async () => {
    await stopServer(server);
  });

  test('an open page offers A new version is available with Reload, which brings the new worker in', async ({ page }) => {
    deploy = 1;
    expect(readFileSync(join(dist, 'sw.js'), 'utf8')).toContain('url:"offline/index.html",revision:"');
    await page.goto(`${origin}/how-it-works/`);
    await workerReady(page);
    // A returning visitor's page: the worker controls it.
    await page.reload();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(banner).toHaveCount(0);

    deploy = 2;
    // What the page's hourly check does, now.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect(banner).toBeVisible({ timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);
    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
    await expect(banner).toHaveCount(0);
    const offlineRevision = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const keys = await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)));
      return { waiting: Boolean(registration?.waiting), controlled: Boolean(navigator.serviceWorker.controller), urls: keys.flat().filter((u) => u.includes('offline/')) };
    });
    expect(offlineRevision.waiting).toBe(false);
    expect(offlineRevision.controlled).toBe(true);
    expect(offlineRevision.urls.some((u) => u.includes('second-deploy'))).toBe(true);
  });

  test('without Reload, the next page the shopper opens is the new build, and what was typed stays until then', async ({ page }) => {
    deploy = 1;
    await page.goto(`${origin}/contact-us/`);
    await workerReady(page);
    await page.reload();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    deploy = 2;
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect(page.getByRole('status').filter({ hasText: 'A new version is available' })).toBeVisible({ timeout: 15_000 });
    const query = page.getByLabel('Your query');
    await query.fill('Where is my parcel?');
    const state = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const urls = await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)));
        return { waiting: Boolean(registration?.waiting), controlled: Boolean(navigator.serviceWorker.controller), second: urls.flat().some((u) => u.includes('second-deploy')) };
      });
    // Nothing reloads under the shopper: the new build waits, and the page keeps what was typed.
    expect((await state()).waiting).toBe(true);
    await expect(query).toHaveValue('Where is my parcel?');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click();
    // The old worker answers the move with an empty page that refreshes at once, already at the new address: the
    // address alone says nothing, the new build's page does, and the worker's hand-over may still be finishing then.
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
    await expect(page).toHaveURL(`${origin}/how-it-works/`);
    await expect.poll(state).toEqual({ waiting: false, controlled: true, second: true });
    await expect(page.getByRole('status').filter({ hasText: 'A new version is available' })).toHaveCount(0);
  });
});
