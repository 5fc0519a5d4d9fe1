import { callApi, choose, createAddress, issueQuote, placeOrder, toast } from './account-helpers';
import { expect, test } from './fixtures';

test.describe('quote and payment', () => {
  test('the cost summary names each part of the quote, with amounts in rand', { tag: '@envelope' }, async ({ page, request, signedIn }) => {
    const addressId = await createAddress(request, signedIn.tokens);
    const orderId = await placeOrder(request, signedIn.tokens, {
      addressId,
      products: [
        { name: 'Kindle Paperwhite', quantity: 2 },
        { name: 'Kindle cover', quantity: 1 },
      ],
    });
    // Per item: cost 250 and 90, customs 20, delivery 30; fee R185. Freight, customs and duties
    // (20 + 30) x 3 = 150; sub-total 250 x 2 + 90 + 150 + 185 = 925; VAT 15 % = 138.75; total 1063.75.
    await issueQuote(request, orderId);

    await page.goto(`/quote-payment/${orderId}/`);
    const costs = page.getByRole('region', { name: `Order ${orderId} - Amazon` }).getByRole('region', { name: 'Cost summary' });
    await expect(costs.getByRole('term')).toHaveText(['Freight, customs and duties', 'Facilitation fee', 'Sub-total', 'VAT', 'Total']);
    await expect(costs.getByRole('definition')).toHaveText(['R150,00', 'R185,00', 'R925,00', 'R138,75', /^R1[\s\u00a0]063,75$/]);
  });

  test('delete is offered while two products are left and hidden for the last one', async ({ page, request, signedIn }) => {
    const addressId = await createAddress(request, signedIn.tokens);
    const orderId = await placeOrder(request, signedIn.tokens, {
      addressId,
      products: [
        { name: 'Kindle Paperwhite', quantity: 1 },
        { name: 'Kindle cover', quantity: 1 },
      ],
    });
    await issueQuote(request, orderId);

    await page.goto(`/quote-payment/${orderId}/`);
    const table = page.getByRole('table', { name: `Products of Order ${orderId} - Amazon` });
    await expect(table.getByRole('button', { name: /^Delete / })).toHaveCount(2);
    await table.getByRole('button', { name: 'Delete Kindle cover' }).click();
    await expect(toast(page, 'Kindle cover removed')).toBeVisible();
    await expect(table.getByRole('row', { name: /Kindle cover/ })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /Kindle Paperwhite/ })).toBeVisible();
    await expect(table.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);

    await page.reload();
    await expect(table.getByRole('row', { name: /Kindle Paperwhite/ })).toBeVisible();
    await expect(table.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  });

  test('a changed shipping address is saved: a reload shows the new one', async ({ page, request, signedIn }) => {
    const addressId = await createAddress(request, signedIn.tokens, 'Home');
    const office = await callApi<{ id: number }>(request, signedIn.tokens, 'POST', '/addresses', {
      address: { name: 'Office', address: '9 Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' },
    });
    const orderId = await placeOrder(request, signedIn.tokens, { addressId });
    await issueQuote(request, orderId);

    await page.goto(`/quote-payment/${orderId}/`);
    const shipping = page.getByRole('region', { name: 'Shipping Address' });
    await expect(shipping.getByText('14 Jan Smuts Avenue, Johannesburg, Gauteng, 2193', { exact: true })).toBeVisible();
    await choose(page, 'Change shipping address', 'Office');
    await shipping.getByRole('button', { name: 'Change Address' }).click();
    await expect(toast(page, 'Shipping address updated')).toBeVisible();
    await expect(shipping.getByText('9 Long Street, Cape Town, Western Cape, 8001', { exact: true })).toBeVisible();

    await page.reload();
    await expect(shipping.getByText('9 Long Street, Cape Town, Western Cape, 8001', { exact: true })).toBeVisible();
    await expect(shipping.getByText('14 Jan Smuts Avenue', { exact: false })).toHaveCount(0);
    const order = await callApi<{ address: { id: number } }>(request, signedIn.tokens, 'GET', `/orders/${orderId}`);
    expect(order.address.id).toBe(office.id);
  });
});
