import type { APIRequestContext, Page } from '@playwright/test';
import { formatRand } from '../../src/lib/format';
import { atBothWidths } from './axe-kit';
import { callApi, issueQuote } from './account-helpers';
import { expect, sandbox, siteOrigin, test, type Tokens } from './fixtures';
import { orderFor, quotedOrderWithCard } from './resilience-kit';

// Issue 56, point 3: 'Use my credit (R…)' on a quote takes min(balance, total) off what is paid now; the rest goes by
// card as today; credit that covers the whole total pays with one confirmed press and no card; the invoice shows both.

type Money = number | string;
interface WireOrder {
  status: string;
  quote: { total: Money };
  checkout?: { total: Money; credit_used?: Money; paid_now?: Money };
}

/** The operator credits the shopper (a partial refund). */
async function credit(request: APIRequestContext, email: string, amount: number): Promise<void> {
  await sandbox(request, 'POST', '/users/credit', { email, amount, reason: 'Delivery cost less than quoted' });
}

/** The order as the service answers it, and its quote's total in rand. */
async function orderOf(request: APIRequestContext, tokens: Tokens, orderId: number): Promise<{ order: WireOrder; total: number }> {
  const order = await callApi<WireOrder>(request, tokens, 'GET', `/orders/${orderId}`);
  return { order, total: Number(order.quote.total) };
}

/** The shopper's spendable credit in rand. */
async function balanceOf(request: APIRequestContext, tokens: Tokens): Promise<number> {
  return Number((await callApi<{ balance: Money }>(request, tokens, 'GET', '/credit')).balance);
}

/** Rand as the page writes it, to the cent from whole cents. */
const rand = (cents: number): string => formatRand(cents / 100);
const centsOf = (amount: number): number => Math.round(amount * 100);

/** The cost summary's term and amount pairs. */
async function costLines(page: Page): Promise<string[][]> {
  const costs = page.getByRole('region', { name: 'Cost summary' });
  const terms = await costs.getByRole('term').allTextContents();
  const amounts = await costs.getByRole('definition').allTextContents();
  return terms.map((term, i) => [term, amounts[i] ?? '']);
}

