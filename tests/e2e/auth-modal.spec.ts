import { axeViolations } from './axe-kit';
import { expect, test } from './fixtures';

const MODALS = [
  { path: '/login/', title: 'Log In' },
  { path: '/register/', title: 'Register' },
  { path: '/forgot-password/', title: 'Forgot Password' },
  { path: '/new-password/?token=abc', title: 'New Password' },
  { path: '/upload-order-instructions/', title: 'How to take a screenshot' },
] as const;

test.describe('modal routes', () => {
  test('the login modal opens over /portals and Escape, the close button and the backdrop return there', async ({ page }) => {
    await page.goto('/portals/');
    const heading = page.getByRole('heading', { level: 1, name: 'Our Shops' });
    await expect(heading).toBeVisible();

    const login = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' });
    await login.click();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/login\/$/);
    await expect(heading).toBeAttached();
    await expect(dialog.getByLabel('Email')).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/portals\/$/);
    await expect(heading).toBeVisible();
    await expect(login).toBeFocused();

    await login.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/portals\/$/);
    await expect(dialog).toBeHidden();

    await login.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 300);
    await expect(page).toHaveURL(/\/portals\/$/);
    await expect(dialog).toBeHidden();
  });

  test('the browser back button closes the modal and forward opens it again', async ({ page }) => {
    await page.goto('/portals/');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Register' }).click();
    await expect(page.getByRole('dialog', { name: 'Register' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/portals\/$/);
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.goForward();
    await expect(page.getByRole('dialog', { name: 'Register' })).toBeVisible();
  });

  test('focus stays inside the dialog', async ({ page }) => {
    await page.goto('/forgot-password/');
    const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
    await expect(dialog.getByLabel('Email')).toBeFocused();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  });

  test('moving between modals keeps the page behind, and closing returns to it and to the link that opened them', async ({
    page,
  }) => {
    await page.goto('/portals/');
    const opener = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' });
    await opener.click();
    await page.getByRole('dialog', { name: 'Log In' }).getByRole('link', { name: 'Forgot Password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
    await expect(forgot).toBeVisible();
    await expect(page).toHaveURL(/\/forgot-password\/$/);
    expect(await axeViolations(page)).toEqual([]);
    await forgot.getByRole('link', { name: 'Back to log in' }).click();
    const login = page.getByRole('dialog', { name: 'Log In' });
    await login.getByRole('link', { name: 'Sign up' }).click();
    await expect(page.getByRole('dialog', { name: 'Register' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/portals\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Shops' })).toBeVisible();
    await expect(opener).toBeFocused();
  });

  for (const modal of MODALS) {
    test(`${modal.path} loads directly, survives a reload, passes axe and closes to home`, async ({ page }) => {
      await page.goto(modal.path);
      const dialog = page.getByRole('dialog', { name: modal.title });
      await expect(dialog).toBeVisible();
      // A <dialog> shown with showModal(): the page behind is inert and left out of the accessibility tree.
      expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
      await expect(page.locator('main h1')).toBeAttached();
      await page.reload();
      await expect(dialog).toBeVisible();

      expect(await axeViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
      await expect(page.getByRole('dialog')).toBeHidden();
    });
  }

  test('the screenshot how-to covers Mac, PC, iOS and Android', async ({ page }) => {
    await page.goto('/upload-order-instructions/');
    const dialog = page.getByRole('dialog', { name: 'How to take a screenshot' });
    for (const name of ['Mac', 'Windows PC', 'iPhone and iPad', 'Android']) {
      await expect(dialog.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(dialog).toContainText('Shift + Command + 4');
    await expect(dialog).toContainText('Windows + Shift + S');
    await expect(dialog).toContainText('volume up');
    await expect(dialog).toContainText('volume down');
  });

  test('guests get the login modal for Help, and signing in goes on to the next page', async ({ page, request }) => {
    await page.goto('/portals/');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL(/\/login\/\?next=%2Fhelp%2F$|\/login\/\?next=\/help\/$/);
    await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
    expect(request).toBeTruthy();
  });
});
