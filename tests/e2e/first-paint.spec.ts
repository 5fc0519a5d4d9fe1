import { expect, holdBack, test } from './fixtures';

/** A public page, the home page, a modal route and two account shells: every kind of page the build makes. */
const PAGES = ['/', '/how-it-works/', '/login/', '/upload-orders/', '/my-orders-history/'];

/**
 * The stylesheets a page's HTML links, its external scripts that are not modules (they would block parsing), its
 * classic inline scripts in the body (each waits for the stylesheet, and the parser with it: the first paint would
 * show only what comes before it), and the scripts its body names (each fetched beside the stylesheet and the largest
 * image).
 */
function criticalPath(html: string): { stylesheets: string[]; blockingScripts: string[]; waitingInlineScripts: string[]; bodyScripts: string[] } {
  const stylesheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  const blockingScripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)]
    .filter((m) => !/\btype="module"|\basync\b|\bdefer\b/.test(m[0]))
    .map((m) => m[1] ?? '');
  const body = html.slice(html.search(/<body\b/));
  const waitingInlineScripts = [...body.matchAll(/<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]{0,60})/g)]
    .filter((m) => !/\btype="(?:module|application\/(?:ld\+)?json)"/.test(m[1] ?? ''))
    .map((m) => m[2] ?? '');
  const bodyScripts = [...body.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? '');
  return { stylesheets, blockingScripts, waitingInlineScripts, bodyScripts };
}

test('every page waits for one stylesheet, the same file on every page, and no script', async ({ request }) => {
  const seen = new Set<string>();
  for (const path of PAGES) {
    const { stylesheets, blockingScripts, waitingInlineScripts, bodyScripts } = criticalPath(await (await request.get(path)).text());
    expect(stylesheets, path).toHaveLength(1);
    expect(blockingScripts, path).toEqual([]);
    expect(waitingInlineScripts, path).toEqual([]);
    expect(bodyScripts, path).toEqual([]);
    seen.add(stylesheets[0] ?? '');
  }
  expect([...seen]).toHaveLength(1);
});

test('the one stylesheet styles the page: the header and the footer keep their colours', async ({ page }) => {
  await page.goto('/about-us/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeVisible();
  expect(await footer.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  const response = await page.request.get(criticalPath(await page.content()).stylesheets[0] ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/css');
});

test("a page's scripts are fetched only after its largest paint, and its menu then works", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/', '/how-it-works/', '/contact-us/']) {
    await page.goto(path);
    // The header's script is among them: once it runs, the menu button opens the main nav.
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu, path).toHaveAttribute('aria-expanded', 'true');
    const { paint, scripts } = await page.evaluate(
      () =>
        new Promise<{ paint: number; scripts: number[] }>((resolve) => {
          new PerformanceObserver((list, observer) => {
            observer.disconnect();
            const scripts = performance
              .getEntriesByType('resource')
              .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
              .map((entry) => entry.startTime);
            resolve({ paint: list.getEntries()[0]?.startTime ?? Infinity, scripts });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const start of scripts) expect(start, path).toBeGreaterThanOrEqual(paint);
  }
});

test('a menu pressed while the page still waits for one of its scripts opens once, and stays open', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // The shops page loads two scripts: the header's, and its own, which here arrives 1.5 s late.
  const { release } = await holdBack(page, /\/_astro\/portals\.astro_astro_type_script[^/]*\.js$/);
  const pageScript = page.waitForResponse(/\/_astro\/portals\.astro_astro_type_script[^/]*\.js$/);
  await page.goto('/portals/');
  const menu = page.getByRole('button', { name: 'Menu' });
  // The header's script has run by now (its module is in), the page's own has not.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /BaseLayout\.astro_astro_type_script/.test(e.name)));
  await menu.click();
  setTimeout(release, 1500);
  await pageScript;
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' })).toBeVisible();
});
