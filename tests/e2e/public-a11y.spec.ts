import type { Page } from '@playwright/test';
import { axeViolations } from './axe-kit';
import { expect, test } from './fixtures';

async function scan(page: Page, path: string): Promise<void> {
  // Reduced motion keeps the carousels still, so every scan sees the same page.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page), path).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
}

// Every public page is scanned for a guest at 375 and 1280 px on one load, in route-checks.spec.ts.
test.describe('axe when signed in', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  for (const path of ['/', '/portals/', '/contact-us/']) {
    test(`${path} with the profile menu open has no violations`, async ({ page, signedIn }) => {
      expect(signedIn.tokens.access_token).not.toBe('');
      await scan(page, path);
      await page.getByRole('button', { name: 'My Profile' }).click();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the burger menu, opened, has no violations at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the scan finds what it is there to find: an image without a name, a field without a label', async ({ page }) => {
    await page.goto('/contact-us/');
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => document.querySelector('main')?.insertAdjacentHTML('beforeend', '<img src="/favicon.svg"><input type="text">'));
    const found = await axeViolations(page);
    expect(found.map((v) => v.split(':')[0])).toEqual(expect.arrayContaining(['image-alt', 'label']));
  });
});
