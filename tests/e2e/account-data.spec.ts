import { axeViolations } from './axe-kit';
import { readFile } from 'node:fs/promises';
import { apiBase, callApi, toast } from './account-helpers';
import { quotedOrderWithCard, returningOrder } from './resilience-kit';
import { apiOrigin, expect, siteOrigin, test } from './fixtures';

test.describe('download my data', () => {
  test('saves a JSON file of the profile, addresses, cards (no token), orders with products and quotes, and returns, and shows it to print', async ({
    page,
    request,
    signedIn,
  }) => {
    const orderId = await quotedOrderWithCard(request, signedIn.tokens, 'Export Visa');
    const returnId = await returningOrder(request, signedIn.tokens);
    const [card] = await callApi<{ token: string }[]>(request, signedIn.tokens, 'GET', '/cards');
    expect(card?.token).toBeTruthy();

    // The last read is held back a moment, so the progress line can be seen.
    await page.route('**/api/web/v1/orders?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/my-details/');
    const panel = page.getByRole('region', { name: 'Your data', exact: true });
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download my data' }).click();
    await expect(panel.getByRole('status')).toHaveText('Reading your orders and returns…');
    await expect(panel.getByRole('progressbar', { name: 'Reading your data' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Reading…' })).toBeDisabled();

    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path()) ?? '', 'utf8');
    const data = JSON.parse(text) as Record<string, unknown[] | Record<string, unknown>>;
    expect(Object.keys(data)).toEqual(['readAt', 'profile', 'addresses', 'cards', 'orders', 'returns']);
    expect(data.profile).toMatchObject({ email: signedIn.email, firstName: signedIn.firstName });
    expect(data.cards).toEqual([{ cardName: 'Export Visa', isPreferred: false, isValid: true }]);
    expect(data.addresses).toHaveLength(2);
    const order = (data.orders as { id: number; products: unknown[]; quote: { total: number } | null }[]).find(
      (o) => o.id === orderId,
    );
    expect(order?.products.length).toBeGreaterThan(0);
    expect(order?.quote?.total).toBeGreaterThan(0);
    expect((data.returns as { id: number }[]).map((r) => r.id)).toContain(returnId);
    for (const secret of [card?.token ?? '', signedIn.tokens.access_token, signedIn.tokens.refresh_token])
      expect(text).not.toContain(secret);

    const view = panel.getByRole('region', { name: /^Copy of your data, read / });
    await expect(view).toBeFocused();
    await expect(view.getByRole('heading', { name: `Orders (${(data.orders as unknown[]).length})` })).toBeVisible();
    await expect(view.getByText('Export Visa')).toBeVisible();

    // Print shows the copy alone: nothing of the site's chrome or of the other panels.
    await page.evaluate(() => document.documentElement.classList.add('printing-export'));
    await page.emulateMedia({ media: 'print' });
    await expect(view).toBeVisible();
    for (const name of ['Personal details', 'Saved cards', 'Close my account'])
      await expect(page.getByRole('region', { name })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect((await axeViolations(page, 'all')).map((v) => `${width}px ${v}`)).toEqual([]);
    }
  });

  test('a read that fails says why, saves nothing and the button comes back', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.route('**/api/web/v1/cards', (route) => route.abort('internetdisconnected'));
    let saved = false;
    page.on('download', () => {
      saved = true;
    });
    await page.goto('/my-details/');
    const panel = page.getByRole('region', { name: 'Your data', exact: true });
    await panel.getByRole('button', { name: 'Download my data' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Server is probably offline');
    await expect(panel.getByRole('button', { name: 'Download my data' })).toBeEnabled();
    expect(saved).toBe(false);
  });
});

test.describe('closing the account', () => {
  test('a wrong typed e-mail does nothing but say why; the right one closes it, signs out, clears the browser and refuses the next sign-in', async ({
    page,
    request,
    signedIn,
  }) => {
    let deletes = 0;
    page.on('request', (r) => {
      if (r.method() === 'DELETE' && r.url().includes('/users/')) deletes += 1;
    });
    await page.goto('/my-details/');
    const panel = page.getByRole('region', { name: 'Close my account' });
    const field = panel.getByLabel('Type the e-mail address of your account to confirm');
    await field.fill('someone.else@example.com');
    await panel.getByRole('button', { name: 'Close my account' }).click();
    await expect(panel.getByText('This is not the e-mail address of your account: your account stays open.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(deletes).toBe(0);

    await field.fill(` ${signedIn.email.toUpperCase()} `);
    const password = panel.getByLabel('Current password', { exact: true });
    await panel.getByRole('button', { name: 'Close my account' }).click();
    await expect(panel.getByText('Enter your current password', { exact: true })).toBeVisible();
    expect(deletes).toBe(0);
    await password.fill('Not#MyPassword1');
    await panel.getByRole('button', { name: 'Close my account' }).click();
    await expect(panel.getByText('That is not your current password', { exact: true })).toBeVisible();
    await expect(field).toHaveValue(signedIn.email.toUpperCase());
    await expect(page).toHaveURL(/\/my-details\/$/);
    await password.fill(signedIn.password);
    await panel.getByRole('button', { name: 'Close my account' }).click();
    await expect(page).toHaveURL(`${siteOrigin}/`);
    await expect(toast(page, 'Your account is closed. To reopen it within 30 days, contact us.')).toBeVisible();
    expect(deletes).toBe(2);
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
    const stored = await page.evaluate(() => [
      localStorage.getItem('access_token'),
      localStorage.getItem('refresh_token'),
      sessionStorage.getItem('access_token'),
    ]);
    expect(stored).toEqual([null, null, null]);

    const signIn = await request.post(`${apiOrigin}/oauth/token`, {
      data: {
        grant_type: 'password',
        username: signedIn.email,
        password: signedIn.password,
        client_id: 'shopper-web',
        scope: 'read write',
      },
    });
    expect(signIn.status()).toBe(400);
    expect(((await signIn.json()) as { error: string }).error).toBe('invalid_grant');
    const stale = await request.get(`${apiBase}/users/show_details`, {
      headers: { Authorization: `Bearer ${signedIn.tokens.access_token}` },
    });
    expect(stale.status()).toBe(401);
  });

  test('a refusal from the service says why and keeps the shopper signed in', async ({ page, signedIn }) => {
    await page.route('**/api/web/v1/users/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 422, json: { error: 'An order is being paid' } })
        : route.continue(),
    );
    await page.goto('/my-details/');
    const panel = page.getByRole('region', { name: 'Close my account' });
    await panel.getByLabel('Type the e-mail address of your account to confirm').fill(signedIn.email);
    await panel.getByLabel('Current password', { exact: true }).fill(signedIn.password);
    await panel.getByRole('button', { name: 'Close my account' }).click();
    await expect(toast(page, 'An order is being paid')).toBeVisible();
    await expect(page).toHaveURL(/\/my-details\/$/);
    await expect(panel.getByRole('button', { name: 'Close my account' })).toBeEnabled();
  });
});
