import { toast } from './account-helpers';
import { expect, test } from './fixtures';

// Faults go through page.route, not the sandbox switches: those are global and other tests run alongside.
test.describe('server errors on account pages', () => {
  test.use({ account: 'demo' });

  test('a list that fails to load shows the server message and Retry loads it', async ({ page, signedIn }) => {
    expect(signedIn.email).toBe('shopper@example.com');
    let fail = true;
    await page.route('**/api/web/v1/orders?*', (route) =>
      fail ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service is down for maintenance"}' }) : route.continue(),
    );
    await page.goto('/my-orders-history/');
    await expect(page.getByRole('alert')).toContainText('Service is down for maintenance');
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('region', { name: /^Pending/ }).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('no response at all reads Server is probably offline', async ({ page, signedIn }) => {
    expect(signedIn.email).toBe('shopper@example.com');
    await page.route('**/api/web/v1/orders?*', (route) => route.abort('connectionrefused'));
    await page.goto('/track-order/');
    await expect(page.getByRole('alert')).toContainText('Server is probably offline');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test("a failed payment says 'Failed to initiate payment with PayFast' and keeps the chosen card", async ({ page, signedIn }) => {
    expect(signedIn.email).toBe('shopper@example.com');
    await page.goto('/my-orders-history/');
    await page.getByRole('link', { name: /^Quote for order/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quote and Payment' })).toBeVisible();
    await page.getByRole('radio', { name: 'Personal Visa' }).check();
    await page.route('**/create_card_payment', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Gateway down"}' }));
    await page.getByRole('button', { name: 'Make Payment' }).click();
    await expect(toast(page, 'Failed to initiate payment with PayFast')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Personal Visa' })).toBeChecked();
  });

  test('Cancel Order goes back to where the shopper came from', async ({ page, signedIn }) => {
    expect(signedIn.email).toBe('shopper@example.com');
    await page.goto('/my-orders-history/');
    await page.getByRole('link', { name: /^Quote for order/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quote and Payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    await expect(page).toHaveURL(/\/my-orders-history\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  });
});
