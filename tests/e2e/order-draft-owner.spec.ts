import type { Page } from '@playwright/test';
import { expect, freshUser, seedSession, test, tokensFor } from './fixtures';
import { fillProduct, productBlock, screenshot } from './files/order-kit';

/** The names of the screenshots the draft keeps in IndexedDB. */
function storedShots(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('shopper-order-draft');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('screenshots')) return resolve([]);
          const keys = db.transaction('screenshots').objectStore('screenshots').getAllKeys();
          keys.onsuccess = () => {
            resolve(keys.result.map(String));
            db.close();
          };
        };
        open.onerror = () => resolve([]);
      }),
  );
}

test.describe('the order draft is the shopper’s', () => {
  test('A’s draft comes back to A on a remembered session; after A’s session ends without Log Out, B signs in to an empty form and A’s draft is gone', async ({
    page,
    context,
    request,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/upload-orders/');
    await fillProduct(productBlock(page, 'Product 1'), {
      url: 'https://www.ikea.com/p/a-private-thing',
      comment: 'for A only',
      upload: screenshot(51),
    });
    await expect.poll(() => storedShots(page)).toHaveLength(1);

    // A closes the tab and comes back (Keep me signed in): the draft, screenshot and all, is A's again.
    await page.close();
    const again = await context.newPage();
    await again.goto('/upload-orders/');
    await expect(productBlock(again, 'Product 1').getByLabel('Product page URL')).toHaveValue(
      'https://www.ikea.com/p/a-private-thing',
    );
    await expect(productBlock(again, 'Product 1').getByRole('img', { name: 'Cropped screenshot of Product 1' })).toBeVisible();

    // A's session ends without Log Out (the tokens go, as when the service refuses a refresh), then B signs in here.
    await again.evaluate(() => {
      for (const key of ['access_token', 'refresh_token']) {
        localStorage.removeItem(key);
        sessionStorage.removeItem(key);
      }
    });
    await again.close();
    const other = await freshUser(request, { firstName: 'Bongani' });
    const b = await context.newPage();
    await seedSession(b, await tokensFor(request, other));
    await b.goto('/upload-orders/');
    const url = productBlock(b, 'Product 1').getByLabel('Product page URL');
    await expect(url).toHaveValue('');
    await expect(productBlock(b, 'Product 1').getByLabel('Comment')).toHaveValue('');
    await expect(productBlock(b, 'Product 1').getByRole('img', { name: /Cropped screenshot/ })).toHaveCount(0);
    expect(await b.evaluate(() => localStorage.getItem('initial_values') ?? '')).not.toContain('a-private-thing');
    await expect.poll(() => storedShots(b)).toEqual([]);
    expect(signedIn.email).not.toBe(other.email);
  });
});
