import { expect, test } from './fixtures';
import { productBlock } from './files/order-kit';

test.describe('order draft guards', () => {
  test('leaving with an unsent draft asks first: beforeunload on reload, a confirm on in-app links', async ({ page, signedIn }) => {
    void signedIn;
    await page.goto('/upload-orders/');
    await productBlock(page, 'Product 1').getByLabel('Product page URL').fill('https://shop.example/keep');
    // The form asks before leaving once React has run the change's effects: the draft saved is the sign that it has
    // (the same effects), where a reload sent at once under load left before the question was set up.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('initial_values') ?? '')).toContain('shop.example/keep');

    const reload = new Promise<string>((resolve) => page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }));
    await page.reload();
    expect(await reload).toBe('beforeunload');
    await expect(productBlock(page, 'Product 1').getByLabel('Product page URL')).toHaveValue('https://shop.example/keep');

    // The restored draft counts as unsent too; an in-app link asks, and staying keeps the shopper here.
    await productBlock(page, 'Product 1').getByLabel('Comment').fill('still here');
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => {
      resolve(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    }));
    await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'My Details' }).click();
    expect(await asked).toMatch(/^confirm: Leave the order form\?/);
    await expect(page).toHaveURL(/\/upload-orders\/$/);
    await expect(productBlock(page, 'Product 1').getByLabel('Comment')).toHaveValue('still here');
  });

  test('a storage quota error warns once and the form keeps working', async ({ page }) => {
    await page.addInitScript(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function guarded(key: string, value: string) {
        if (key === 'initial_values') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        setItem.call(this, key, value);
      };
    });
    await page.goto('/upload-orders/');
    const block = productBlock(page, 'Product 1');
    await block.getByLabel('Product page URL').fill('https://shop.example/a');
    await block.getByLabel('Comment').fill('first');
    const warning = page.getByText('Your draft could not be saved on this device.', { exact: false });
    await expect(warning).toHaveCount(1);
    await block.getByLabel('Comment').fill('second change');
    await page.getByRole('button', { name: 'Add Items' }).click();
    await expect(productBlock(page, 'Product 2')).toBeVisible();
    await expect(warning).toHaveCount(1);
    await expect(block.getByLabel('Comment')).toHaveValue('second change');
  });
});
