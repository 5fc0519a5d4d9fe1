import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { apiOrigin, expect, freshUser, sandbox, seedSession, test, tokensFor, type Account, type Tokens } from './fixtures';

const accessToken = (page: Page) =>
  page.evaluate(() => localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token'));

/**
 * A token pair whose access token is already expired (the refresh token still works). The sandbox expires this
 * shopper's access tokens only: a shorter lifetime for everyone would reach the tests running beside this one.
 */
async function expiredTokensFor(request: APIRequestContext, account: Account): Promise<Tokens> {
  const tokens = await tokensFor(request, account);
  await sandbox(request, 'POST', '/expire-access', { email: account.email });
  return tokens;
}

/** Counts the POSTs to the token endpoint made by every page of the context. */
function countTokenCalls(context: BrowserContext): { count: number } {
  const calls = { count: 0 };
  context.on('request', (r) => {
    if (r.method() === 'POST' && r.url() === `${apiOrigin}/oauth/token`) calls.count += 1;
  });
  return calls;
}

/** Both account screens a fresh shopper can read: personal details and the empty order history. */
async function expectDetails(page: Page, account: Account): Promise<void> {
  await expect(page).toHaveURL(/\/my-details\/$/);
  await expect(page.getByRole('form', { name: 'Personal details' }).getByLabel('First name')).toHaveValue(account.firstName);
}

async function expectHistory(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/my-orders-history\/$/);
  await expect(page.getByText("You've not placed any orders yet")).toBeVisible();
}

test.describe('session', () => {
  test('an access token that expires mid-session is refreshed without the shopper noticing', async ({ page, request }) => {
    const account = await freshUser(request);
    const first = await tokensFor(request, account);
    await seedSession(page, first, true);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'My Profile' })).toBeVisible();
    // The access token's lifetime ends now, for this shopper only.
    await sandbox(request, 'POST', '/expire-access', { email: account.email });

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

  test('concurrent 401s in two tabs make one call to the token endpoint (Keep me signed in)', async ({
    context,
    page,
    request,
  }) => {
    const account = await freshUser(request);
    await seedSession(page, await tokensFor(request, account), true);
    // Both tabs load in full first: two page loads in parallel can land seconds apart on a busy machine.
    await page.goto('/my-details/');
    await expectDetails(page, account);
    const other = await context.newPage();
    await other.goto('/my-returns/');
    await expect(other.getByText('No Pending Returns')).toBeVisible();
    await expect(other.getByText('No Returns History')).toBeVisible();

    // The shared access token expires while both tabs are open; the next screen each moves to asks with it.
    await sandbox(request, 'POST', '/expire-access', { email: account.email });
    const tokenCalls = countTokenCalls(context);
    // The token call waits until both tabs have had their 401, so that the two refreshes really overlap.
    const failed = new Set<Page>();
    let bothFailed = (): void => undefined;
    const overlap = new Promise<void>((resolve) => {
      bothFailed = resolve;
    });
    for (const tab of [page, other]) {
      tab.on('response', (r) => {
        if (r.status() !== 401 || !r.url().startsWith(`${apiOrigin}/api/web/v1/`)) return;
        failed.add(tab);
        if (failed.size === 2) bothFailed();
      });
    }
    await context.route(`${apiOrigin}/oauth/token`, async (route) => {
      // The client gives the token call 5 s: release it before that even if the overlap never comes.
      await Promise.race([overlap, new Promise((resolve) => setTimeout(resolve, 4000))]);
      await route.continue();
    });

    const orderHistory = (tab: Page) =>
      tab.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Order History' }).click();
    await Promise.all([orderHistory(page), orderHistory(other)]);
    await expectHistory(page);
    await expectHistory(other);
    expect(failed.size).toBe(2);
    expect(tokenCalls.count).toBe(1);
    expect(await accessToken(other)).toBe(await accessToken(page));
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

    test('a tab opened from a signed-in tab keeps its session when the first tab renews the tokens', async ({
      context,
      page,
      request,
    }) => {
      const account = await freshUser(request);
      await seedSession(page, await expiredTokensFor(request, account), false);
      await page.goto('/metaverse-logistics/');
      const opened = context.waitForEvent('page');
      await page.evaluate(() => window.open('/portals/', '_blank'));
      const other = await opened;
      // sessionStorage is copied into a tab opened with window.open: both tabs hold the same pair.
      expect(await other.evaluate(() => sessionStorage.getItem('refresh_token'))).toBe(
        await page.evaluate(() => sessionStorage.getItem('refresh_token')),
      );
      // The other tab follows BroadcastChannel once idle; give it a moment to subscribe.
      await other.waitForLoadState('networkidle');
      const tokenCalls = countTokenCalls(context);

      // The first tab renews the pair and uses the new access token, which revokes the old pair (Doorkeeper rotation).
      await page.goto('/my-details/');
      await expectDetails(page, account);
      expect(tokenCalls.count).toBe(1);
      const renewed = await page.evaluate(() => sessionStorage.getItem('refresh_token'));
      await expect.poll(() => other.evaluate(() => sessionStorage.getItem('refresh_token'))).toBe(renewed);

      await other.goto('/my-orders-history/');
      await expectHistory(other);
      expect(tokenCalls.count).toBe(1);
      expect(await accessToken(other)).toBe(await accessToken(page));
      expect(await other.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
    });
  });
});
