import { axeViolations } from './axe-kit';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The order form's chunk (the largest screen, so never joined to another): this one is taken away. */
const ORDER_FORM_CHUNK = /\/_astro\/OrderFormScreen\.[\w-]+\.js$/;

/** A client-side move, as the browser's back and forward buttons make: the router follows popstate. */
async function moveClientSide(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test.describe('an account screen whose code is gone', () => {
  test('a failed chunk load asks for a reload, the profile menu keeps working, and Reload lands on the screen', async ({
    page,
    signedIn,
  }) => {
    // Two page loads, an axe scan and the order form's first load.
    test.setTimeout(90_000);
    expect(signedIn.email).toContain('@');
    await page.goto('/my-details/');
    await expect(page.getByRole('heading', { level: 1, name: 'My Details' })).toBeVisible();
    await page.evaluate(() => Object.assign(window, { __samePage: true }));

    // A deploy removed the file this tab's build asks for.
    let asked = 0;
    await page.route(ORDER_FORM_CHUNK, (route) => {
      asked += 1;
      return route.fulfill({ status: 404, contentType: 'text/html', body: 'Not found' });
    });
    await moveClientSide(page, '/upload-orders/');

    await expect(page.getByRole('heading', { level: 1, name: 'A new version of this page is available.' })).toBeVisible();
    const reload = page.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeVisible();
    expect(asked).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(await axeViolations(page, 'all')).toEqual([]);

    const profile = page.getByRole('button', { name: 'My Profile' });
    await profile.click();
    await expect(profile).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#profile-menu');
    await expect(menu.getByRole('link', { name: 'Order History' })).toBeVisible();
    await profile.click();
    await expect(profile).toHaveAttribute('aria-expanded', 'false');

    // The new build is there: Reload fetches the page again and its screen shows.
    await page.unroute(ORDER_FORM_CHUNK);
    await reload.click();
    await expect(page).toHaveURL(/\/upload-orders\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'A new version of this page is available.' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBeUndefined();
  });

  test('the side menu still moves to another screen after the failure', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.goto('/my-details/');
    await expect(page.getByRole('heading', { level: 1, name: 'My Details' })).toBeVisible();
    await page.route(ORDER_FORM_CHUNK, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await moveClientSide(page, '/upload-orders/');
    await expect(page.getByRole('heading', { level: 1, name: 'A new version of this page is available.' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Track Order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Track Order' })).toBeVisible();
  });

  test("a page whose own screen's code is gone shows the same message in place of its shell", async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.route(ORDER_FORM_CHUNK, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto('/upload-orders/');
    await expect(page.getByRole('heading', { level: 1, name: 'A new version of this page is available.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Returns' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  });
});
