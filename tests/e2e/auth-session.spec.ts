import { expect, freshUser, sandbox, seedSession, test, tokensFor } from './fixtures';

const DEFAULT_LIFETIME = 7200;

const accessToken = (page: import('@playwright/test').Page) =>
  page.evaluate(() => localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token'));

test.describe('session', () => {
  test('an access token that expires mid-session is refreshed without the shopper noticing', async ({ page, request }) => {
    const account = await freshUser(request);
    await sandbox(request, 'POST', '/token-lifetime', { seconds: 2 });
    let first;
    try {
      first = await tokensFor(request, account);
    } finally {
      await sandbox(request, 'POST', '/token-lifetime', { seconds: DEFAULT_LIFETIME });
    }
    await seedSession(page, first, true);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'My Profile' })).toBeVisible();
    await page.waitForTimeout(2500);

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/oauth/token') && r.status() === 200);
    await page.goto('/my-details/');
    await refreshed;
    await expect(page).toHaveURL(/\/my-details\/$/);
    await expect(page.getByRole('button', { name: 'My Profile' })).toBeVisible();
    await expect.poll(() => accessToken(page)).not.toBe(first.access_token);
    expect(await accessToken(page)).toBeTruthy();
  });

  test('a revoked refresh token signs the shopper out', async ({ page, request, signedIn }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'My Profile' })).toBeVisible();
    await sandbox(request, 'POST', '/revoke-refresh', { email: signedIn.email });
    await page.goto('/my-details/');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await accessToken(page)).toBeNull();
  });

  test('signing out in one tab signs out the other (Keep me signed in)', async ({ page, signedIn }) => {
    expect(signedIn.email).toBeTruthy();
    await page.goto('/');
    const other = await page.context().newPage();
    await other.goto('/portals/');
    await expect(other.getByRole('button', { name: 'My Profile' })).toBeVisible();

    await page.getByRole('button', { name: 'My Profile' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(other.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'My Profile' })).toBeHidden();
    expect(await accessToken(other)).toBeNull();
  });

  test.describe('without Keep me signed in', () => {
    test.use({ remember: false });

    test('a tab opened from a signed-in tab signs out with it', async ({ page, signedIn }) => {
      expect(signedIn.email).toBeTruthy();
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'My Profile' })).toBeVisible();
      const opened = page.context().waitForEvent('page');
      await page.evaluate(() => window.open('/portals/', '_blank'));
      const other = await opened;
      await expect(other.getByRole('button', { name: 'My Profile' })).toBeVisible();
      // The other tab follows BroadcastChannel once idle; give it a moment to subscribe.
      await other.waitForLoadState('networkidle');

      await page.getByRole('button', { name: 'My Profile' }).click();
      await page.getByRole('button', { name: 'Log Out' }).click();
      await expect(other.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
      expect(await other.evaluate(() => sessionStorage.getItem('access_token'))).toBeNull();
    });
  });
});
