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

/** Opens the order form and types Product 1 with its fields and screenshot; resolves once the draft keeps the screenshot. */
async function typeDraft(page: Page, fields: Parameters<typeof fillProduct>[1]): Promise<void> {
  await page.goto('/upload-orders/');
  await fillProduct(productBlock(page, 'Product 1'), fields);
  await expect.poll(() => storedShots(page)).toHaveLength(1);
}

test.describe('the order draft is the shopper’s', () => {
  test('A’s draft comes back to A on a remembered session; after A’s session ends without Log Out, B signs in to an empty form and A’s draft is gone', async ({
    page,
    context,
    request,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    await typeDraft(page, {
      url: 'https://www.ikea.com/p/a-private-thing',
      comment: 'for A only',
      upload: screenshot(51),
    });

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

test.describe('offline, the draft is shown only to its known owner', () => {
  test('A, whose session has read A before, gets the draft back; a session whose shopper cannot be read is shown an empty form', async ({
    page,
    context,
    request,
    signedIn,
  }) => {
    await typeDraft(page, { url: 'https://www.ikea.com/p/an-offline-thing', upload: screenshot(54) });

    // The service cannot be reached: the shopper cannot be read.
    await context.route('**/users/show_details', (route) => route.abort('internetdisconnected'));
    await page.reload();
    const url = productBlock(page, 'Product 1').getByLabel('Product page URL');
    await expect(url).toHaveValue('https://www.ikea.com/p/an-offline-thing');

    // Another sign-in's tokens on this phone (put in place without reading the shopper), still offline.
    const other = await freshUser(request, { firstName: 'Bongani' });
    const tokens = await tokensFor(request, other);
    await page.evaluate(({ access, refresh }) => {
      localStorage.setItem('access_token', access);
      localStorage.setItem('refresh_token', refresh);
    }, { access: tokens.access_token, refresh: tokens.refresh_token });
    await page.reload();
    await expect(productBlock(page, 'Product 1').getByLabel('Product page URL')).toHaveValue('');
    await expect(productBlock(page, 'Product 1').getByRole('img', { name: /Cropped screenshot/ })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('initial_values') ?? '')).not.toContain('an-offline-thing');
    expect(signedIn.email).not.toBe(other.email);
  });
});

/** Whether the browser still has the draft's screenshot database. */
function hasShotDatabase(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'shopper-order-draft'));
}

test.describe('a draft whose session has ended goes at the next page, before anyone signs in', () => {
  test.describe('without Keep me signed in', () => {
    test.use({ remember: false });

    test('the draft lasts while the browser stays open, and is gone once it has been closed', async ({
      page,
      context,
      signedIn,
    }) => {
      await typeDraft(page, {
        url: 'https://www.ikea.com/p/a-private-thing',
        upload: screenshot(52),
      });

      // Another tab of the same open browser, signed out: the draft stays for the tab whose session is alive.
      const second = await context.newPage();
      await second.goto('/');
      expect(await second.evaluate(() => localStorage.getItem('initial_values') ?? '')).toContain('a-private-thing');
      await second.close();
      await page.reload();
      await expect(productBlock(page, 'Product 1').getByLabel('Product page URL')).toHaveValue(
        'https://www.ikea.com/p/a-private-thing',
      );

      // The browser closes: its tabs (and their sessionStorage, where the tokens were) and its session cookies go.
      await page.close();
      await context.clearCookies();
      const next = await context.newPage();
      await next.goto('/');
      await expect.poll(() => next.evaluate(() => localStorage.getItem('initial_values'))).toBeNull();
      await expect.poll(() => hasShotDatabase(next)).toBe(false);
      expect(signedIn.email).toBeTruthy();
    });
  });

  test('Keep me signed in: a session refused on another page takes the draft at the next page start', async ({
    page,
    signedIn,
  }) => {
    await typeDraft(page, { url: 'https://www.ikea.com/p/a-private-thing', upload: screenshot(53) });
    await page.goto('/how-it-works/');
    expect(await page.evaluate(() => localStorage.getItem('initial_values') ?? '')).toContain('a-private-thing');

    // The tokens go as a refused refresh takes them, on a page without the order form.
    await page.evaluate(() => {
      localStorage.removeItem('access_token');
      localStorage.removeItem('refresh_token');
    });
    await page.goto('/portals/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('initial_values'))).toBeNull();
    await expect.poll(() => hasShotDatabase(page)).toBe(false);
    expect(signedIn.email).toBeTruthy();
  });

  test('an open order form lets go of the screenshots at once when another tab deletes them', async ({
    page,
    context,
    signedIn,
  }) => {
    await typeDraft(page, { url: 'https://www.ikea.com/p/a-private-thing', upload: screenshot(54) });

    // What Log Out or the start of a page does in another tab, while this form stays open.
    const other = await context.newPage();
    await other.goto('/about-us/');
    const outcome = await other.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const request = indexedDB.deleteDatabase('shopper-order-draft');
          request.onblocked = () => resolve('blocked');
          request.onsuccess = () => resolve('deleted');
          request.onerror = () => resolve('error');
        }),
    );
    expect(outcome).toBe('deleted');
    await expect(productBlock(page, 'Product 1').getByLabel('Product page URL')).toHaveValue(
      'https://www.ikea.com/p/a-private-thing',
    );
    expect(signedIn.email).toBeTruthy();
  });
});
