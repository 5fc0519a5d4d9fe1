import { axeViolations } from './axe-kit';
import type { Page } from '@playwright/test';
import { expect, freshUser, holdBack, test, type Account } from './fixtures';

async function signInThroughModal(page: Page, account: Pick<Account, 'email' | 'password'>, remember: boolean): Promise<void> {
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  if (remember) await dialog.getByLabel('Keep me signed in').check();
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    local: localStorage.getItem('access_token'),
    session: sessionStorage.getItem('access_token'),
    remember: localStorage.getItem('remember_me'),
  }));

test.describe('sign in', () => {
  test('Keep me signed in keeps the tokens in localStorage, survives a reload and remembers the e-mail', { tag: '@envelope' }, async ({ page, request }) => {
    const account = await freshUser(request, { firstName: 'Ayanda' });
    await page.goto('/portals/');
    await signInThroughModal(page, account, true);
    await expect(page.getByText('Welcome Ayanda')).toBeVisible();
    await expect(page).toHaveURL(/\/portals\/$/);
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: 'My Profile' })).toBeVisible();
    const tokens = await stored(page);
    expect(tokens.local).toBeTruthy();
    expect(tokens.session).toBeNull();
    expect(tokens.remember).toBe('true');

    await page.reload();
    await expect(page.getByRole('button', { name: 'My Profile' })).toBeVisible();

    await page.getByRole('button', { name: 'My Profile' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Log In' }).getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByRole('dialog', { name: 'Log In' }).getByLabel('Keep me signed in')).toBeChecked();
  });

  test('without Keep me signed in the tokens live in sessionStorage and a reload keeps the session', async ({ page, request }) => {
    const account = await freshUser(request, { firstName: 'Sipho' });
    await page.goto('/');
    await signInThroughModal(page, account, false);
    await expect(page.getByText('Welcome Sipho')).toBeVisible();
    const tokens = await stored(page);
    expect(tokens.session).toBeTruthy();
    expect(tokens.local).toBeNull();
    expect(tokens.remember).toBeNull();
    await page.reload();
    await expect(page.getByRole('button', { name: 'My Profile' })).toBeVisible();
  });

  test('a wrong password shows Invalid email or password', async ({ page, request }) => {
    const account = await freshUser(request);
    await page.goto('/login/');
    await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill('Wrong#pass1');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    const toast = page.getByText('Invalid email or password');
    await expect(toast).toBeVisible();
    await expect(dialog).toBeVisible();
    // The toast slides in from the edge: hit testing means something once it has arrived (on a loaded machine the
    // check ran while its middle was still off-screen, where elementFromPoint finds nothing). Its countdown runs on a
    // child, which is not waited for.
    await toast.evaluate((el) => Promise.all((el.closest('.Toastify__toast') ?? el).getAnimations().map((a) => a.finished)));
    // On top of the open dialog and not inert (hit testing skips inert nodes), so it is seen and announced.
    expect(
      await toast.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      }),
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect((await stored(page)).session).toBeNull();
  });

  test('the password toggle shows and hides the password', async ({ page }) => {
    await page.goto('/login/');
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    const password = dialog.getByLabel('Password', { exact: true });
    const toggle = dialog.getByRole('button', { name: 'Show password' });
    await password.fill('Secret#2026');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  test('on-blur messages are linked to their fields', async ({ page }) => {
    await page.goto('/login/');
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    const email = dialog.getByLabel('Email');
    await email.fill('not-an-email');
    await dialog.getByLabel('Password', { exact: true }).fill('short');
    await dialog.getByLabel('Keep me signed in').focus();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/Must be a valid email/);
    await expect(dialog.getByText('Password must contain at least 8 characters')).toBeVisible();
  });

  test('a login link with next goes on to that page after sign-in', async ({ page, request }) => {
    const account = await freshUser(request, { firstName: 'Naledi' });
    await page.goto('/login/?next=/about-us/');
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/about-us\/$/);
    await expect(page.getByText('Welcome Naledi')).toBeVisible();
  });

  test('a next parameter off this site is ignored', async ({ page, request }) => {
    const account = await freshUser(request);
    await page.goto('/login/?next=//evil.example/');
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });
});

