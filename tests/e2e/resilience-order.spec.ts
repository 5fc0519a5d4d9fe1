import { sandbox } from './fixtures';
import { addAddressFor, analyticsEvents, choose, fillProduct, productBlock, screenshot, watchAnalytics } from './files/order-kit';
import { expect, retryAll, shown, TAG, test } from './resilience-kit';

test.describe('order form faults beyond its load', () => {
  test(`${TAG} order form: the shops list answering 500 shows the status message, keeps the input and recovers`, async ({ page, signedIn }) => {
    void signedIn;
    let fail = true;
    // The shops list is a public call without a token: no user to scope a sandbox switch to, so it is intercepted.
    await page.route('**/api/web/v1/portals', (route) => (fail ? route.fulfill({ status: 500, body: '' }) : route.fallback()));
    await page.goto('/upload-orders/');
    await expect(shown(page, 'Request failed with status code 500')).toBeVisible();
    const url = productBlock(page, 'Product 1').getByLabel('Product page URL');
    await url.fill('https://shop.example/while-down');
    fail = false;
    await retryAll(page);
    await choose(page, 'Portal', 'ASOS');
    await expect(url).toHaveValue('https://shop.example/while-down');
  });

  test(`${TAG} order form: Place Order answering 500 shows no message (SPEC 8), keeps the draft and goes through once the fault clears`, async ({ page, request, signedIn }) => {
    test.setTimeout(90_000);
    await addAddressFor(request, signedIn.tokens);
    await watchAnalytics(page);
    await page.goto('/upload-orders/');
    await choose(page, 'Portal', 'ASOS');
    const block = productBlock(page, 'Product 1');
    await fillProduct(block, { url: 'https://www.asos.com/p/9', quantity: 3, comment: 'Blue', upload: screenshot(91) });
    await choose(page, 'Delivery address', 'Home');
    await page.getByLabel('I agree to the terms and conditions').check();

    await sandbox(request, 'POST', '/faults', { user: signedIn.email, status: { 'POST ^/api/web/v1/orders$': 500 } });
    const place = page.getByRole('button', { name: 'Place Order' });
    await place.click();
    await expect.poll(async () => (await analyticsEvents(page)).find((e) => e.event === 'order_create_failed')?.props).toEqual({ kind: 'server', status: 500, products: 1 });
    await expect(place).toBeEnabled();
    await expect(page.getByText('Injected fault 500')).toHaveCount(0);
    await expect(block.getByLabel('Product page URL')).toHaveValue('https://www.asos.com/p/9');
    await expect(block.getByLabel('Quantity')).toHaveValue('3');
    await expect(block.getByLabel('Comment')).toHaveValue('Blue');
    await expect(block.getByRole('img', { name: 'Cropped screenshot of Product 1' })).toBeVisible();

    await sandbox(request, 'DELETE', `/faults?user=${encodeURIComponent(signedIn.email)}`);
    await place.click();
    await expect(page).toHaveURL(/\/order-uploaded\/\d+\/$/, { timeout: 30_000 });
    await expect(page.getByText('Order Created')).toBeVisible();
  });
});
