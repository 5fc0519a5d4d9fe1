import { expect, holdBack, test } from './fixtures';

/** A public page, the home page, a modal route and two account shells: every kind of page the build makes. */
const PAGES = ['/', '/how-it-works/', '/login/', '/upload-orders/', '/my-orders-history/'];

/**
 * The stylesheets a page's HTML links, and its external scripts that are not modules: they would stop the parser
 * until they had arrived and run. Module scripts wait for the page to be parsed; the short inline scripts Astro writes
 * for its islands come after the content they hydrate.
 */
function criticalPath(html: string): { stylesheets: string[]; blockingScripts: string[] } {
  const stylesheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  const blockingScripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)]
    .filter((m) => !/\btype="module"|\basync\b|\bdefer\b/.test(m[0]))
    .map((m) => m[1] ?? '');
  return { stylesheets, blockingScripts };
}

test('every page waits for one stylesheet, the same file on every page, and for no script', async ({ request }) => {
  const seen = new Set<string>();
  for (const path of PAGES) {
    const { stylesheets, blockingScripts } = criticalPath(await (await request.get(path)).text());
    expect(stylesheets, path).toHaveLength(1);
    expect(blockingScripts, path).toEqual([]);
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

test("the header's menu and the shops' categories are visibly not ready until the page's scripts run, then answer", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // Both scripts of the shops page arrive only when the test lets them: the header's (menus) and the page's own.
  const { release } = await holdBack(page, /\/_astro\/(BaseLayout|portals)\.astro_astro_type_script[^/]*\.js$/);
  await page.goto('/portals/', { waitUntil: 'commit' });
  const menu = page.getByRole('button', { name: 'Menu' });
  const category = page.getByRole('button', { name: /^Fashion/ });
  await expect(menu).toBeDisabled();
  await expect(category).toBeDisabled();
  // A press now does nothing, in sight of the shopper, rather than being held and replayed later.
  expect(await menu.evaluate((el) => getComputedStyle(el).cursor)).toBe('progress');
  release();
  await expect(menu).toBeEnabled();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' })).toBeVisible();
  await expect(category).toBeEnabled();
});
