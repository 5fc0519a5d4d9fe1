import { choose, createAddress, issueQuote, moveTo, photo, placeOrder, toast } from './account-helpers';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

async function expectProgress(page: Page, orderId: number, percent: number, status: string): Promise<void> {
  await page.goto(`/track-order/?order=${orderId}`);
  await expect(page.getByText(`Order status: ${status}`)).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Order progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', String(percent));
  await expect(bar.locator('.progress__fill')).toHaveAttribute('style', `width: ${percent}%;`);
}

test('a whole order lifecycle: card, quote, payment, every status, return, picked up', { tag: '@envelope' }, async ({ page, request, signedIn }) => {
  test.setTimeout(180_000);
  const addressId = await createAddress(request, signedIn.tokens);
  const orderId = await placeOrder(request, signedIn.tokens, {
    portal: 1,
    addressId,
    products: [
      { name: 'Kindle Paperwhite', quantity: 2 },
      { name: 'Desk Lamp', quantity: 1 },
    ],
  });

  // Add a card through the stand-in PayFast page.
  await page.goto('/add-card/');
  await page.getByLabel('Card name').fill('Lifecycle Visa');
  await page.getByRole('button', { name: 'Continue to PayFast' }).click();
  await expect(page.getByRole('heading', { name: 'PayFast (sandbox)' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(toast(page, 'New card added')).toBeVisible();
  await expect(page).toHaveURL(/\/my-details\/$/);
  await expect(page.getByText('Lifecycle Visa')).toBeVisible();

  // Placed: no quote yet.
  await expectProgress(page, orderId, 14, 'placed');
  await page.goto('/my-orders-history/');
  const card = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(card.getByText('Order is placed')).toBeVisible();
  await expect(card.getByText('Awaiting quote')).toBeVisible();

  // The operator issues the quote.
  await issueQuote(request, orderId);
  await expectProgress(page, orderId, 29, 'processing');
  await page.goto('/my-orders-history/');
  await card.getByRole('link', { name: `Quote for order ${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/quote-payment/${orderId}/$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Quote and Payment' })).toBeVisible();
  await expect(page.getByText('Freight, customs and duties')).toBeVisible();
  await expect(page.getByText('Facilitation fee')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Query Order' })).toHaveAttribute('href', `/contact-us/?title=Order+${orderId}+-+Amazon`);
  const total = page.locator('.cost-summary__total dd');
  const fullTotal = await total.innerText();
  expect(fullTotal).toMatch(/^R[\d\s\u00a0]+[,.]\d{2}$/);

  // Delete a product, then undo it: the quote follows.
  await page.getByRole('button', { name: 'Delete Desk Lamp' }).click();
  await expect(page.getByRole('row', { name: /Desk Lamp/ })).toHaveCount(0);
  await expect(total).not.toHaveText(fullTotal);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('row', { name: /Desk Lamp/ })).toBeVisible();
  await expect(total).toHaveText(fullTotal);

  // Change the shipping address.
  await createAddress(request, signedIn.tokens, 'Office');
  await page.reload();
  await choose(page, 'Change shipping address', 'Office');
  await page.getByRole('button', { name: 'Change Address' }).click();
  await expect(toast(page, 'Shipping address updated')).toBeVisible();

  // Pay: a card must be chosen first.
  await page.getByRole('button', { name: 'Make Payment' }).click();
  await expect(page.getByText('Must select a card')).toBeVisible();
  await page.getByRole('radio', { name: 'Lifecycle Visa' }).check();
  await page.getByRole('button', { name: 'Make Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your Payment was a Success!' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeFocused();
  // Escape closes the dialog as Continue does (the redirect payment test presses Continue).
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/my-orders-history\/$/);
  await expect(card.getByRole('link', { name: `Invoice for order ${orderId}` })).toBeVisible();

  // The operator moves the order through every step.
  await expectProgress(page, orderId, 43, 'Order Paid');
  for (const [status, percent] of [
    ['goods purchased', 57],
    ['in transit', 71],
    ['arrived in SA', 86],
    ['delivered', 100],
  ] as const) {
    await moveTo(request, orderId, status);
    await expectProgress(page, orderId, percent, status);
  }

  // The invoice of the finalized order.
  await page.goto('/my-orders-history/');
  await card.getByRole('link', { name: `Invoice for order ${orderId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order No. ${orderId}` })).toBeVisible();
  await expect(page.getByRole('row', { name: /Kindle Paperwhite/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Desk Lamp' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/my-orders-history\/$/);

  // Schedule a return of the delivered order.
  await page.goto('/my-returns/');
  await expect(page.getByText('No Pending Returns')).toBeVisible();
  await expect(page.getByText('No Returns History')).toBeVisible();
  await choose(page, 'Portal', 'Amazon');
  await choose(page, 'Order', `Order ${orderId} - Amazon`);
  await choose(page, 'Item', 'Kindle Paperwhite');
  await page.getByLabel('Quantity').fill('1');
  await page.getByLabel('Reason').fill('Screen flickers');
  await page.getByLabel('Photo of the item').setInputFiles(photo);
  await page.getByRole('button', { name: 'Schedule Return' }).click();
  await expect(toast(page, 'Refund Created')).toBeVisible();
  const pending = page.getByRole('region', { name: 'Returns Pending' });
  await expect(pending.getByText('Screen flickers')).toBeVisible();

  // The courier picks it up.
  await pending.getByRole('button', { name: /Mark as Picked Up/ }).click();
  await expect(toast(page, 'Order marked as picked up')).toBeVisible();
  await expect(pending.getByText('No Pending Returns')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Return History' }).getByText('Screen flickers')).toBeVisible();
});