test.describe('a deep-linked dialog before its code arrives', () => {
  // The dialog's island (React, formik, yup) is held back, as on a slow phone network, until the test lets it through.
  const holdIsland = (page: Page) => holdBack(page, /\/_astro\/ModalRoutes\.[\w-]+\.js$/);

  test('loads nothing of the form until the first key press, and signs in with what was typed and ticked meanwhile', async ({ page, request }) => {
    const account = await freshUser(request, { firstName: 'Lerato' });
    const island = await holdIsland(page);
    await page.goto('/login/');
    await page.waitForLoadState('networkidle');
    expect(island.requested()).toBe(0);
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(account.email);
    await expect.poll(island.requested).toBe(1);
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByLabel('Keep me signed in').check();
    await dialog.getByLabel('Password', { exact: true }).press('Enter');
    await expect(dialog).toBeVisible();
    expect(await stored(page)).toEqual({ local: null, session: null, remember: null });
    island.release();
    await expect(page.getByText('Welcome Lerato')).toBeVisible();
    expect(await stored(page)).toMatchObject({ session: null, remember: 'true' });
  });

  test('is modal at once: focus in its first field, the page behind inert and still, the remembered e-mail shown', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('remembered_username', 'naledi@example.com'));
    const island = await holdIsland(page);
    await page.goto('/login/');
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(dialog.getByLabel('Email')).toHaveValue('naledi@example.com');
    await expect(dialog.getByLabel('Keep me signed in')).toBeChecked();
    expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).toBe('hidden');
    // The skip link and the header behind cannot take focus.
    await page.getByRole('link', { name: 'Skip to main content', includeHidden: true }).focus();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    expect(island.requested()).toBe(0);
  });

  test('Close, Escape and a press on the backdrop go home before the code arrives; a press in the panel does not', async ({ page }) => {
    const island = await holdIsland(page);
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    const home = /127\.0\.0\.1:\d+\/$/;
    const ways: Array<[string, () => Promise<void>]> = [
      ['Close', () => dialog.getByRole('button', { name: 'Close' }).click()],
      ['Escape', () => page.keyboard.press('Escape')],
      ['backdrop', () => page.mouse.click(5, 300)],
    ];
    for (const [name, close] of ways) {
      await page.goto('/login/');
      await expect(dialog.getByLabel('Email'), name).toBeFocused();
      if (name === 'backdrop') {
        await dialog.getByRole('heading', { name: 'Log In' }).click();
        await expect(dialog, 'a press in the panel').toBeVisible();
      }
      await close();
      await expect(page, name).toHaveURL(home);
      await expect(dialog, name).toBeHidden();
    }
    island.release();
  });

  test('Forgot Password? loads its own page, whose dialog is modal at once', async ({ page }) => {
    const island = await holdIsland(page);
    await page.goto('/login/');
    await page.getByRole('dialog', { name: 'Log In' }).getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password\/$/);
    const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
    await expect(forgot.getByLabel('Email')).toBeFocused();
    expect(await forgot.evaluate((el) => el.matches(':modal'))).toBe(true);
    island.release();
  });

  test('Tab and Shift+Tab go round the dialog before its code arrives, and after', async ({ page }) => {
    const island = await holdIsland(page);
    await page.goto('/login/');
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog.getByLabel('Email')).toBeFocused();
    const inside = (): Promise<boolean> => dialog.evaluate((el) => el.contains(document.activeElement));
    const visited = new Set<string>();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 15; i += 1) {
        await page.keyboard.press(key);
        expect(await inside(), `${key} press ${i + 1}`).toBe(true);
        visited.add(await page.evaluate(() => document.activeElement?.outerHTML ?? ''));
      }
    }
    expect(island.requested()).toBe(1);
    expect(visited.size).toBeGreaterThan(4);
    island.release();
    // Astro drops the island's ssr attribute once it has hydrated.
    await expect(page.locator('astro-island', { has: dialog })).not.toHaveAttribute('ssr');
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inside(), `Tab press ${i + 1} after the code arrived`).toBe(true);
    }
  });
});
