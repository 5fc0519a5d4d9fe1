import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cropScreenshot, noisyPng, productBlock } from './files/order-kit';

type Size = { width: number; height: number };

/** Decoded size of the image a block shows as its cropped preview (a CSS background image). */
async function previewSize(block: Locator): Promise<Size> {
  return block.getByRole('img', { name: /^Cropped screenshot of/ }).evaluate(async (element) => {
    const url = /url\("?(.*?)"?\)/.exec(getComputedStyle(element).backgroundImage)?.[1] ?? '';
    // An <img> rather than fetch: the page's CSP lets images, not connections, read blob: URLs.
    const image = new Image();
    image.src = url;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  });
}

/** Decoded sizes of the screenshots the draft keeps in IndexedDB. */
async function storedSizes(page: Page): Promise<Size[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('shopper-order-draft');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    const blobs = await new Promise<Blob[]>((resolve, reject) => {
      const all = db.transaction('screenshots').objectStore('screenshots').getAll();
      all.onsuccess = () => resolve(all.result as Blob[]);
      all.onerror = () => reject(all.error ?? new Error('read failed'));
    });
    db.close();
    return Promise.all(blobs.map(async (blob) => createImageBitmap(blob).then(({ width, height }) => ({ width, height }))));
  });
}

test.describe('screenshot crop', () => {
  test('a wide and a tall screenshot are both kept as square crops', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/upload-orders/');
    const first = productBlock(page, 'Product 1');
    await cropScreenshot(first, { name: 'wide.png', mimeType: 'image/png', buffer: noisyPng(1200, 600, { seed: 41 }) });
    await page.getByRole('button', { name: 'Add Items' }).click();
    const second = productBlock(page, 'Product 2');
    await cropScreenshot(second, { name: 'tall.png', mimeType: 'image/png', buffer: noisyPng(500, 1100, { seed: 42 }) });

    // The default box (auto crop area 0.8) covers 80 % of the short edge: 480 px of the wide image, 400 px of the tall one.
    for (const [block, edge] of [[first, 480], [second, 400]] as const) {
      const { width, height } = await previewSize(block);
      expect(width).toBe(height);
      expect(Math.abs(width - edge)).toBeLessThanOrEqual(2);
    }
    await expect.poll(async () => (await storedSizes(page)).length).toBe(2);
    for (const size of await storedSizes(page)) expect(size.width).toBe(size.height);
  });
});
