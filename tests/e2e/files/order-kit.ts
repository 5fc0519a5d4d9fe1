import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { encodePng } from '../../../sandbox/src/png';
import { apiBody, apiOrigin, type Tokens } from '../fixtures';

/** A deterministic pseudo-random byte source (xorshift), so fixtures are the same on every run. */
function randomBytes(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) & 0xff;
  };
}

/**
 * An RGB PNG of `width` x `height`: a coloured gradient with random noise on `noisyShare` of the rows.
 * Noise does not compress, so crops of it stay well above the server's 50 KB floor after WebP re-encoding.
 */
export function noisyPng(width: number, height: number, { seed = 1, noisyShare = 1 } = {}): Buffer {
  const next = randomBytes(seed);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const noisyRows = Math.round(height * noisyShare);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    const noisy = y < noisyRows;
    for (let x = 0; x < width; x += 1) {
      const at = row + 1 + x * 3;
      raw[at] = noisy ? next() : (x * 255) / width;
      raw[at + 1] = noisy ? next() : (y * 255) / height;
      raw[at + 2] = noisy ? next() : (seed * 40) & 0xff;
    }
  }
  return encodePng(width, height, raw, 1);
}

/** A file for setInputFiles. */
export interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A screenshot that crops to well over 50 KB (about 1.9 MB, 800 px square). */
export const screenshot = (seed = 1): Upload => ({ name: `shot-${seed}.png`, mimeType: 'image/png', buffer: noisyPng(800, 800, { seed }) });

/** Address of a fresh user, created through the API (not under test here). */
export async function addAddressFor(request: APIRequestContext, tokens: Tokens, name = 'Home'): Promise<number> {
  const response = await request.post(`${apiOrigin}/api/web/v1/addresses`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
    data: { address: { name, address: '12 Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' } },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await apiBody<{ id: number }>(response)).id;
}

/** The shopper's orders, newest first, through the API. */
export async function ordersOf(request: APIRequestContext, tokens: Tokens): Promise<{ id: number }[]> {
  const response = await request.get(`${apiOrigin}/api/web/v1/orders?per=100`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(response.ok()).toBe(true);
  return apiBody<{ id: number }[]>(response);
}

/** Picks an option of the shared Select by typing and clicking it. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

/** The fieldset of product block `name` (Product 1, ...). */
export const productBlock = (page: Page, name: string): Locator => page.getByRole('group', { name, exact: true });

/** Chooses a file for a block's screenshot and crops it with the default crop box. */
export async function cropScreenshot(block: Locator, upload: Upload): Promise<void> {
  await block.getByLabel('Screenshot', { exact: true }).setInputFiles(upload);
  const crop = block.getByRole('button', { name: 'Crop Image' });
  await expect(crop).toBeEnabled({ timeout: 15_000 });
  await crop.click();
  await expect(block.getByRole('img', { name: /^Cropped screenshot of/ })).toBeVisible({ timeout: 15_000 });
}

/** Fills one product block. */
export async function fillProduct(block: Locator, product: { url: string; quantity?: number; comment?: string; upload?: Upload }): Promise<void> {
  await block.getByLabel('Product page URL').fill(product.url);
  if (product.upload) await cropScreenshot(block, product.upload);
  if (product.quantity !== undefined) await block.getByLabel('Quantity').fill(String(product.quantity));
  if (product.comment !== undefined) await block.getByLabel('Comment').fill(product.comment);
}

/** Starts collecting analytics events in the page (read them with analyticsEvents). */
export async function watchAnalytics(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { __analytics: unknown[] }).__analytics = [];
  });
}

/** The analytics events the page tracked so far. */
export async function analyticsEvents(page: Page): Promise<{ event: string; props: Record<string, unknown> }[]> {
  return page.evaluate(() => (window as unknown as { __analytics?: { event: string; props: Record<string, unknown> }[] }).__analytics ?? []);
}
