import { toast } from './account-helpers';
import { axeViolations } from './axe-kit';
import { apiOrigin, expect, freshUser, latestUserToken, layoutShifts, sandbox, spendRateLimit, test } from './fixtures';

test.describe('password recovery and unlock', () => {
  test('forgot password, then a new password, then login with reset=successful', async ({ page, request }) => {
    const account = await freshUser(request, { firstName: 'Bongani' });
    await page.goto('/portals/');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Log In' }).getByRole('link', { name: 'Forgot Password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
    await forgot.getByLabel('Email').fill(account.email);
    await forgot.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Email Sent')).toBeVisible();
    await expect(page).toHaveURL(/\/portals\/$/);

    const token = await latestUserToken(request, 'reset', account.email);
    await page.goto(`/new-password/?token=${encodeURIComponent(token)}`);
    const reset = page.getByRole('dialog', { name: 'New Password' });
    await reset.getByLabel('New Password', { exact: true }).fill('Brand#New2026');
    await reset.getByLabel('Re-enter New Password', { exact: true }).fill('Brand#New2026');
    await reset.getByRole('button', { name: 'Save New Password' }).click();

    await expect(page).toHaveURL(/\/login\/\?reset=successful$/);
    await expect(page.getByText('Password successfully reset')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Log In' }).getByRole('status').filter({ hasText: 'Password Changed' })).toHaveText(
      'Password Changed Successfully. Sign in with your new password.',
    );
    const login = page.getByRole('dialog', { name: 'Log In' });
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill('Brand#New2026');
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Welcome Bongani')).toBeVisible();
  });

  test('forgot password over the rate limit says when to try again, holds the button and keeps the e-mail', async ({ page, request }) => {
    const email = `limited-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await spendRateLimit(() => request.post(`${apiOrigin}/api/web/v1/users/forgot_password`, { data: { user: { email } } }));
    await page.goto('/forgot-password/');
    const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
    await forgot.getByLabel('Email').fill(email);
    await forgot.getByRole('button', { name: 'Reset Password' }).click();
    const wait = 'Too many password reset requests. Please wait 15 minutes before you try again.';
    await expect(toast(page, wait)).toBeVisible();
    await expect(forgot.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
    await expect(forgot.getByRole('button', { name: 'Reset Password' })).toHaveAccessibleDescription(wait);
    await expect(forgot.getByLabel('Email')).toHaveValue(email);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('unlock over the rate limit says when to try again', async ({ page, request }) => {
    const account = await freshUser(request);
    // Each unlock with a real token counts for its account: the sandbox refuses one, whose token the page then brings.
    await spendRateLimit(async () => {
      await sandbox(request, 'POST', '/lock', { email: account.email });
      const token = await latestUserToken(request, 'unlock', account.email);
      return request.post(`${apiOrigin}/api/web/v1/users/unlock_account`, { data: { user: { token } } });
    });
    const token = await latestUserToken(request, 'unlock', account.email);
    await page.goto(`/unlock-account/?token=${encodeURIComponent(token)}`);
    const wait = 'Too many unlock attempts. Please wait 15 minutes before you try again.';
    await expect(toast(page, wait)).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(wait);
    await expect(page.getByRole('link', { name: 'Back to log in' })).toBeVisible();
  });

  test('a used or bad reset token shows the server message', async ({ page }) => {
    await page.goto('/new-password/?token=not-a-token');
    const reset = page.getByRole('dialog', { name: 'New Password' });
    await reset.getByLabel('New Password', { exact: true }).fill('Brand#New2026');
    await reset.getByLabel('Re-enter New Password', { exact: true }).fill('Brand#New2026');
    await reset.getByRole('button', { name: 'Save New Password' }).click();
    await expect(page.getByText('Reset password token is invalid')).toBeVisible();
    await expect(page).toHaveURL(/\/new-password\//);
  });

  test('new-password messages: password rule and matching confirmation', async ({ page }) => {
    await page.goto('/new-password/?token=abc');
    const reset = page.getByRole('dialog', { name: 'New Password' });
    await reset.getByLabel('New Password', { exact: true }).fill('ALLUPPER1!');
    await reset.getByLabel('Re-enter New Password', { exact: true }).fill('other');
    await reset.getByRole('button', { name: 'Save New Password' }).click();
    await expect(reset.getByText('Must have 1 lowercase')).toBeVisible();
    await expect(reset.getByText('Passwords must match')).toBeVisible();
  });

  test('unlock with a good token goes to login with unlock=successful', async ({ page, request }) => {
    const account = await freshUser(request);
    // Wrong passwords only slow sign-in down; the service (here the control endpoint) locks an account.
    await sandbox(request, 'POST', '/lock', { email: account.email });
    const locked = await request.post(`${apiOrigin}/oauth/token`, {
      data: { grant_type: 'password', username: account.email, password: account.password, client_id: 'shopper-web' },
    });
    expect(locked.status()).toBe(400);
    const token = await latestUserToken(request, 'unlock', account.email);
    await page.goto(`/unlock-account/?token=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(/\/login\/\?unlock=successful$/);
    await expect(page.getByText('Account successfully unlocked')).toBeVisible();
    const login = page.getByRole('dialog', { name: 'Log In' });
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill(account.password);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText(`Welcome ${account.firstName}`)).toBeVisible();
  });

  test('unlock without a token says the token is missing, on a phone without moving the page', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/unlock-account/');
    await expect(page.getByText('No unlock token found')).toBeVisible();
    await expect(page.getByText('Failed, please use the link from the email, your token is missing', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to log in' })).toBeVisible();
    // The answer replaced the pending text in place: the link and the footer below it stayed where they were.
    expect(await layoutShifts(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('unlock with a bad token asks to contact support', async ({ page }) => {
    await page.goto('/unlock-account/?token=bad-token');
    await expect(page.getByText('Something went wrong, please contact support')).toBeVisible();
    await expect(page.getByText('Failed, please use the link from the email', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
  });

  test('the unlock page says it is working first', async ({ page }) => {
    await page.route('**/users/unlock_account', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/unlock-account/?token=slow');
    await expect(page.getByText('Your account is being unlocked...')).toBeVisible();
  });
});
