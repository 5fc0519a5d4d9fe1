import { createHash } from 'node:crypto';
import { axeViolations } from './axe-kit';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, sandbox, test } from './fixtures';
import { addAddressFor, choose, fillProduct, noisyPng, ordersOf, productBlock, screenshot, type Upload } from './files/order-kit';


/** A square screenshot of `edge` px; different edges give crops of different sizes, so each upload is recognisable. */
const squareShot = (seed: number, edge: number): Upload => ({ name: `shot-${seed}.png`, mimeType: 'image/png', buffer: noisyPng(edge, edge, { seed }) });

/** The image type read from a file's first bytes (never its name). */
function magicType(bytes: Buffer): string {
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return 'unknown';
}

/** The bytes of an upload the sandbox stored, through its signed link. */
async function storedUpload(request: APIRequestContext, link: string): Promise<Buffer> {
  const response = await request.get(link);
  expect(response.ok()).toBe(true);
  return response.body();
}

/** Width and height of an image, decoded by the browser. */
function decodedSize(page: Page, bytes: Buffer): Promise<{ width: number; height: number }> {
  return page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const { width, height } = await createImageBitmap(new Blob([data]));
    return { width, height };
  }, bytes.toString('base64'));
}

interface RawOrder {
  id: number;
  portal_id: number;
  address_id: number;
  order_type: string;
  status: string;
  products: { name: string; description: string; quantity: number; comment: string; screenshot_url: string; screenshot_bytes: number }[];
}

