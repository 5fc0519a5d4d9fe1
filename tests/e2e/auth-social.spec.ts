import { DEMO_USER, expect, test } from './fixtures';

for (const provider of ['Google', 'Facebook'] as const) {
  test.describe(`${provider} sign-in`, () => {
    test(`signs in through the ${provider} stand-in and greets the shopper`, async ({ page }) => {
      await page.goto('/login/');
      await page.getByRole('dialog', { name: 'Log In' }).getByRole('button', { name: `Sign in with ${provider}` }).click();
      await expect(page).toHaveURL(new RegExp(`/stand-in/${provider.toLowerCase()}/consent`));
      const url = new URL(page.url());
      expect(url.searchParams.get('redirect_uri')).toMatch(new RegExp(`/auth/${provider.toLowerCase()}/callback/$`));
      expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      if (provider === 'Google') expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{22}$/);
      else expect(url.searchParams.has('nonce')).toBe(false);
      // The code and the PKCE verifier go to the API in a POST body: a query string would leave the verifier in logs.
      const trade = page.waitForRequest((request) => request.url().includes('/users/auth/') && request.method() !== 'OPTIONS');
      await page.getByRole('link', { name: 'Continue as Demo Shopper' }).click();
      const traded = await trade;
      expect(traded.method()).toBe('POST');
      expect(new URL(traded.url()).search).toBe('');
      expect(traded.postDataJSON()).toMatchObject({ code: expect.any(String), code_verifier: expect.stringMatching(/^[\w-]{43,128}$/) });
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
      await expect(page.getByText(`Welcome ${DEMO_USER.firstName}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'My Profile' })).toBeVisible();
    });

    test(`a cancelled ${provider} consent shows the failure`, async ({ page }) => {
      await page.goto('/login/');
      await page.getByRole('dialog', { name: 'Log In' }).getByRole('button', { name: `Sign in with ${provider}` }).click();
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(page.getByText(`Failed to Authenticate with ${provider}`).first()).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
    });
  });
}

test('a callback with a state this tab did not send is refused', async ({ page }) => {
  await page.goto('/auth/google/callback/?code=stolen&state=forged');
  await expect(page.getByText('The sign-in could not be verified. Please try again.').first()).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toBeNull();
});

test('a callback whose PKCE verifier this tab does not hold is refused, and the code is not traded', async ({ page }) => {
  // The verifier is lost by the time the provider sends the browser back (another tab, cleared storage, a forged
  // callback): on our callback page, before its scripts run, the kept state loses its verifier.
  await page.addInitScript(() => {
    if (!window.location.pathname.startsWith('/auth/google/callback')) return;
    const kept = JSON.parse(sessionStorage.getItem('oauth_state') ?? '{}') as Record<string, unknown>;
    delete kept.verifier;
    sessionStorage.setItem('oauth_state', JSON.stringify(kept));
  });
  let traded = false;
  page.on('request', (request) => {
    if (request.url().includes('/users/auth/google_oauth2/callback')) traded = true;
  });
  await page.goto('/login/');
  await page.getByRole('dialog', { name: 'Log In' }).getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/stand-in\/google\/consent/);
  await page.getByRole('link', { name: 'Continue as Demo Shopper' }).click();
  await expect(page.getByText('The sign-in could not be verified. Please try again.').first()).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('access_token') ?? localStorage.getItem('access_token'))).toBeNull();
  expect(traded).toBe(false);
});
