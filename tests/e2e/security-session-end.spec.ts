import type { Page } from '@playwright/test';
import { toast } from './account-helpers';
import { apiOrigin, expect, freshUser, test } from './fixtures';
import { cropScreenshot, productBlock, screenshot } from './files/order-kit';

async function logOut(page: Page): Promise<void> {
  const account = page.getByRole('navigation', { name: 'Account' });
  await account.getByRole('button', { name: 'My Profile' }).click();
  await account.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(account.getByRole('link', { name: 'Login' })).toBeVisible();
}

/** Names of the IndexedDB databases the site's origin holds. */
const databases = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));

test.describe('the end of a session', () => {
  test('Log Out revokes the tokens on the server: the old refresh token is then refused', async ({ page, request, signedIn }) => {
    await page.goto('/portals/');
    const revoked: string[] = [];
    // Context-wide: the revoke leaves with keepalive while the page navigates home.
    page.context().on('request', (r) => {
      if (r.url() === `${apiOrigin}/oauth/revoke`) revoked.push(new URLSearchParams(r.postData() ?? '').get('token') ?? '');
    });
    await logOut(page);
    await expect.poll(() => revoked).toEqual(expect.arrayContaining([signedIn.tokens.refresh_token, signedIn.tokens.access_token]));
    // The access token is polled (reading it changes nothing) until the revoke has landed.
    const me = () => request.get(`${apiOrigin}/api/web/v1/users/show_details`, { headers: { Authorization: `Bearer ${signedIn.tokens.access_token}` } });
    await expect.poll(async () => (await me()).status()).toBe(401);
    const refresh = await request.post(`${apiOrigin}/oauth/token`, { data: { grant_type: 'refresh_token', refresh_token: signedIn.tokens.refresh_token, client_id: 'shopper-web' } });
    expect(refresh.status()).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  test('after Log Out no IndexedDB store holds a screenshot of the order draft', async ({ page, signedIn }) => {
    expect(signedIn.tokens.access_token).not.toBe('');
    await page.goto('/upload-orders/');
    await cropScreenshot(productBlock(page, 'Product 1'), screenshot(7));
    await expect.poll(() => databases(page)).toContain('shopper-order-draft');
    await logOut(page);
    await expect.poll(() => databases(page)).not.toContain('shopper-order-draft');
    expect(await page.evaluate(() => localStorage.getItem('initial_values'))).toBeNull();
  });

  test('a 429 on sign-in says how long to wait and keeps Sign In disabled until then', async ({ page, request }) => {
    const account = await freshUser(request);
    let limited = true;
    await page.route(`${apiOrigin}/oauth/token`, (route) =>
      limited
        ? route.fulfill({
            status: 429,
            headers: { 'Retry-After': '3', 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After' },
            json: { error: 'too_many_requests' },
          })
        : route.fallback(),
    );
    await page.goto('/login/');
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    const signIn = dialog.getByRole('button', { name: 'Sign In', exact: true });
    await signIn.click();
    await expect(toast(page, 'Too many sign-in attempts. Please wait 3 seconds before you try again.')).toBeVisible();
    await expect(signIn).toBeDisabled();
    // The countdown describes the disabled button (the toast saying the same is inside the dialog too).
    await expect(signIn).toHaveAccessibleDescription(/^Too many sign-in attempts\. Please wait \d seconds?/);
    limited = false;
    await expect(signIn).toBeEnabled({ timeout: 6_000 });
    await expect(signIn).toHaveAccessibleDescription('');
    await signIn.click();
    await expect(page.getByText(`Welcome ${account.firstName}`)).toBeVisible();
  });
});
