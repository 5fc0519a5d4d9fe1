import { expect, test } from './fixtures';
import { createAddress, issueQuote, placeOrder } from './account-helpers';

test.describe('the quote clock', () => {
  // What the clock decides (47 hours left about an hour, 49 expired, no time shows neither and pays) is unit-tested in
  // tests/unit/quote-page.test.ts, quote-deadline.test.tsx and quote-clock.test.ts; this journey keeps one quote read
  // on both screens the shopper sees it on.
  test("a quote issued 49 hours ago says 'This quote has expired.', keeps Make Payment disabled and offers Query Order", async ({ page, request, signedIn }) => {
    const addressId = await createAddress(request, signedIn.tokens);
    const orderId = await placeOrder(request, signedIn.tokens, { addressId });
    await issueQuote(request, orderId, 49);

    await page.goto(`/quote-payment/${orderId}/`);
    const payment = page.getByRole('region', { name: 'Payment', exact: true });
    await expect(payment.getByText('This quote has expired.')).toBeVisible();
    await expect(payment.getByRole('button', { name: 'Make Payment' })).toBeDisabled();
    await expect(payment.getByRole('link', { name: 'Query Order' })).toHaveAttribute('href', new RegExp(`^/contact-us/\\?title=Order(\\+|%20)${orderId}`));
    await expect(page.getByText(/^Valid until /)).toHaveCount(0);

    await page.goto('/my-orders-history/');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: `Quote for order ${orderId}` }) });
    await expect(card.getByText('This quote has expired.')).toBeVisible();
  });
});
