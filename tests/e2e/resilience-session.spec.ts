import type { Page } from '@playwright/test';
import { createAddress } from './account-helpers';
import { apiOrigin, freshUser, sandbox, seedSession, tokensFor } from './fixtures';
import { productBlock } from './files/order-kit';
import { expect, orderFor, TAG, test } from './resilience-kit';

/** Counts the page's calls to the token endpoint and the API's 401 answers. */
function watchTokens(page: Page): { refreshes: number; unauthorized: number } {
  const seen = { refreshes: 0, unauthorized: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url() === `${apiOrigin}/oauth/token`) seen.refreshes += 1;
  });
  page.on('response', (r) => {
    if (r.status() === 401 && r.url().startsWith(`${apiOrigin}/api/`)) seen.unauthorized += 1;
  });
  return seen;
}

test.describe('a 401 storm', () => {
  for (const [screen, path, parallel] of [
    ['my details', '/my-details/', 3],
    // The order, its cost summary and its products; the cards load once those are in.
    ['quote and payment', '/quote-payment/', 3],
  ] as const) {
    test(`${TAG} ${screen}: parallel calls with a stale access token share one refresh and the screen loads`, async ({ page, request }) => {
      const account = await freshUser(request);
      const tokens = await tokensFor(request, account);
      const { orderId } = await orderFor(request, tokens);
      // A slow token endpoint (for this shopper only) keeps every 401 arriving while the one refresh is under way.
      await sandbox(request, 'POST', '/faults', { user: account.email, latency: { 'POST /oauth/token': 800 } });
      await seedSession(page, { access_token: 'stale-access-token-of-an-old-session', refresh_token: tokens.refresh_token });
      const seen = watchTokens(page);
      await page.goto(path === '/quote-payment/' ? `${path}${orderId}/` : path);
      if (path === '/my-details/') {
        await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Lerato');
        await expect(page.getByRole('region', { name: 'Addresses' }).getByText('Home', { exact: true })).toBeVisible();
      } else {
        await expect(page.getByRole('heading', { name: `Order ${orderId} - Amazon` })).toBeVisible();
        await expect(page.getByRole('table', { name: /^Products of/ })).toBeVisible();
      }
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(seen.unauthorized).toBeGreaterThanOrEqual(parallel);
      expect(seen.refreshes).toBe(1);
      await sandbox(request, 'DELETE', `/faults?user=${encodeURIComponent(account.email)}`);
    });
  }
});

/** An init script that makes every storage write fail as a full disk does. */
async function fillStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Storage.prototype.setItem = function full() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
}

test.describe('storage full', () => {
  test(`${TAG} order form: signing in still works for the tab, the draft warns and the form keeps working`, async ({ page, request }) => {
    const account = await freshUser(request);
    await createAddress(request, await tokensFor(request, account), 'Home');
    await fillStorage(page);
    await page.goto('/upload-orders/');
    const url = productBlock(page, 'Product 1').getByLabel('Product page URL');
    await url.fill('https://shop.example/full-disk');
    await expect(page.getByText('Your draft could not be saved on this device.', { exact: false })).toBeVisible();

    await page.getByRole('note').getByRole('link', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Delivery address' })).toBeVisible();
    await expect(url).toHaveValue('https://shop.example/full-disk');
    await page.getByRole('combobox', { name: 'Delivery address' }).click();
    await expect(page.getByRole('option', { name: 'Home' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();

    // The session lives in memory: a client-side move within the tab stays signed in.
    page.once('dialog', (question) => void question.accept());
    await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'My Details' }).click();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Lerato');
  });
});

const GARBAGE: Record<string, Record<string, string>> = {
  'non-JSON junk': { access_token: '%%{not a token', refresh_token: '}}junk', remember_me: '{"yes":', initial_values: 'not json {{{' },
  'wrong types': { access_token: '{"token":42}', refresh_token: 'null', remember_me: '42', initial_values: '{"version":1,"values":{"portal":"Amazon","products":{}}}' },
  'huge strings': { access_token: 'a'.repeat(300_000), refresh_token: 'b'.repeat(300_000), remember_me: 'true'.repeat(50_000), initial_values: `"${'x'.repeat(500_000)}"` },
};

async function plant(page: Page, values: Record<string, string>): Promise<void> {
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('__planted')) return;
    sessionStorage.setItem('__planted', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

test.describe('storage holding garbage', () => {
  for (const [kind, values] of Object.entries(GARBAGE)) {
    for (const path of ['/my-details/', '/track-order/', '/help/']) {
      test(`${TAG} ${path}: ${kind} in storage counts as signed out and sends the shopper home`, async ({ page }) => {
        await plant(page, values);
        await page.goto(path);
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
      });
    }

    test(`${TAG} order form: ${kind} in storage resets the draft cleanly and the form saves a new one`, async ({ page, request }) => {
      const account = await freshUser(request);
      const tokens = await tokensFor(request, account);
      await seedSession(page, tokens);
      await plant(page, { initial_values: values.initial_values ?? '' });
      await page.goto('/upload-orders/');
      const url = productBlock(page, 'Product 1').getByLabel('Product page URL');
      await expect(url).toHaveValue('');
      await expect(page.getByRole('combobox', { name: 'Portal' })).toHaveValue('');
      await url.fill('https://shop.example/fresh-start');
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('initial_values') ?? '{}').values?.products?.[0]?.description)).toBe('https://shop.example/fresh-start');
      // The unsent draft asks before the reload; the shopper goes on.
      page.once('dialog', (question) => void question.accept());
      await page.reload();
      await expect(productBlock(page, 'Product 1').getByLabel('Product page URL')).toHaveValue('https://shop.example/fresh-start');
    });
  }
});

test.describe('offline on a static screen', () => {
  test(`${TAG} help: offline then online, the topics still open and the page stays signed in`, async ({ page, context, signedIn }) => {
    void signedIn;
    await page.goto('/help/');
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await context.setOffline(true);
    const topic = page.locator('summary').first();
    await topic.click();
    await expect(page.locator('details').first()).toHaveAttribute('open', '');
    await context.setOffline(false);
    await page.reload();
    await expect(page).toHaveURL(/\/help\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  });
});
