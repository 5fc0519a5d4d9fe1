import type { Locator, Page } from '@playwright/test';
import { createAddress, issueQuote, moveTo, placeOrder } from './account-helpers';
import { expect, test } from './fixtures';
import { returningOrder } from './resilience-kit';

const STEPS = ['Order Placed', 'Processing Order', 'Order Paid', 'Goods Purchased', 'In Transit', 'Arrived in SA', 'Delivered'];
/** --brand and --danger of the site's palette, as computed styles read them. */
const BLUE = 'rgb(11, 79, 138)';
const RED = 'rgb(180, 35, 24)';

/** The bar's track, its fill and its step labels on the track-order page of one order. */
async function progressOf(page: Page, orderId: number): Promise<{ bar: Locator; fill: Locator; steps: Locator }> {
  await page.goto(`/track-order/?order=${orderId}`);
  const panel = page.getByRole('region', { name: new RegExp(`^Order ${orderId} - `) });
  const bar = panel.getByRole('progressbar', { name: 'Order progress' });
  await expect(bar).toBeVisible();
  return { bar, fill: bar.locator('div'), steps: panel.getByRole('listitem') };
}

/** The fill's width as a share of the track's, in percent. */
async function fillShare(bar: Locator, fill: Locator): Promise<number> {
  const [track, filled] = [await bar.boundingBox(), await fill.boundingBox()];
  return Math.round(((filled?.width ?? 0) / (track?.width ?? 1)) * 100);
}

test.describe('track order progress bar', () => {
  test('the bar is 5 px high and fills blue up to the reached step', async ({ page, request, signedIn }) => {
    const addressId = await createAddress(request, signedIn.tokens);
    const orderId = await placeOrder(request, signedIn.tokens, { addressId });
    await issueQuote(request, orderId);
    await moveTo(request, orderId, 'in transit');

    const { bar, fill, steps } = await progressOf(page, orderId);
    await expect(page.getByText('Order status: in transit')).toBeVisible();
    await expect(bar).toHaveCSS('height', '5px');
    await expect(bar).toHaveAttribute('aria-valuenow', '71');
    expect(await fillShare(bar, fill)).toBe(71);
    await expect(fill).toHaveCSS('background-color', BLUE);
    await expect(steps).toHaveText(STEPS);
    await expect(steps.nth(4)).toHaveCSS('font-weight', '700');
    await expect(steps.nth(5)).toHaveCSS('font-weight', '400');
  });

  test('an order with status return shows every step, and the bar full and red', async ({ page, request, signedIn }) => {
    const returnId = await returningOrder(request, signedIn.tokens);
    await moveTo(request, returnId, 'return');

    const { bar, fill, steps } = await progressOf(page, returnId);
    await expect(page.getByText('Order status: return')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue(new RegExp(`^Order ${returnId} - .* \\(return\\)$`));
    await expect(bar).toHaveCSS('height', '5px');
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(bar).toHaveAttribute('aria-valuetext', 'Returned: every step');
    expect(await fillShare(bar, fill)).toBe(100);
    await expect(fill).toHaveCSS('background-color', RED);
    await expect(steps).toHaveText(STEPS);
    for (let i = 0; i < STEPS.length; i += 1) {
      await expect(steps.nth(i)).toBeVisible();
      await expect(steps.nth(i)).toHaveCSS('color', RED);
    }
  });
});
