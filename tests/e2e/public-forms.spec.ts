import type { Page } from '@playwright/test';
import { apiOrigin, expect, sandbox, spendRateLimit, test } from './fixtures';

interface OutboxRow {
  kind: string;
  payload: Record<string, string>;
}

async function lastMail(request: Parameters<typeof sandbox>[0], kind: string, email: string): Promise<Record<string, string> | undefined> {
  const rows = await sandbox<OutboxRow[]>(request, 'GET', '/outbox');
  return rows.find((row) => row.kind === kind && row.payload.email === email)?.payload;
}

async function failWith500(page: Page, path: string, body: unknown): Promise<void> {
  await page.route(`${apiOrigin}/api/web/v1${path}`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify(body) }),
  );
}

const unique = (): string => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Spends the rate limit of a message form's e-mail address, fills the form and sends it: the page's call is one too many. */
async function sendOverLimit(page: Page, path: string, contact: Record<string, string>, fields: Record<string, string>): Promise<void> {
  await spendRateLimit(() => page.request.post(`${apiOrigin}/api/web/v1${path}`, { data: { contact } }));
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Send message' }).click();
}

test.describe('messages over the rate limit', () => {
  const wait = 'Too many messages sent. Please wait 15 minutes before you try again.';

  test('the contact form says when to try again, holds Send message and keeps what was typed', async ({ page }) => {
    const email = `limited-${unique()}@example.com`;
    await page.goto('/contact-us/');
    await sendOverLimit(page, '/email/contact_us', { email, query_title: 'Hi', query_body: 'Hello' }, { 'E-mail': email, 'Your query': 'Where is my parcel?' });
    await expect(page.getByText(wait).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Send message' })).toHaveAccessibleDescription(wait);
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await expect(page.getByLabel('Your query')).toHaveValue('Where is my parcel?');
  });

  test('the advertise form says when to try again, holds Send message and keeps what was typed', async ({ page }) => {
    const email = `limited-${unique()}@example.com`;
    await page.goto('/advertise-with-us/');
    await sendOverLimit(page, '/email/advertise_with_us', { email, company_name: 'Shop', message: 'Hello' }, { 'E-mail': email, 'Company name': 'Kasi Kicks' });
    await expect(page.getByText(wait).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send message' })).toHaveAccessibleDescription(wait);
    await expect(page.getByLabel('Company name')).toHaveValue('Kasi Kicks');
  });
});

test.describe('contact form', () => {
  test('loads no React until the visitor interacts, then keeps what was typed before it arrived', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/contact-us/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /ContactForm|client\.[\w-]+\.js/.test(url))).toEqual([]);

    const email = `visitor-${unique()}@example.com`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('First name').fill('Sipho');
    await page.getByLabel('Your query').fill('Where is my parcel?');
    await expect.poll(() => scripts.some((url) => /ContactForm/.test(url))).toBe(true);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Successfully Sent')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue('');
    const mail = await lastMail(page.request, 'contact_us', email);
    expect(mail).toMatchObject({ first_name: 'Sipho', query_body: 'Where is my parcel?' });
  });

  test('an invalid e-mail shows the section 5 message tied to the field', async ({ page }) => {
    await page.goto('/contact-us/');
    const field = page.getByLabel('E-mail');
    await field.fill('not-an-email');
    await field.blur();
    const message = page.getByText('Must be a valid email');
    await expect(message).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAttribute('aria-describedby', (await message.getAttribute('id')) ?? 'missing');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(field).toBeFocused();
    await field.fill('fixed@example.com');
    await expect(message).toBeHidden();
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('sends every field under its wire name, with the query title taken from ?title=', async ({ page, request }) => {
    await page.goto('/contact-us/?title=Query%20about%20order%2042');
    await expect(page.getByLabel('Query title')).toHaveValue('Query about order 42');
    const email = `wire-${unique()}@example.com`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('First name').fill('Ayanda');
    await page.getByLabel('Last name').fill('Zulu');
    await page.getByLabel('Mobile number').fill('+27821234567');
    await page.getByLabel('Your query').fill('The quote seems high.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Successfully Sent')).toBeVisible();
    expect(await lastMail(request, 'contact_us', email)).toMatchObject({
      email,
      first_name: 'Ayanda',
      last_name: 'Zulu',
      mobile: '+27821234567',
      query_title: 'Query about order 42',
      query_body: 'The quote seems high.',
    });
  });

  test('a server error shows its message as a toast and keeps the form filled', async ({ page }) => {
    await failWith500(page, '/email/contact_us', { error: 'Mail service unavailable' });
    await page.goto('/contact-us/');
    await page.getByLabel('E-mail').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Mail service unavailable')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue('someone@example.com');
  });
});

test.describe('advertise form', () => {
  test('sends the message and shows Email Sent', async ({ page, request }) => {
    await page.goto('/advertise-with-us/');
    const email = `ads-${unique()}@example.com`;
    await page.getByLabel('Company name').fill('Kasi Kicks');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Mobile number').fill('0821234567');
    await page.getByLabel('Message').fill('A banner for December.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Email Sent')).toBeVisible();
    expect(await lastMail(request, 'advertise_with_us', email)).toMatchObject({
      email,
      mobile: '0821234567',
      company_name: 'Kasi Kicks',
      message: 'A banner for December.',
    });
  });

  test('an invalid e-mail is refused with the section 5 message', async ({ page }) => {
    await page.goto('/advertise-with-us/');
    await page.getByLabel('E-mail').fill('shop@');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Must be a valid email')).toBeVisible();
    await expect(page.getByText('Email Sent')).toBeHidden();
  });

  test('a 500 without an error text shows the generic status message', async ({ page }) => {
    await failWith500(page, '/email/advertise_with_us', {});
    await page.goto('/advertise-with-us/');
    await page.getByLabel('E-mail').fill('shop@example.com');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Request failed with status code 500')).toBeVisible();
  });
});
