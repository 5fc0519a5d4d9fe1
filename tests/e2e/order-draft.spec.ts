import { axeViolations } from './axe-kit';
import { DEMO_USER, expect, finishAnimations, test } from './fixtures';
import { addAddressFor, choose, cropScreenshot, fillProduct, productBlock, screenshot } from './files/order-kit';


test.describe('the order draft', () => {
  test('a reload halfway restores everything, screenshots included', async ({ page, request, signedIn }) => {
    test.setTimeout(90_000);
    await addAddressFor(request, signedIn.tokens, 'Home');
    await page.goto('/upload-orders/');
    await choose(page, 'Portal', 'IKEA');
    await fillProduct(productBlock(page, 'Product 1'), { url: 'https://www.ikea.com/p/billy', quantity: 4, comment: 'Birch', upload: screenshot(41) });
    await page.getByRole('button', { name: 'Add Items' }).click();
    await fillProduct(productBlock(page, 'Product 2'), { url: 'https://www.ikea.com/p/lack', upload: screenshot(42) });
    await choose(page, 'Delivery address', 'Home');
    await page.getByLabel('I agree to the terms and conditions').check();
    const before = await productBlock(page, 'Product 2').getByRole('img', { name: 'Cropped screenshot of Product 2' }).evaluate((el) => getComputedStyle(el).backgroundImage);

    await page.reload();
    await expect(page.getByLabel('Portal', { exact: true })).toHaveValue('IKEA');
    const first = productBlock(page, 'Product 1');
    await expect(first.getByLabel('Product page URL')).toHaveValue('https://www.ikea.com/p/billy');
    await expect(first.getByLabel('Quantity')).toHaveValue('4');
    await expect(first.getByLabel('Comment')).toHaveValue('Birch');
    await expect(first.getByRole('img', { name: 'Cropped screenshot of Product 1' })).toBeVisible();
    const second = productBlock(page, 'Product 2');
    await expect(second.getByLabel('Product page URL')).toHaveValue('https://www.ikea.com/p/lack');
    const preview = second.getByRole('img', { name: 'Cropped screenshot of Product 2' });
    await expect(preview).toBeVisible();
    const after = await preview.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(after).toMatch(/^url\("blob:/);
    expect(after).not.toBe(before);
    await expect(page.getByLabel('Delivery address', { exact: true })).toHaveValue('Home');
    await expect(page.getByLabel('I agree to the terms and conditions')).toBeChecked();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  test('delete shows an undo toast that stays and restores the block at its place', async ({ page, signedIn }) => {
    test.setTimeout(60_000);
    void signedIn;
    await page.goto('/upload-orders/');
    await expect(productBlock(page, 'Product 1').getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await productBlock(page, 'Product 1').getByLabel('Product page URL').fill('https://shop.example/one');
    await page.getByRole('button', { name: 'Add Items' }).click();
    await productBlock(page, 'Product 2').getByLabel('Product page URL').fill('https://shop.example/two');
    await productBlock(page, 'Product 2').getByLabel('Comment').fill('keep me');
    await page.getByRole('button', { name: 'Add Items' }).click();
    await productBlock(page, 'Product 3').getByLabel('Product page URL').fill('https://shop.example/three');

    await page.getByRole('button', { name: 'Delete Product 2' }).click();
    await expect(page.getByRole('group', { name: 'Product 2' })).toHaveCount(0);
    const toast = page.getByText('Product 2 deleted');
    await expect(toast).toBeVisible();
    // A timed toast would be gone once its countdown ends; the undo toast stays until it is closed or undone.
    await finishAnimations(page);
    await expect(toast).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('group')).toHaveText([/Product 1/, /Product 2/, /Product 3/]);
    await expect(productBlock(page, 'Product 2').getByLabel('Product page URL')).toHaveValue('https://shop.example/two');
    await expect(productBlock(page, 'Product 2').getByLabel('Comment')).toHaveValue('keep me');
    await expect(toast).toBeHidden();
  });

  test('an undo toast closed without Undo leaves the product deleted, after a reload too', async ({ page }) => {
    await page.goto('/upload-orders/');
    await productBlock(page, 'Product 1').getByLabel('Product page URL').fill('https://shop.example/one');
    await page.getByRole('button', { name: 'Add Items' }).click();
    await productBlock(page, 'Product 2').getByLabel('Product page URL').fill('https://shop.example/two');
    await page.getByRole('button', { name: 'Add Items' }).click();
    await productBlock(page, 'Product 3').getByLabel('Product page URL').fill('https://shop.example/three');

    await page.getByRole('button', { name: 'Delete Product 2' }).click();
    const toast = page.getByText('Product 2 deleted');
    await expect(toast).toBeVisible();
    await page.getByRole('button', { name: 'close' }).click();
    await expect(toast).toBeHidden();
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expect(page.getByRole('group')).toHaveText([/Product 1/, /Product 3/]);
    // The name of a deleted block is not given out again.
    await page.getByRole('button', { name: 'Add Items' }).click();
    await expect(page.getByRole('group')).toHaveText([/Product 1/, /Product 3/, /Product 4/]);

    await page.reload();
    await expect(page.getByRole('group')).toHaveText([/Product 1/, /Product 3/, /Product 4/]);
    await expect(productBlock(page, 'Product 3').getByLabel('Product page URL')).toHaveValue('https://shop.example/three');
    await expect(page.getByText('https://shop.example/two')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('initial_values'))).not.toContain('shop.example/two');
  });

  test('a visitor fills the form, signs in, and keeps everything', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/upload-orders/');
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toHaveAttribute('href', '/login/?next=%2Fupload-orders%2F');
    await expect(page.getByRole('link', { name: 'register' }).first()).toHaveAttribute('href', '/register/');
    await expect(page.getByLabel('Delivery address', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0);
    await choose(page, 'Portal', 'Zara');
    await fillProduct(productBlock(page, 'Product 1'), { url: 'https://www.zara.com/item/1', quantity: 2, comment: 'Black', upload: screenshot(51) });

    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Sign in' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.getByLabel('Email').fill(DEMO_USER.email);
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });

    await expect(page).toHaveURL(/\/upload-orders\/$/);
    await expect(page.getByLabel('Delivery address', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Portal', { exact: true })).toHaveValue('Zara');
    const block = productBlock(page, 'Product 1');
    await expect(block.getByLabel('Product page URL')).toHaveValue('https://www.zara.com/item/1');
    await expect(block.getByLabel('Quantity')).toHaveValue('2');
    await expect(block.getByLabel('Comment')).toHaveValue('Black');
    await expect(block.getByRole('img', { name: 'Cropped screenshot of Product 1' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
  });

  test('the signed-in order form passes axe, with an open select and a crop view', async ({ page, request, signedIn }) => {
    await addAddressFor(request, signedIn.tokens);
    await page.goto('/upload-orders/');
    await expect(page.getByLabel('Portal', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Portal', { exact: true }).click();
    await expect(page.getByRole('option', { name: 'Load more' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await cropScreenshot(productBlock(page, 'Product 1'), screenshot(61));
    await page.getByRole('button', { name: 'Place Order' }).focus();
    expect(await axeViolations(page)).toEqual([]);
  });
});
