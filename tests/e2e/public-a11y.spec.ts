import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

async function scan(page: Page, path: string): Promise<void> {
  // Reduced motion keeps the carousels still, so every scan sees the same page.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), path).toEqual([]);
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
      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
    });
  }

  test('the burger menu, opened, has no violations at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
