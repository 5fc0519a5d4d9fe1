import { callApi, createAddress, toast } from './account-helpers';
import { axeViolations } from './axe-kit';
import { apiOrigin, expect, sandbox, spendRateLimit, test, tokensFor } from './fixtures';

test.describe('my details', () => {
  test('the personal details form saves and keeps what was saved, WhatsApp as the notification method too', async ({ page, request, signedIn }) => {
    await page.goto('/my-details/');
    const form = page.getByRole('form', { name: 'Personal details' });
    await expect(form.getByLabel('First name')).toHaveValue(signedIn.firstName);
    await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveValue(signedIn.email);
    await form.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
    await form.getByRole('textbox', { name: 'E-mail' }).blur();
    await expect(form.getByText('Must be a valid email')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    await form.getByRole('textbox', { name: 'E-mail' }).fill(signedIn.email);
    await form.getByRole('textbox', { name: 'E-mail' }).press('Tab');
    await expect(form.getByText('Must be a valid email')).toHaveCount(0);
    await form.getByLabel('First name').fill('Naledi');
    await form.getByLabel('Mobile').fill('0821112222');
    await form.getByLabel('Mobile').press('Tab');
    await expect(form.getByRole('group', { name: 'Notification method' }).getByRole('radio')).toHaveCount(3);
    await form.getByRole('radio', { name: 'WhatsApp' }).check();
    // Where the order news goes needs the password, as a new e-mail does.
    await form.getByLabel('Current password', { exact: true }).fill(signedIn.password);
    await form.getByRole('button', { name: 'Save Details' }).click();
    await expect(toast(page, 'Details Updated')).toBeVisible();
    await expect(form.getByLabel('Current password', { exact: true })).toHaveCount(0);

    const user = await callApi<{ first_name: string; mobile: string; notification_method: string }>(request, signedIn.tokens, 'GET', '/users/show_details');
    expect(user).toMatchObject({ first_name: 'Naledi', mobile: '0821112222', notification_method: 'whatsapp' });
    await page.reload();
    await expect(page.getByRole('form', { name: 'Personal details' }).getByLabel('First name')).toHaveValue('Naledi');
    await expect(page.getByRole('form', { name: 'Personal details' }).getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
  });

  test('the update sends the client names of SPEC section 7 to PATCH /users/{id}', async ({ page, request, signedIn }) => {
    await page.goto('/my-details/');
    const form = page.getByRole('form', { name: 'Personal details' });
    await expect(form.getByLabel('First name')).toHaveValue(signedIn.firstName);
    const email = `renamed-${signedIn.email}`;
    await form.getByLabel('First name').fill('Naledi');
    await form.getByLabel('Last name').fill('Dube');
    await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await form.getByLabel('Mobile').fill('0821112222');
    await form.getByRole('radio', { name: 'E-mail' }).check();
    // A new e-mail is the account's new sign-in name: the form asks for the current password first.
    const password = form.getByLabel('Current password', { exact: true });
    await form.getByRole('button', { name: 'Save Details' }).click();
    await expect(form.getByText('Enter your current password', { exact: true })).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await password.fill('Not#MyPassword1');
    await form.getByRole('button', { name: 'Save Details' }).click();
    await expect(form.getByText('That is not your current password', { exact: true })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
    await expect(form.getByLabel('Last name')).toHaveValue('Dube');
    await password.fill(signedIn.password);
    const sent = page.waitForRequest((r) => r.method() === 'PATCH' && /\/api\/web\/v1\/users\/\d+$/.test(new URL(r.url()).pathname));
    await form.getByRole('button', { name: 'Save Details' }).click();
    const patch = await sent;
    expect(patch.postDataJSON()).toEqual({
      user: { firstName: 'Naledi', lastName: 'Dube', email, mobile: '0821112222', notificationMethod: 'email', current_password: signedIn.password },
    });
    await expect(toast(page, 'Details Updated')).toBeVisible();
    // The old address is told, so a change its owner did not make is seen.
    const outbox = await sandbox<{ kind: string; recipient: string; payload: { new_email: string } }[]>(request, 'GET', '/outbox');
    expect(outbox.find((m) => m.kind === 'email_changed' && m.recipient === signedIn.email)?.payload.new_email).toBe(email);

    // A new e-mail ends every session of the account, so the check signs in again under it.
    const tokens = await tokensFor(request, { email, password: signedIn.password });
    const user = await callApi<{ id: number; first_name: string; last_name: string; email: string; notification_method: string }>(request, tokens, 'GET', '/users/show_details');
    expect(new URL(patch.url()).pathname).toBe(`/api/web/v1/users/${user.id}`);
    expect(user).toMatchObject({ first_name: 'Naledi', last_name: 'Dube', email, notification_method: 'email' });
  });

  test('a new mobile asks for the current password: a wrong one shows on the field and keeps what was typed, the right one saves and the e-mail is told; a new first name asks for none', async ({
    page,
    request,
    signedIn,
  }) => {
    await page.goto('/my-details/');
    const form = page.getByRole('form', { name: 'Personal details' });
    await expect(form.getByLabel('First name')).toHaveValue(signedIn.firstName);
    const password = form.getByLabel('Current password', { exact: true });
    await expect(password).toHaveCount(0);
    // The first name alone needs no password.
    await form.getByLabel('First name').fill('Naledi');
    await expect(password).toHaveCount(0);
    await form.getByRole('button', { name: 'Save Details' }).click();
    await expect(toast(page, 'Details Updated')).toBeVisible();
    expect(await callApi<{ first_name: string }>(request, signedIn.tokens, 'GET', '/users/show_details')).toMatchObject({ first_name: 'Naledi' });

    await form.getByLabel('Mobile').fill('082 999 0000');
    await expect(password).toBeVisible();
    await expect(password).toHaveAccessibleDescription(/where your order news goes: enter your password to change them\. We will tell you by e-mail\./);
    await form.getByLabel('Last name').fill('Dube');
    await form.getByRole('button', { name: 'Save Details' }).click();
    await expect(form.getByText('Enter your current password', { exact: true })).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await password.fill('Not#MyPassword1');
    await form.getByRole('button', { name: 'Save Details' }).click();
    await expect(form.getByText('That is not your current password', { exact: true })).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveValue('Not#MyPassword1');
    await expect(form.getByLabel('Mobile')).toHaveValue('082 999 0000');
    await expect(form.getByLabel('Last name')).toHaveValue('Dube');
    expect(await callApi<{ mobile: string }>(request, signedIn.tokens, 'GET', '/users/show_details')).toMatchObject({ mobile: '+27821234567' });
    expect(await axeViolations(page)).toEqual([]);

    await password.fill(signedIn.password);
    // The first save's toast may still show: the answer itself says this one went through.
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/api\/web\/v1\/users\/\d+$/.test(new URL(r.url()).pathname));
    await form.getByRole('button', { name: 'Save Details' }).click();
    expect((await saved).status()).toBe(200);
    await expect(password).toHaveCount(0);
    expect(await callApi<{ last_name: string; mobile: string }>(request, signedIn.tokens, 'GET', '/users/show_details')).toMatchObject({ last_name: 'Dube', mobile: '0829990000' });
    const outbox = await sandbox<{ kind: string; recipient: string; subject: string }[]>(request, 'GET', '/outbox');
    expect(outbox.find((m) => m.kind === 'notifications_changed' && m.recipient === signedIn.email)?.subject).toBe(`Your order notifications now go by e-mail to ${signedIn.email}`);
    // Choosing the method back as it was asks for nothing.
    await form.getByRole('radio', { name: 'SMS' }).check();
    await expect(password).toBeVisible();
    await form.getByRole('radio', { name: 'E-mail' }).check();
    await expect(password).toHaveCount(0);
  });

  test('wrong current passwords pause like failed sign-ins: an e-mail change then says when to try again, other details still save', async ({
    page,
    request,
    signedIn,
  }) => {
    const me = await callApi<{ id: number }>(request, signedIn.tokens, 'GET', '/users/show_details');
    const headers = { Authorization: `Bearer ${signedIn.tokens.access_token}` };
    await spendRateLimit(() => request.delete(`${apiOrigin}/api/web/v1/users/${me.id}`, { headers, data: { user: { current_password: 'Guess#2026' } } }));
    await page.goto('/my-details/');
    const form = page.getByRole('form', { name: 'Personal details' });
    await form.getByRole('textbox', { name: 'E-mail' }).fill(`new-${signedIn.email}`);
    await form.getByLabel('Current password', { exact: true }).fill(signedIn.password);
    const save = form.getByRole('button', { name: 'Save Details' });
    await save.click();
    const wait = /^Too many password attempts\. Please wait \d+ seconds before you try again\.$/;
    await expect(toast(page, wait)).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription(wait);
    await expect(form.getByLabel('Current password', { exact: true })).toHaveValue(signedIn.password);
    // Closing the account asks for the same password, so it waits too.
    const close = page.getByRole('region', { name: 'Close my account' }).getByRole('button', { name: 'Close my account' });
    await expect(close).toBeDisabled();
    await expect(close).toHaveAccessibleDescription(wait);
    expect(await axeViolations(page)).toEqual([]);
    // Back to the account's e-mail, no password is asked for; an emptied name is a plain string (SPEC section 5) and saves.
    await form.getByRole('textbox', { name: 'E-mail' }).fill(signedIn.email);
    await form.getByLabel('Last name').fill('');
    await save.click();
    await expect(toast(page, 'Details Updated')).toBeVisible();
    expect(await callApi<{ last_name: string }>(request, signedIn.tokens, 'GET', '/users/show_details')).toMatchObject({ last_name: '' });
  });

  test('a server field error shows on its field and nothing typed is lost', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.goto('/my-details/');
    const form = page.getByRole('form', { name: 'Personal details' });
    await form.getByLabel('Last name').fill('Dube');
    await form.getByLabel('Mobile').fill('12');
    await form.getByLabel('Current password', { exact: true }).fill(signedIn.password);
    await form.getByRole('button', { name: 'Save Details' }).click();
    await expect(form.getByLabel('Mobile')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Last name')).toHaveValue('Dube');
    await expect(form.getByLabel('Mobile')).toHaveValue('12');
    await expect(form.getByLabel('Current password', { exact: true })).toHaveValue(signedIn.password);
  });

  test('an address is added, deleted and restored with the undo toast', { tag: '@envelope' }, async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.goto('/my-details/');
    const addresses = page.getByRole('region', { name: 'Addresses' });
    await expect(addresses.getByText('No saved addresses yet.')).toBeVisible();
    await addresses.getByLabel('Location name').fill('Beach house');
    await addresses.getByLabel('Street address').fill('1 Marine Drive');
    await addresses.getByLabel('Town or city').fill('Durban');
    await addresses.getByLabel('Province').fill('KwaZulu-Natal');
    await addresses.getByLabel('Postal code').fill('4001');
    await addresses.getByRole('button', { name: 'Add Address' }).click();
    await expect(toast(page, 'Address Added')).toBeVisible();
    const card = addresses.getByRole('article', { name: 'Address Beach house' });
    for (const text of ['KwaZulu-Natal', 'Durban', '1 Marine Drive', '4001']) await expect(card.getByText(text, { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Delete address Beach house' }).click();
    await expect(card).toHaveCount(0);
    await expect(toast(page, 'Address Beach house deleted')).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(addresses.getByRole('article', { name: 'Address Beach house' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('article', { name: 'Address Beach house' })).toBeVisible();
  });

  test('deleting an address the server has already deleted (a timed-out delete that went through) drops it, with the undo toast', async ({ page, request, signedIn }) => {
    const id = await createAddress(request, signedIn.tokens, 'Cottage');
    await page.goto('/my-details/');
    const addresses = page.getByRole('region', { name: 'Addresses' });
    const card = addresses.getByRole('article', { name: 'Address Cottage' });
    await expect(card).toBeVisible();
    await callApi(request, signedIn.tokens, 'DELETE', `/addresses/${id}`);
    await card.getByRole('button', { name: 'Delete address Cottage' }).click();
    await expect(toast(page, 'Address Cottage deleted')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(toast(page, 'Not found')).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(card).toBeVisible();
  });
});

test.describe('my details of the demo shopper', () => {
  test.use({ account: 'demo' });

  test('saved cards show their names without a radio, and the Add Credit Card tile', { tag: '@envelope' }, async ({ page, signedIn }) => {
    expect(signedIn.email).toBe('shopper@example.com');
    await page.goto('/my-details/');
    const cards = page.getByRole('region', { name: 'Saved cards' });
    await expect(cards.getByText('Personal Visa')).toBeVisible();
    await expect(cards.getByRole('radio')).toHaveCount(0);
    await expect(cards.getByRole('link', { name: 'Add Credit Card' })).toHaveAttribute('href', '/add-card/');
  });
});
