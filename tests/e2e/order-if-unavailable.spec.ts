import { axeViolations } from './axe-kit';
import { expect, sandbox, test } from './fixtures';
import { addAddressFor, choose, fillProduct, productBlock, screenshot } from './files/order-kit';
import { offPageElements, smallTargets } from './phone-kit';

const NEEDS_ALTERNATIVE = 'Say which size or colour to buy instead, or choose another rule';

interface RawOrder {
  products: { name: string; if_unavailable: string | null; alternative: string | null }[];
}

test.describe('"If unavailable" on the order form', () => {
  test('each product says what to do if it is sold out: kept in the draft, checked, and sent with the order', async ({ page, request, signedIn }) => {
    test.setTimeout(120_000);
    await addAddressFor(request, signedIn.tokens, 'Home');
    await page.goto('/upload-orders/');
    await choose(page, 'Portal', 'Amazon');
    const first = productBlock(page, 'Product 1');
    await expect(first.getByLabel('If unavailable')).toHaveValue('ask_me');
    await expect(first.getByLabel('If unavailable').getByRole('option')).toHaveText(['Ask me', 'Buy the alternative', 'Cancel this item']);
    await fillProduct(first, { url: 'https://www.amazon.com/dp/B0BOOTS', comment: 'UK 7', upload: screenshot(51) });
    await first.getByLabel('If unavailable').selectOption({ label: 'Buy the alternative' });
    await page.getByRole('button', { name: 'Add Items' }).click();
    const second = productBlock(page, 'Product 2');
    await fillProduct(second, { url: 'https://www.amazon.com/dp/B0SOCKS', upload: screenshot(52) });
    await second.getByLabel('If unavailable').selectOption({ label: 'Cancel this item' });
    await choose(page, 'Delivery address', 'Home');
    await page.getByLabel('I agree to the terms and conditions').check();

    // Buy the alternative without one: said on the alternative's field, and nothing is sent.
    await page.getByRole('button', { name: 'Place Order' }).click();
    const alternative = first.getByLabel('Alternative (size, colour)');
    await expect(first.getByText(NEEDS_ALTERNATIVE)).toBeVisible();
    await expect(alternative).toHaveAttribute('aria-invalid', 'true');
    await expect(alternative).toHaveAccessibleDescription(new RegExp(NEEDS_ALTERNATIVE));
    await expect(first.getByLabel('If unavailable')).toHaveValue('buy_alternative');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
    }
    for (const width of [320, 412]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await page.evaluate(offPageElements), `the page scrolls sideways at ${width} px`).toBeNull();
      expect(await page.evaluate(smallTargets), `small targets at ${width} px`).toEqual([]);
    }

    await alternative.fill('UK 7.5');
    await alternative.blur();
    await expect(first.getByText(NEEDS_ALTERNATIVE)).toHaveCount(0);

    // The draft keeps the choices across a reload.
    await page.reload();
    await expect(productBlock(page, 'Product 1').getByLabel('If unavailable')).toHaveValue('buy_alternative');
    await expect(productBlock(page, 'Product 1').getByLabel('Alternative (size, colour)')).toHaveValue('UK 7.5');
    await expect(productBlock(page, 'Product 2').getByLabel('If unavailable')).toHaveValue('cancel_item');
    await expect(productBlock(page, 'Product 2').getByLabel('Alternative (size, colour)')).toHaveValue('');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order-uploaded\/(\d+)\/$/, { timeout: 30_000 });
    const id = Number(/\/order-uploaded\/(\d+)\//.exec(page.url())?.[1]);
    const order = await sandbox<RawOrder>(request, 'GET', `/orders/${id}`);
    expect(order.products.map(({ name, if_unavailable, alternative }) => ({ name, if_unavailable, alternative }))).toEqual([
      { name: 'Product 1', if_unavailable: 'buy_alternative', alternative: 'UK 7.5' },
      { name: 'Product 2', if_unavailable: 'cancel_item', alternative: null },
    ]);
  });

  test("the service's field errors land on that product's If unavailable and Alternative, and the choices stay", async ({ page, request, signedIn }) => {
    test.setTimeout(90_000);
    await addAddressFor(request, signedIn.tokens, 'Home');
    await page.route('**/api/web/v1/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      return route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Alternative is too long',
          errors: { 'products[0].if_unavailable': ['must be buy_alternative, cancel_item or ask_me'], 'products[0].alternative': ['is too long (maximum is 255 characters)'] },
        }),
      });
    });
    await page.goto('/upload-orders/');
    await choose(page, 'Portal', 'Amazon');
    const block = productBlock(page, 'Product 1');
    await fillProduct(block, { url: 'https://www.amazon.com/dp/B0JACKET', upload: screenshot(53) });
    await block.getByLabel('If unavailable').selectOption('ask_me');
    await block.getByLabel('Alternative (size, colour)').fill('Navy, size M');
    await choose(page, 'Delivery address', 'Home');
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Place Order' }).click();

    await expect(block.getByLabel('If unavailable')).toHaveAccessibleDescription(/must be buy_alternative, cancel_item or ask_me/);
    await expect(block.getByLabel('If unavailable')).toHaveAttribute('aria-invalid', 'true');
    await expect(block.getByLabel('Alternative (size, colour)')).toHaveAccessibleDescription(/is too long \(maximum is 255 characters\)/);
    await expect(block.getByLabel('If unavailable')).toHaveValue('ask_me');
    await expect(block.getByLabel('Alternative (size, colour)')).toHaveValue('Navy, size M');
    await expect(page).toHaveURL(/\/upload-orders\/$/);
  });
});
