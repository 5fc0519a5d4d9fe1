import { apiBase, callApi, issueQuote, toast } from './account-helpers';
import { atBothWidths } from './axe-kit';
import { expect, siteOrigin, test } from './fixtures';
import { orderFor } from './resilience-kit';

const OTHER_WAY = 'Pay another way (Instant EFT, SnapScan and more)';
const TRY_AGAIN = 'Try again with a saved card, or pay another way.';
const DECLINED = 'Your payment did not go through: PayFast says it failed, and nothing was charged.';
const CANCELLED = 'Payment cancelled: nothing was charged, and you can pay when you are ready.';
const UNCONFIRMED =
  'PayFast has not confirmed a payment for this order, so it is not marked paid. If you did pay, it shows here once PayFast confirms it.';

// What the page decides (notices, the offer, the paid dialog) is unit-tested in quote-page.test.ts, the write and the
// return's reading of the service in payment-flow.test.ts, the stand-in's outcomes in sandbox/orders.test.ts: these are
// the journeys through PayFast's page and back.
test.describe("paying another way: PayFast's own page (Instant EFT, SnapScan and more)", () => {
  test(
    'with no saved card: declined, then cancelled, then paid on PayFast’s page; each comes back to the order read from the service, at 375 and 1280 px',
    { tag: '@envelope' },
    async ({ page, request, signedIn }) => {
      const { orderId } = await orderFor(request, signedIn.tokens);
      await issueQuote(request, orderId);
      const statusOf = async () => (await callApi<{ status: string }>(request, signedIn.tokens, 'GET', `/orders/${orderId}`)).status;
      await page.goto(`/quote-payment/${orderId}/`);
      const payment = page.getByRole('region', { name: 'Payment' });
      const otherWay = payment.getByRole('button', { name: OTHER_WAY });
      await expect(payment.getByText('You have no saved cards yet.')).toBeVisible();
      await atBothWidths(page, () => expect(otherWay).toBeEnabled());

      for (const [action, notice] of [
        ['Decline payment', DECLINED],
        ['Cancel payment', CANCELLED],
      ] as const) {
        await otherWay.click();
        await expect(toast(page, 'Redirecting to PayFast')).toBeVisible();
        await expect(page.getByRole('heading', { name: 'PayFast (sandbox)' })).toBeVisible();
        await expect(page.getByText(/Instant EFT, SnapScan, Zapper, Mobicred or a card/)).toBeVisible();
        await page.getByRole('button', { name: action }).click();
        await expect(page).toHaveURL(`${siteOrigin}/quote-payment/${orderId}/`);
        await atBothWidths(page, async () => {
          await expect(payment.getByRole('alert')).toHaveText(`${notice} ${TRY_AGAIN}`);
          await expect(page.getByText(/^Valid until /)).toBeVisible();
          await expect(payment.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
          await expect(otherWay).toBeEnabled();
        });
        await expect(page.getByRole('dialog')).toHaveCount(0);
        expect(await statusOf()).toBe('processing');
      }

      await otherWay.click();
      await page.getByRole('button', { name: 'Confirm payment' }).click();
      const paid = page.getByRole('dialog', { name: 'Your Payment was a Success!' });
      await atBothWidths(page, () => expect(paid).toBeVisible());
      expect(await statusOf()).toBe('paid');
      await paid.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/my-orders-history\/$/);
    },
  );

  test('refused or sent once, with a message: a return the service does not confirm, a provider host not allowed, a double press, and a service without the hosted payment', async ({
    page,
    request,
    signedIn,
  }) => {
    const { orderId } = await orderFor(request, signedIn.tokens);
    await issueQuote(request, orderId);
    // Back with ?success=true while the service has heard of no payment: not paid, and the page says so.
    await page.goto(`/quote-payment/${orderId}/?success=true`);
    const payment = page.getByRole('region', { name: 'Payment' });
    await atBothWidths(page, async () => {
      await expect(payment.getByRole('alert')).toHaveText(`${UNCONFIRMED} ${TRY_AGAIN}`);
      await expect(page.getByText(/^Valid until /)).toBeVisible();
    });
    await expect(page).toHaveURL(`${siteOrigin}/quote-payment/${orderId}/`);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const answers = [
      { status: 200, json: { status: 'pending', location: 'https://payfast.evil.example/eng/process' } },
      { status: 405, json: { error: 'Method Not Allowed' } },
    ];
    let asked = 0;
    let left = false;
    page.on('request', (r) => {
      if (r.url().startsWith('https://payfast.evil.example')) left = true;
    });
    await page.route(`${apiBase}/orders/${orderId}/create_hosted_payment`, async (route) => {
      asked += 1;
      const answer = answers.shift();
      if (answer) await route.fulfill(answer);
      // The double press: the real service answers, a moment late, so that a second press lands while the first is in flight.
      else await new Promise((resolve) => setTimeout(resolve, 300)).then(() => route.continue());
    });
    const otherWay = payment.getByRole('button', { name: OTHER_WAY });
    await otherWay.click();
    await expect(toast(page, 'Failed to initiate payment with PayFast')).toBeVisible();
    await expect(page).toHaveURL(`${siteOrigin}/quote-payment/${orderId}/`);
    expect(left).toBe(false);

    await otherWay.click();
    await expect(toast(page, 'Paying another way is not available at the moment: please pay with a saved card.')).toBeVisible();
    await expect(payment.getByText('Paying another way is not available at the moment: please pay with a saved card.')).toBeVisible();
    await expect(otherWay).toHaveCount(0);
    await expect(payment.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
    expect(asked).toBe(2);

    // The option comes back on the next visit; two presses in a row send one request and leave once.
    await page.reload();
    await otherWay.dblclick();
    await expect(page.getByRole('heading', { name: 'PayFast (sandbox)' })).toBeVisible();
    expect(asked).toBe(3);
  });
});
