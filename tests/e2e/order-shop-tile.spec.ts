import { apiOrigin, expect, sandbox, test } from './fixtures';
import { choose } from './files/order-kit';

type Visits = { id: number; visits: number }[];

test.describe('shop tile on the order form', () => {
  test("shows 'Select a Shop', then the chosen shop's logo, which opens the shop in a new tab and records one visit", async ({ page, context, request, signedIn }) => {
    void signedIn;
    await context.route('https://www.nike.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Nike stand-in</title>' }));
    const visitCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/visit')) visitCalls.push(r.url());
    });
    await page.goto('/upload-orders/');
    const shop = page.getByRole('region', { name: 'Shop' });
    await expect(shop.getByText('Select a Shop', { exact: true })).toBeVisible();
    await expect(shop.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(0);

    await choose(page, 'Portal', 'Nike');
    await expect(shop.getByText('Select a Shop', { exact: true })).toHaveCount(0);
    const tile = shop.getByRole('link', { name: 'Nike (opens in a new tab)' });
    await expect(tile).toHaveAttribute('href', 'https://www.nike.com');
    await expect(tile).toHaveAttribute('target', '_blank');
    await expect(tile).toHaveAttribute('rel', 'noopener noreferrer');
    const logo = tile.getByRole('img', { name: 'Nike' });
    await expect(logo).toHaveAttribute('src', '/shops/nike.svg');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const before = (await sandbox<Visits>(request, 'GET', '/visits')).find((p) => p.id === 3)?.visits ?? 0;
    const visit = page.waitForRequest(`${apiOrigin}/api/web/v1/portals/3/visit`);
    const [popup] = await Promise.all([page.waitForEvent('popup'), tile.click()]);
    await visit;
    await expect(popup).toHaveTitle('Nike stand-in');
    expect(popup.url()).toMatch(/^https:\/\/www\.nike\.com\/?$/);
    await expect.poll(async () => (await sandbox<Visits>(request, 'GET', '/visits')).find((p) => p.id === 3)?.visits).toBe(before + 1);
    // One click, one visit: the page-wide shop-click listener must not count it a second time.
    expect(visitCalls).toEqual([`${apiOrigin}/api/web/v1/portals/3/visit`]);
    // The form stays where it was.
    await expect(page).toHaveURL(/\/upload-orders\/$/);
  });
});