test.describe('placing an order', () => {
  test('a three-product order with cropped screenshots is placed and stored', { tag: '@envelope' }, async ({ page, request, signedIn }) => {
    test.setTimeout(120_000);
    void signedIn;
    await page.goto('/upload-orders/');
    await expect(page.getByRole('heading', { level: 1, name: 'Order Form' })).toBeVisible();
    await choose(page, 'Portal', 'Nike');
    const terms = page.getByRole('link', { name: /Nike terms and conditions/ });
    await expect(terms).toHaveAttribute('href', 'https://www.nike.com/terms');
    await expect(terms).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(terms).toHaveAttribute('target', '_blank');
    await expect(page.getByText('One retailer per order')).toBeVisible();

    const sources = [squareShot(11, 800), squareShot(12, 720), squareShot(13, 640)];
    await fillProduct(productBlock(page, 'Product 1'), { url: 'https://www.nike.com/t/air-zoom', quantity: 2, comment: 'Size 9', upload: sources[0] });
    await page.getByRole('button', { name: 'Add Items' }).click();
    await expect(productBlock(page, 'Product 2').getByLabel('Product page URL')).toBeFocused();
    await expect(productBlock(page, 'Product 2').getByLabel('Quantity')).toHaveValue('1');
    await fillProduct(productBlock(page, 'Product 2'), { url: 'https://www.nike.com/t/pegasus', upload: sources[1] });
    await page.getByRole('button', { name: 'Add Items' }).click();
    await fillProduct(productBlock(page, 'Product 3'), { url: 'https://www.nike.com/t/socks', quantity: 3, comment: 'White', upload: sources[2] });

    // A fresh shopper adds the delivery address right here; it becomes the order's address.
    await page.getByLabel('Location name').fill('Office');
    await page.getByLabel('Street address').fill('1 Loop Street');
    await page.getByLabel('Town or city').fill('Cape Town');
    await page.getByLabel('Province').fill('Western Cape');
    await page.getByLabel('Postal code').fill('8001');
    await page.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByText('Address Added')).toBeVisible();
    await expect(page.getByLabel('Delivery address', { exact: true })).toHaveValue('Office');

    await expect(page.getByText('The minimum order value is $100.')).toBeVisible();
    await expect(page.getByText(/facilitation fee of about \$10/)).toBeVisible();
    await expect(page.getByText(/within 24 hours; it is valid for 48 hours/)).toBeVisible();
    const place = page.getByRole('button', { name: 'Place Order' });
    await expect(place).toBeDisabled();
    await page.getByLabel('I agree to the terms and conditions').check();
    await expect(place).toBeEnabled();
    await place.click();

    await expect(page.getByText('Order Created')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/order-uploaded\/(\d+)\/$/);
    const id = Number(/\/order-uploaded\/(\d+)\//.exec(page.url())?.[1]);
    await expect(page.getByRole('heading', { name: 'Your order has been placed.' })).toBeVisible();
    await expect(page.getByText(/Placed on \d/)).toBeVisible();
    await expect(page.getByText(/arrive by e-mail within 24 hours/)).toBeVisible();
    const placed = page.getByRole('region', { name: 'Your order has been placed.' });
    await expect(placed.getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '/how-it-works/');
    await expect(placed.getByRole('link', { name: 'Our Shops' })).toHaveAttribute('href', '/portals/');

    const order = await sandbox<RawOrder>(request, 'GET', `/orders/${id}`);
    expect(order).toMatchObject({ portal_id: 3, order_type: 'normal', status: 'placed' });
    expect(order.address_id).toBeGreaterThan(0);
    expect(order.products.map(({ name, description, quantity, comment }) => ({ name, description, quantity, comment }))).toEqual([
      { name: 'Product 1', description: 'https://www.nike.com/t/air-zoom', quantity: 2, comment: 'Size 9' },
      { name: 'Product 2', description: 'https://www.nike.com/t/pegasus', quantity: 1, comment: '' },
      { name: 'Product 3', description: 'https://www.nike.com/t/socks', quantity: 3, comment: 'White' },
    ]);
    // Each screenshot was re-encoded (WebP or JPEG by its bytes), is smaller than its source, and is the
    // crop of its own product's source: the default box is 80 % of the edge (640, 576 and 512 px).
    const hashes = new Set<string>();
    for (const [i, product] of order.products.entries()) {
      const bytes = await storedUpload(request, product.screenshot_url);
      expect(bytes.length).toBe(product.screenshot_bytes);
      expect(['webp', 'jpeg']).toContain(magicType(bytes));
      expect(bytes.length).toBeGreaterThan(50_000);
      expect(bytes.length).toBeLessThan(sources[i]?.buffer.length ?? 0);
      const { width, height } = await decodedSize(page, bytes);
      expect(width).toBe(height);
      expect(Math.abs(width - ([640, 576, 512][i] ?? 0))).toBeLessThanOrEqual(2);
      hashes.add(createHash('sha256').update(bytes).digest('hex'));
    }
    expect(hashes.size).toBe(3);

    // The draft was reset: the form starts empty again.
    await page.goto('/upload-orders/');
    await expect(productBlock(page, 'Product 1').getByLabel('Product page URL')).toHaveValue('');
    await expect(page.getByRole('group', { name: 'Product 2' })).toHaveCount(0);
  });

  test('a double click on Place Order places one order', async ({ page, request, signedIn }) => {
    test.setTimeout(90_000);
    await addAddressFor(request, signedIn.tokens);
    await page.goto('/upload-orders/');
    await choose(page, 'Portal', 'Amazon');
    await fillProduct(productBlock(page, 'Product 1'), { url: 'https://www.amazon.com/dp/B0001', upload: screenshot(21) });
    await choose(page, 'Delivery address', 'Home');
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Place Order' }).dblclick();
    await expect(page).toHaveURL(/\/order-uploaded\/\d+\/$/, { timeout: 30_000 });
    await expect(page.getByText('Order Created')).toHaveCount(1);
    expect(await ordersOf(request, signedIn.tokens)).toHaveLength(1);
  });

  test('the order-uploaded page passes axe', async ({ page, request, signedIn }) => {
    await addAddressFor(request, signedIn.tokens);
    await page.goto('/upload-orders/');
    await choose(page, 'Portal', 'Amazon');
    await fillProduct(productBlock(page, 'Product 1'), { url: 'https://www.amazon.com/dp/B0002', upload: screenshot(31) });
    await choose(page, 'Delivery address', 'Home');
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order-uploaded\/\d+\/$/, { timeout: 30_000 });
    // A reload reads the placed time from the API instead of memory.
    await page.reload();
    await expect(page.getByText(/Placed on \d/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
