import { choose, createAddress, issueQuote, moveTo, photo, placeOrder, toast } from './account-helpers';
import { expect, test } from './fixtures';

test.describe('returns', () => {
  test('the schedule-return form says what is missing, field by field', async ({ page, request, signedIn }) => {
    const addressId = await createAddress(request, signedIn.tokens);
    const delivered = await placeOrder(request, signedIn.tokens, { addressId, portal: 3, products: [{ name: 'Running shoes', quantity: 2 }] });
    await issueQuote(request, delivered);
    await moveTo(request, delivered, 'delivered');

    await page.goto('/my-returns/');
    await expect(page.getByText('No Pending Returns')).toBeVisible();
    await expect(page.getByText('No Returns History')).toBeVisible();
    await page.getByLabel('Quantity').fill('0');
    await page.getByLabel('Quantity').press('Tab');
    await expect(page.getByText('Must have at least 1')).toBeVisible();
    await page.getByRole('button', { name: 'Schedule Return' }).click();
    for (const message of ['Portal is required', 'Order is required', 'Item is required', 'Must have at least 1', 'Image is required.']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('combobox', { name: 'Portal' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Quantity')).toHaveAttribute('aria-describedby', 'return-totalItems-error');

    await page.getByLabel('Photo of the item').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: photo.buffer.subarray(0, 2000) });
    await expect(page.getByText('Min file size is 50KB.')).toBeVisible();
    await page.getByLabel('Photo of the item').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.alloc(60_000, 65) });
    await expect(page.getByText('.jpg, .jpeg, .png and .webp files are accepted.')).toBeVisible();

    // Only delivered orders of the chosen shop are offered.
    await choose(page, 'Portal', 'Nike');
    await choose(page, 'Order', `Order ${delivered} - Nike`);
    await choose(page, 'Item', 'Running shoes');
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Photo of the item').setInputFiles(photo);
    await page.getByRole('button', { name: 'Schedule Return' }).click();
    await expect(toast(page, 'Refund Created')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Returns Pending' }).getByRole('article')).toHaveCount(1);
  });

  test('only delivered orders of the chosen shop are offered', { tag: '@envelope' }, async ({ page, request, signedIn }) => {
    const addressId = await createAddress(request, signedIn.tokens);
    const order = async (portal: number, status: string) => {
      const id = await placeOrder(request, signedIn.tokens, { addressId, portal });
      if (status !== 'placed') await moveTo(request, id, status);
      return id;
    };
    const nikeDelivered = await order(3, 'delivered');
    const nikeInTransit = await order(3, 'in transit');
    const nikePlaced = await order(3, 'placed');
    const amazonDelivered = await order(1, 'delivered');

    await page.goto('/my-returns/');
    const offered = page.getByRole('listbox').getByRole('option');
    // The Portal choice lists the shops this shopper has orders with (GET /portals/portals_with_orders), not every shop.
    await page.getByRole('combobox', { name: 'Portal' }).click();
    await expect(offered).toHaveText([/^Amazon/, /^Nike/]);
    await page.keyboard.press('Escape');
    await choose(page, 'Portal', 'Nike');
    await page.getByRole('combobox', { name: 'Order' }).click();
    await expect(offered).toHaveText([new RegExp(`^Order ${nikeDelivered} - Nike \\(delivered `)]);
    for (const id of [nikeInTransit, nikePlaced, amazonDelivered]) await expect(page.getByRole('option', { name: `Order ${id} ` })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await choose(page, 'Portal', 'Amazon');
    await page.getByRole('combobox', { name: 'Order' }).click();
    await expect(offered).toHaveText([new RegExp(`^Order ${amazonDelivered} - Amazon \\(delivered `)]);
  });
});

test.describe('returns of the demo shopper', () => {
  test.use({ account: 'demo' });

  test("a failed pick-up shows 'Order failed to be marked as picked up' and keeps the return pending", async ({ page, signedIn }) => {
    expect(signedIn.email).toBe('shopper@example.com');
    await page.route('**/complete_return_order', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Boom"}' }));
    await page.goto('/my-returns/');
    const pending = page.getByRole('region', { name: 'Returns Pending' });
    await expect(pending.getByText('Left ear cup crackles')).toBeVisible();
    await pending.getByRole('button', { name: /Mark as Picked Up/ }).click();
    await expect(toast(page, 'Order failed to be marked as picked up')).toBeVisible();
    await expect(pending.getByText('Left ear cup crackles')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Return History' }).getByText('Wrong size')).toBeVisible();
  });
});
