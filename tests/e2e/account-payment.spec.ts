import { apiBase, callApi, toast } from './account-helpers';
import { quotedOrderWithCard } from './resilience-kit';
import { expect, sandbox, siteOrigin, test } from './fixtures';

const FAILED = 'Failed to initiate payment with PayFast';

test.describe('paying on the provider page (SANDBOX_PAYMENT=redirect)', () => {
  // What the page decides around a payment (the notices and dialog after a return, read from the service, a failed
  // payment's toast with no dialog and Make Payment enabled again) is unit-tested in quote-page.test.ts; the store's
  // write and the return's reading in payment-flow.test.ts; the sandbox's cancel in sandbox/orders.test.ts.
  test(
    'Make Payment goes to PayFast; cancelled there, the quote page says nothing was charged; confirmed on the second go, it says so once and the order is paid',
    { tag: '@envelope' },
    async ({ page, request, signedIn }) => {
      const orderId = await quotedOrderWithCard(request, signedIn.tokens, 'Redirect Visa');
      await sandbox(request, 'POST', '/payment-flow', { email: signedIn.email, flow: 'redirect' });
      await page.goto(`/quote-payment/${orderId}/`);
      await page.getByRole('radio', { name: 'Redirect Visa' }).check();
      await page.getByRole('button', { name: 'Make Payment' }).click();
      await page.getByRole('button', { name: 'Cancel payment' }).click();
      await expect(page.getByRole('region', { name: 'Payment' }).getByRole('alert')).toHaveText(
        'Payment cancelled: nothing was charged, and you can pay when you are ready. Try again with a saved card, or pay another way.',
      );
      await expect(page).toHaveURL(`${siteOrigin}/quote-payment/${orderId}/`);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
      expect((await callApi<{ status: string }>(request, signedIn.tokens, 'GET', `/orders/${orderId}`)).status).toBe('processing');

      await page.getByRole('radio', { name: 'Redirect Visa' }).check();
      await page.getByRole('button', { name: 'Make Payment' }).click();
      await expect(toast(page, 'Redirecting to PayFast')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'PayFast (sandbox)' })).toBeVisible();
      expect((await callApi<{ status: string }>(request, signedIn.tokens, 'GET', `/orders/${orderId}`)).status).toBe(
        'processing',
      );

      await page.getByRole('button', { name: 'Confirm payment' }).click();
      await expect(page.getByRole('dialog', { name: 'Your Payment was a Success!' })).toBeVisible();
      await expect(page).toHaveURL(`${siteOrigin}/quote-payment/${orderId}/`);
      expect((await callApi<{ status: string }>(request, signedIn.tokens, 'GET', `/orders/${orderId}`)).status).toBe('paid');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/my-orders-history\/$/);
    },
  );

  test(
    'a provider location on a host that is not allowed is never followed',
    { tag: '@envelope' },
    async ({ page, request, signedIn }) => {
      const orderId = await quotedOrderWithCard(request, signedIn.tokens, 'Guarded Visa');
      await page.route(`${apiBase}/orders/${orderId}/create_card_payment`, (route) =>
        route.fulfill({
          status: 200,
          json: { data: { status: 'pending', redirect_url: 'https://payfast.evil.example/eng/process' } },
        }),
      );
      let left = false;
      page.on('request', (r) => {
        if (r.url().startsWith('https://payfast.evil.example')) left = true;
      });
      await page.goto(`/quote-payment/${orderId}/`);
      await page.getByRole('radio', { name: 'Guarded Visa' }).check();
      await page.getByRole('button', { name: 'Make Payment' }).click();
      await expect(toast(page, FAILED)).toBeVisible();
      await expect(page).toHaveURL(`${siteOrigin}/quote-payment/${orderId}/`);
      expect(left).toBe(false);
    },
  );
});
