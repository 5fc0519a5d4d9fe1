import { apiBase, toast } from './account-helpers';
import { expect, latestUserToken, siteOrigin, test } from './fixtures';

test.describe('changing the password while signed in', () => {
  test('My Details e-mails the link to the shopper and says where; once used, the next call ends the session and says why', async ({
    page,
    request,
    signedIn,
  }) => {
    await page.goto('/my-details/');
    const panel = page.getByRole('region', { name: 'Password' });
    await panel.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Email Sent')).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText(
      `We sent the link to ${signedIn.email}. It can take a few minutes to arrive; look in the spam folder too.`,
    );

    // The shopper follows the e-mailed link on another device: the service signs out every session.
    const token = await latestUserToken(request, 'reset', signedIn.email);
    const reset = await request.post(`${apiBase}/users/reset_password`, {
      data: { user: { password: 'Changed#2026pass', confirm_password: 'Changed#2026pass', token } },
    });
    expect(reset.ok(), await reset.text()).toBe(true);

    await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Order History' }).click();
    await expect(page).toHaveURL(`${siteOrigin}/`);
    await expect(toast(page, 'Your session has ended: please sign in again.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('a link the service cannot send says why and the button comes back', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.route('**/api/web/v1/users/forgot_password', (route) => route.fulfill({ status: 503, json: { error: 'Mail is down' } }));
    await page.goto('/my-details/');
    const panel = page.getByRole('region', { name: 'Password' });
    await panel.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Mail is down')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Change password' })).toBeEnabled();
    await expect(panel.getByRole('status')).toHaveText('');
  });
});
