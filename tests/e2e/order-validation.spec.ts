import { expect, test } from './fixtures';
import { addAddressFor, noisyPng, productBlock } from './files/order-kit';

test.describe('order form validation', () => {
  test('every order field message shows on blur, not on change', async ({ page, request, signedIn }) => {
    await addAddressFor(request, signedIn.tokens);
    await page.goto('/upload-orders/');
    const block = productBlock(page, 'Product 1');

    const portal = page.getByLabel('Portal', { exact: true });
    await portal.focus();
    await portal.blur();
    await expect(page.getByText('Must select a Portal')).toBeVisible();
    await expect(portal).toHaveAttribute('aria-invalid', 'true');
    await expect(portal).toHaveAccessibleDescription(/Must select a Portal/);

    const url = block.getByLabel('Product page URL');
    await url.fill('shop.example/item');
    await expect(page.getByText('Must be a valid URL')).toHaveCount(0);
    await url.blur();
    await expect(block.getByText('Must be a valid URL')).toBeVisible();
    await expect(url).toHaveAccessibleDescription(/Must be a valid URL/);
    await url.fill('https://shop.example/item');
    await url.blur();
    await expect(block.getByText('Must be a valid URL')).toHaveCount(0);

    const quantity = block.getByLabel('Quantity');
    await quantity.fill('0');
    await quantity.blur();
    await expect(block.getByText('Must have at least 1')).toBeVisible();
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');

    const file = block.getByLabel('Screenshot', { exact: true });
    await file.focus();
    await file.blur();
    await expect(block.getByText('Image is required.')).toBeVisible();

    const address = page.getByLabel('Delivery address', { exact: true });
    await address.focus();
    await address.blur();
    await expect(page.getByText('Address required')).toBeVisible();
  });

  test('portal, quantity and screenshot validate on blur, not on change', async ({ page }) => {
    await page.goto('/upload-orders/');
    const block = productBlock(page, 'Product 1');

    // Portal: typing a search (past the 500 ms debounce) and closing the menu is no blur.
    const portal = page.getByRole('combobox', { name: 'Portal' });
    await portal.click();
    await portal.fill('Nik');
    await expect(page.getByRole('option', { name: 'Nike', exact: true })).toBeVisible();
    await portal.press('Escape');
    await expect(portal).toBeFocused();
    await expect(page.getByText('Must select a Portal')).toHaveCount(0);
    await expect(portal).not.toHaveAttribute('aria-invalid', 'true');
    await portal.blur();
    await expect(page.getByText('Must select a Portal')).toBeVisible();
    // A choice mends a field that already showed its error; the closed menu forgot the old search.
    await portal.click();
    await expect(page.getByRole('option', { name: 'Adidas', exact: true })).toBeVisible();
    await portal.fill('Nike');
    await page.getByRole('option', { name: 'Nike', exact: true }).click();
    await expect(page.getByText('Must select a Portal')).toHaveCount(0);

    // Quantity: neither the bad value nor the fix shows or clears the message before the blur.
    const quantity = block.getByLabel('Quantity');
    await quantity.fill('0');
    await expect(block.getByText('Must have at least 1')).toHaveCount(0);
    await quantity.blur();
    await expect(block.getByText('Must have at least 1')).toBeVisible();
    await quantity.fill('3');
    await expect(block.getByText('Must have at least 1')).toBeVisible();
    await quantity.blur();
    await expect(block.getByText('Must have at least 1')).toHaveCount(0);

    // Screenshot: choosing and then removing a file is a change, not a blur.
    const file = block.getByLabel('Screenshot', { exact: true });
    await file.setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: noisyPng(400, 400, { seed: 61 }) });
    await expect(block.getByRole('button', { name: 'Crop Image' })).toBeVisible();
    await file.setInputFiles([]);
    await expect(block.getByRole('button', { name: 'Crop Image' })).toHaveCount(0);
    await expect(block.getByText('Image is required.')).toHaveCount(0);
    await file.focus();
    await file.blur();
    await expect(block.getByText('Image is required.')).toBeVisible();
    await expect(file).toHaveAttribute('aria-invalid', 'true');
  });

  // Bad screenshot files (a GIF, under 50KB, over 10MB, text named .png) and their messages, aria-invalid and no Crop
  // Image: tests/unit/order-screenshot-problems.test.tsx through the field, order-image.test.ts for the checks.
  test('the add-address form needs all five fields and shows the server detail on the street', async ({ page, signedIn }) => {
    void signedIn;
    await page.goto('/upload-orders/');
    await page.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByText('Required', { exact: true })).toHaveCount(5);
    for (const label of ['Location name', 'Street address', 'Town or city', 'Province', 'Postal code']) {
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    }

    await page.route('**/api/web/v1/addresses', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 422, json: { error: 'Postal code is invalid', errors: { detail: 'Postal code is invalid' } } })
        : route.continue(),
    );
    await page.getByLabel('Location name').fill('Office');
    await page.getByLabel('Street address').fill('1 Loop Street');
    await page.getByLabel('Town or city').fill('Cape Town');
    await page.getByLabel('Province').fill('Western Cape');
    await page.getByLabel('Postal code').fill('ABC');
    await page.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Postal code is invalid' })).toBeVisible();
    const street = page.getByLabel('Street address');
    await expect(street).toHaveAttribute('aria-invalid', 'true');
    await expect(street).toHaveAccessibleDescription('Postal code is invalid');
  });
});
