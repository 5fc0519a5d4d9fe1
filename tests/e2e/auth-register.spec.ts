import { toast } from './account-helpers';
import { apiOrigin, DEMO_USER, expect, spendRateLimit, test } from './fixtures';

const uniqueEmail = () => `reg-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe('registration', () => {
  test('register, get signed in automatically, then sign out', async ({ page }) => {
    await page.goto('/portals/');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await dialog.getByLabel('First Name').fill('Zanele');
    await dialog.getByLabel('Last Name').fill('Dlamini');
    await dialog.getByLabel('Email').fill(uniqueEmail());
    await dialog.getByLabel('Birth Date').fill('1994-03-02');
    await dialog.getByLabel('Mobile').fill('0821234567');
    await dialog.getByLabel('Password', { exact: true }).fill('Zanele#2026');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('Zanele#2026');
    await dialog.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByText('Successfully created account')).toBeVisible();
    await expect(page.getByText('Welcome Zanele')).toBeVisible();
    await expect(page.getByRole('button', { name: 'My Profile' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toBeTruthy();

    await page.getByRole('button', { name: 'My Profile' }).click();
    // Log Out loads / again, even from /: read storage only once that page has loaded.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await reloaded;
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('access_token') ?? localStorage.getItem('access_token'))).toBeNull();
  });

  test('an e-mail already taken shows Registration failed', async ({ page }) => {
    await page.goto('/register/');
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await dialog.getByLabel('First Name').fill('Thandi');
    await dialog.getByLabel('Last Name').fill('Nkosi');
    await dialog.getByLabel('Email').fill(DEMO_USER.email);
    await dialog.getByLabel('Birth Date').fill('1990-01-01');
    await dialog.getByLabel('Mobile').fill('+27821234567');
    await dialog.getByLabel('Password', { exact: true }).fill('Another#2026');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('Another#2026');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Registration failed. Please try again.')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(/has already been taken/);
  });

  test('over the rate limit it says when to try again, holds Register and keeps what was typed', async ({ page, request }) => {
    const email = uniqueEmail();
    const user = { first_name: 'Zanele', last_name: 'Dlamini', email, mobile: '0821234567', birth_date: '1994-03-02', password: 'Zanele#2026' };
    await spendRateLimit(() => request.post(`${apiOrigin}/api/web/v1/users`, { data: { user } }));
    await page.goto('/register/');
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await dialog.getByLabel('First Name').fill('Zanele');
    await dialog.getByLabel('Last Name').fill('Dlamini');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Birth Date').fill('1994-03-02');
    await dialog.getByLabel('Mobile').fill('0821234567');
    await dialog.getByLabel('Password', { exact: true }).fill('Zanele#2026');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('Zanele#2026');
    await dialog.getByRole('button', { name: 'Register' }).click();
    const wait = 'Too many registration attempts. Please wait 15 minutes before you try again.';
    await expect(toast(page, wait)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Register' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Register' })).toHaveAccessibleDescription(wait);
    await expect(page.getByText('Registration failed. Please try again.')).toHaveCount(0);
    await expect(dialog.getByLabel('First Name')).toHaveValue('Zanele');
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('Zanele#2026');
  });

  test('section 5 messages show on blur', async ({ page }) => {
    await page.goto('/register/');
    const dialog = page.getByRole('dialog', { name: 'Register' });
    const next = () => dialog.getByLabel('First Name').focus();

    await dialog.getByLabel('Email').fill('nope');
    await next();
    await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(/Must be a valid email/);

    await dialog.getByLabel('Mobile').fill('12345');
    await next();
    await expect(dialog.getByText('Must be a valid mobile number: +27 and at least 12 characters, or 0 and at least 10')).toBeVisible();

    const year = new Date().getFullYear() - 10;
    await dialog.getByLabel('Birth Date').fill(`${year}-01-01`);
    await next();
    await expect(dialog.getByText('Must be older than 18')).toBeVisible();

    await dialog.getByLabel('Password', { exact: true }).fill('lowercase1!');
    await next();
    await expect(dialog.getByText('Must have 1 uppercase')).toBeVisible();

    await dialog.getByLabel('Confirm Password', { exact: true }).fill('different');
    await next();
    await expect(dialog.getByText('Passwords must match')).toBeVisible();
    await expect(dialog.getByLabel('Confirm Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  test('submitting an empty form marks every field and focuses the first', async ({ page }) => {
    await page.goto('/register/');
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(dialog.getByLabel('First Name')).toBeFocused();
    await expect(dialog.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Must be older than 18')).toBeVisible();
  });
});
