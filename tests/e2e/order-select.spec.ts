import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const menuHeight = async (page: Page): Promise<number> => (await page.getByRole('listbox', { name: 'Options' }).boundingBox())?.height ?? 0;

test.describe('the shared select', () => {
  test('the open menu is between 140 and 300 px high, however many options it holds', async ({ page }) => {
    await page.goto('/upload-orders/');
    const portal = page.getByRole('combobox', { name: 'Portal' });
    await portal.click();
    const menu = page.getByRole('listbox', { name: 'Options' });
    // Five shops and 'Load more'.
    await expect(menu.getByRole('option')).toHaveCount(6);
    const firstPage = await menuHeight(page);
    expect(firstPage).toBeGreaterThanOrEqual(140);
    expect(firstPage).toBeLessThanOrEqual(300);

    // The next page of shops: the menu stops at 300 px and scrolls.
    await menu.getByRole('option', { name: 'Load more' }).click();
    await expect.poll(() => menu.getByRole('option').count()).toBeGreaterThan(6);
    expect(await menuHeight(page)).toBeGreaterThan(firstPage);
    expect(await menuHeight(page)).toBeLessThanOrEqual(300);
    expect(await menu.evaluate((list) => list.scrollHeight > list.clientHeight)).toBe(true);

    // One match: the menu keeps its 140 px.
    await portal.fill('Nike');
    await expect(menu.getByRole('option')).toHaveCount(1);
    const oneOption = await menuHeight(page);
    expect(oneOption).toBeGreaterThanOrEqual(140);
    expect(oneOption).toBeLessThan(firstPage);
  });
});