test.describe('spending store credit on a quote (a fresh shopper credited by the operator)', () => {
  test('partly: the credit comes off, a saved card pays the rest; the checkout and the invoice show both; axe and the pay bar at both widths', { tag: '@envelope' }, async ({
    page,
    request,
    signedIn,
  }) => {
    const orderId = await quotedOrderWithCard(request, signedIn.tokens, 'Credit Visa');
    await credit(request, signedIn.email, 100);
    const { total } = await orderOf(request, signedIn.tokens, orderId);
    const rest = centsOf(total) - 10_000;

    await page.goto(`/quote-payment/${orderId}/`);
    const use = page.getByRole('checkbox', { name: `Use my credit (${rand(10_000)})` });
    await expect(use).not.toBeChecked();
    expect((await costLines(page)).map(([term]) => term)).not.toContain('Store credit');
    await use.check();
    await expect(page.getByRole('region', { name: 'Cost summary' }).getByRole('term')).toHaveText([
      'Freight, customs and duties',
      'Facilitation fee',
      'Sub-total',
      'VAT',
      'Total',
      'Store credit',
      'To pay now',
    ]);
    expect((await costLines(page)).slice(-3)).toEqual([
      ['Total', rand(centsOf(total))],
      ['Store credit', `\u2212${rand(10_000)}`],
      ['To pay now', rand(rest)],
    ]);

    await atBothWidths(page, async () => {
      const width = page.viewportSize()?.width ?? 0;
      const bar = page.locator('.pay-bar');
      if (width < 1024) {
        // The phone's pay bar shows what is left to pay now, and its button pays it.
        await expect(bar).toBeVisible();
        await expect(bar.getByText('To pay now')).toBeVisible();
        await expect(bar.getByText(rand(rest), { exact: true })).toBeVisible();
        await expect(bar.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
      } else await expect(bar).toBeHidden();
    });

    await page.getByRole('radio', { name: 'Credit Visa' }).check();
    await page.getByRole('button', { name: 'Make Payment' }).click();
    await expect(page.getByRole('dialog', { name: 'Your Payment was a Success!' })).toBeVisible();
    const { order } = await orderOf(request, signedIn.tokens, orderId);
    expect(order.status).toBe('paid');
    expect([Number(order.checkout?.credit_used), Number(order.checkout?.paid_now)]).toEqual([100, rest / 100]);
    expect(await balanceOf(request, signedIn.tokens)).toBe(0);

    await page.goto(`/my-invoice/${orderId}/`);
    await expect(page.getByRole('heading', { level: 2, name: 'Tax Invoice' })).toBeVisible();
    expect((await costLines(page)).slice(-3)).toEqual([
      ['Total', rand(centsOf(total))],
      ['Credit used', rand(10_000)],
      ['Paid by card / PayFast', rand(rest)],
    ]);
  });

  test('wholly: one button "Pay R… with my credit", confirmed, pays with no card; Cancel pays nothing', async ({ page, request, signedIn }) => {
    const { orderId } = await orderFor(request, signedIn.tokens);
    await issueQuote(request, orderId);
    await credit(request, signedIn.email, 5000);
    const { total } = await orderOf(request, signedIn.tokens, orderId);
    const amount = rand(centsOf(total));

    await page.goto(`/quote-payment/${orderId}/`);
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment.getByRole('group', { name: 'Pay with a saved card' })).toBeVisible();
    await page.getByRole('checkbox', { name: `Use my credit (${rand(500_000)})` }).check();
    // The card picker and paying another way give way to the one button.
    await expect(payment.getByRole('group', { name: 'Pay with a saved card' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Make Payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Pay another way/ })).toHaveCount(0);
    expect((await costLines(page)).slice(-2)).toEqual([
      ['Store credit', `\u2212${amount}`],
      ['To pay now', 'R0'],
    ]);

    const pay = payment.getByRole('button', { name: `Pay ${amount} with my credit` });
    await pay.click();
    const question = page.getByRole('dialog', { name: `Pay ${amount} of your store credit for order ${orderId}?` });
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);
    expect((await orderOf(request, signedIn.tokens, orderId)).order.status).toBe('processing');

    await pay.click();
    await question.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Your Payment was a Success!' })).toBeVisible();
    const { order } = await orderOf(request, signedIn.tokens, orderId);
    expect(order.status).toBe('paid');
    expect(Number(order.checkout?.credit_used)).toBe(total);
    expect(Number(order.checkout?.paid_now)).toBe(0);
    expect(await balanceOf(request, signedIn.tokens)).toBe((500_000 - centsOf(total)) / 100);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${siteOrigin}/my-orders-history/`);

    await page.goto(`/my-invoice/${orderId}/`);
    await expect(page.getByRole('heading', { level: 2, name: 'Tax Invoice' })).toBeVisible();
    expect((await costLines(page)).slice(-2)).toEqual([
      ['Total', amount],
      ['Credit used', amount],
    ]);
  });

  test('another tab spends the credit meanwhile: refused with the message, nothing charged, the credit read again and the box still ticked', async ({
    page,
    request,
    signedIn,
  }) => {
    const { orderId } = await orderFor(request, signedIn.tokens);
    await issueQuote(request, orderId);
    const { total } = await orderOf(request, signedIn.tokens, orderId);
    const granted = centsOf(total) + 2_000;
    await credit(request, signedIn.email, granted / 100);

    await page.goto(`/quote-payment/${orderId}/`);
    await page.getByRole('checkbox', { name: `Use my credit (${rand(granted)})` }).check();
    const payment = page.getByRole('region', { name: 'Payment' });
    await payment.getByRole('button', { name: `Pay ${rand(centsOf(total))} with my credit` }).click();

    // Meanwhile another tab has R50 of it paid to a bank.
    await callApi(request, signedIn.tokens, 'POST', '/credit/withdrawals', {
      withdrawal: { account_holder: 'L Mokoena', bank: 'Capitec', account_number: '1234565678', account_type: 'savings', amount: '50', current_password: signedIn.password },
    });
    const left = granted - 5_000;

    await page.getByRole('dialog', { name: /of your store credit for order/ }).getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(payment.getByRole('alert')).toHaveText('Your credit no longer covers this total: pay the rest by card or another way');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await orderOf(request, signedIn.tokens, orderId)).order.status).toBe('processing');
    expect(await balanceOf(request, signedIn.tokens)).toBe(left / 100);

    // The credit is read again: the new balance, the choice kept, the rest to pay by card or another way.
    await expect(page.getByRole('checkbox', { name: `Use my credit (${rand(left)})` })).toBeChecked();
    expect((await costLines(page)).slice(-2)).toEqual([
      ['Store credit', `\u2212${rand(left)}`],
      ['To pay now', rand(centsOf(total) - left)],
    ]);
    await expect(payment.getByRole('group', { name: 'Pay with a saved card' })).toBeVisible();
    await expect(payment.getByRole('button', { name: /Pay another way/ })).toBeEnabled();
  });

  test('a quote without credit has no box: today’s quote and payment', async ({ page, request, signedIn }) => {
    const { orderId } = await orderFor(request, signedIn.tokens);
    await issueQuote(request, orderId);
    await page.goto(`/quote-payment/${orderId}/`);
    await expect(page.getByRole('button', { name: 'Make Payment' }).first()).toBeAttached();
    await expect(page.getByRole('checkbox', { name: /Use my credit/ })).toHaveCount(0);
    expect((await costLines(page)).map(([term]) => term)).toEqual(['Freight, customs and duties', 'Facilitation fee', 'Sub-total', 'VAT', 'Total']);
  });
});
