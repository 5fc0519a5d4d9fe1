import { callApi, issueQuote } from './account-helpers';
import { expect, sandbox, siteOrigin, test } from './fixtures';
import { orderFor } from './resilience-kit';

const OTHER_WAY = 'Pay another way (Instant EFT, SnapScan and more)';
const ENDED =
  'That payment was stopped and nothing was charged: the order or its quote changed while you were paying. Check the quote below.';
const TRY_AGAIN = 'Try again with a saved card, or pay another way.';

// Issue 53: the service binds a payment to what it charges and keeps the quote's 48 hours; the rules themselves are
// shown in tests/unit/sandbox/payments.test.ts, these are the shopper's journeys through them.
test.describe('every rand paid is the rand quoted', () => {
  test(
    'a product removed in another tab while on PayFast’s page stops the payment: nothing is charged, and back on the quote the page says so',
    { tag: '@envelope' },
    async ({ page, request, signedIn }) => {
      const { orderId } = await orderFor(request, signedIn.tokens);
      await issueQuote(request, orderId);
      const products = await callApi<{ id: number; name: string }[]>(
        request,
        signedIn.tokens,
        'GET',
        `/orders/${orderId}/products`,
      );
      await page.goto(`/quote-payment/${orderId}/`);
      const payment = page.getByRole('region', { name: 'Payment' });
      await payment.getByRole('button', { name: OTHER_WAY }).click();
      await expect(page.getByRole('heading', { name: 'PayFast (sandbox)' })).toBeVisible();
      await expect(page.getByText(`for order ${orderId}`)).toBeVisible();

      const removed = products[1];
      if (!removed) throw new Error('The order has two products');
      await callApi(request, signedIn.tokens, 'DELETE', `/products/${removed.id}`);
      await page.getByRole('button', { name: 'Confirm payment' }).click();
      await expect(
        page.getByText(`This payment was stopped: ${removed.name} was removed from the order. Nothing was charged.`),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Back to the quote' }).click();

      await expect(page).toHaveURL(`${siteOrigin}/quote-payment/${orderId}/`);
      await expect(payment.getByRole('alert')).toHaveText(`${ENDED} ${TRY_AGAIN}`);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const order = await callApi<{ status: string; payment_status: string }>(
        request,
        signedIn.tokens,
        'GET',
        `/orders/${orderId}`,
      );
      expect(order).toMatchObject({ status: 'processing', payment_status: 'ended' });

      // The quote as it stands now pays, once.
      await payment.getByRole('button', { name: OTHER_WAY }).click();
      await page.getByRole('button', { name: 'Confirm payment' }).click();
      await expect(page.getByRole('dialog', { name: 'Your Payment was a Success!' })).toBeVisible();
    },
  );

  test('the service refuses a quote past its 48 hours that the phone’s clock still shows as valid, in the words of the quote page, and keeps the choices', async ({
    page,
    request,
    signedIn,
  }) => {
    const { orderId } = await orderFor(request, signedIn.tokens);
    await issueQuote(request, orderId, 49);
    await sandbox(request, 'POST', `/orders/${orderId}/shipping-options`, {
      id: 'economy',
      label: 'Economy',
      price: 0,
      min_days: 8,
      max_days: 10,
    });
    await sandbox(request, 'POST', `/orders/${orderId}/shipping-options`, {
      id: 'express',
      label: 'Express',
      price: 350,
      min_days: 3,
      max_days: 5,
    });
    // A phone whose clock is ten hours behind still counts the quote valid.
    await page.clock.install({ time: Date.now() - 10 * 3_600_000 });
    await page.goto(`/quote-payment/${orderId}/`);
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(page.getByText(/^Valid until /)).toBeVisible();
    const express = page.getByRole('group', { name: 'Shipping speed' }).getByRole('radio', { name: /^Express/ });
    await express.check();
    await payment.getByRole('button', { name: OTHER_WAY }).click();
    await expect(payment.getByRole('alert')).toHaveText('This quote has expired.');
    await expect(express).toBeChecked();
    await expect(page).toHaveURL(`${siteOrigin}/quote-payment/${orderId}/`);
    const order = await callApi<{ status: string }>(request, signedIn.tokens, 'GET', `/orders/${orderId}`);
    expect(order.status).toBe('processing');
  });
});
