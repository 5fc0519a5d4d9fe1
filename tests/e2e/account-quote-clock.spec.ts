import type { Page } from '@playwright/test';
import { apiBody, expect, test } from './fixtures';
import { createAddress, issueQuote, placeOrder } from './account-helpers';
import { quotedOrderWithCard } from './resilience-kit';

const quoteRegion = (page: Page, orderId: number) => page.getByRole('region', { name: new RegExp(`^Order ${orderId} - `) }).first();

test.describe('the quote clock', () => {
  test('a quote issued 47 hours ago shows until when it is valid and about an hour left, on the quote page and the order card', async ({ page, request, signedIn }) => {
    const addressId = await createAddress(request, signedIn.tokens);
    const orderId = await placeOrder(request, signedIn.tokens, { addressId });
    await issueQuote(request, orderId, 47);

    await page.goto(`/quote-payment/${orderId}/`);
    const clock = quoteRegion(page, orderId).getByText(/^Valid until /);
    await expect(clock).toBeVisible();
    await expect(clock).toHaveText(/^Valid until \d{1,2} [A-Z][a-z]{2} \d{4},? \d{2}:\d{2} \((59 minutes|1 hour \d+ minutes?) left\)$/);
    await expect(page.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
    await expect(page.getByText('This quote has expired.')).toHaveCount(0);

    await page.goto('/my-orders-history/');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: `Quote for order ${orderId}` }) });
    await expect(card.getByText(/^Valid until .*left\)$/)).toBeVisible();
  });

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

  test('a quote without a time (an older server) shows neither and pays as before', async ({ page, request, signedIn }) => {
    const orderId = await quotedOrderWithCard(request, signedIn.tokens, 'Clock Visa');
    // Strip the time from every answer that carries the quote, as a server that does not send it would.
    const strip = (quote: unknown) => {
      if (quote && typeof quote === 'object') {
        delete (quote as Record<string, unknown>).quoted_at;
        delete (quote as Record<string, unknown>).created_at;
      }
    };
    await page.route(new RegExp(`/api/web/v1/orders/${orderId}(/cost_summary)?$`), async (route) => {
      try {
        const response = await route.fetch();
        const body = await apiBody<Record<string, unknown>>(response);
        if (route.request().url().endsWith('/cost_summary')) strip(body);
        else strip(body.quote);
        await route.fulfill({ response, json: body });
      } catch {
        // A request the page dropped while it was on its way (a reload of the same order) needs no answer.
        await route.fallback().catch(() => undefined);
      }
    });
    await page.goto(`/quote-payment/${orderId}/`);
    await expect(page.getByRole('region', { name: 'Cost summary' })).toBeVisible();
    await expect(page.getByText(/^Valid until /)).toHaveCount(0);
    await expect(page.getByText('This quote has expired.')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Clock Visa' }).check();
    await page.getByRole('button', { name: 'Make Payment' }).click();
    await expect(page.getByRole('dialog', { name: 'Your Payment was a Success!' })).toBeVisible();
  });
});
