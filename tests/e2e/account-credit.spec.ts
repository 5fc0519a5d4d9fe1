import type { APIRequestContext, Page } from '@playwright/test';
import { atBothWidths } from './axe-kit';
import { apiBase, callApi, createAddress, placeOrder, toast } from './account-helpers';
import { DEMO_USER, expect, freshUser, sandbox, seedSession, test, tokensFor, type Account, type Tokens } from './fixtures';
import { offPageElements } from './phone-kit';

// Issue 56, points 2 and 4: the store credit page (/my-credit/) shows the balance and the statement, and pays the
// credit to a bank; bad input says what happened next to its field and keeps what was typed.

/** An amount as en-ZA writes it, any space between thousands ('R1 203,50'). */
const rand = (text: string) => new RegExp(`^${text.replace(' ', '[\\s\\u00a0\\u202f]')}$`);

/** The operator credits a shopper (a partial refund), on an order of theirs when one is named. */
async function credit(request: APIRequestContext, email: string, amount: number, reason: string, orderId?: number): Promise<void> {
  await sandbox(request, 'POST', '/users/credit', { email, amount, reason, ...(orderId ? { order_id: orderId } : {}) });
}

/** A fresh shopper with an order and R1 203,50 of credit from two refunds (one on the order). */
async function creditedShopper(request: APIRequestContext): Promise<{ shopper: Account; tokens: Tokens; orderId: number }> {
  const shopper = await freshUser(request);
  const tokens = await tokensFor(request, shopper);
  const orderId = await placeOrder(request, tokens, { addressId: await createAddress(request, tokens) });
  await credit(request, shopper.email, 978.75, 'Bluetooth speaker sold out', orderId);
  await credit(request, shopper.email, 224.75, 'Delivery cost less than quoted');
  return { shopper, tokens, orderId };
}

/** Every value kept in the page's localStorage, sessionStorage and IndexedDB, as one text. */
async function storedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    for (const storage of [window.localStorage, window.sessionStorage])
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i) ?? '';
        parts.push(`${key}=${storage.getItem(key) ?? ''}`);
      }
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const read = db.transaction(store, 'readonly').objectStore(store).getAll();
          read.onsuccess = () => resolve(read.result as unknown[]);
          read.onerror = () => reject(read.error);
        });
        parts.push(JSON.stringify(all, (_key, value: unknown) => (value instanceof Blob ? '[blob]' : value)));
      }
      db.close();
    }
    return parts.join('\n');
  });
}

/** Fills the withdrawal form; the bank's branch code fills itself in. */
async function fillWithdrawal(page: Page, values: { holder?: string; bank?: string; number: string; type?: string; amount: string; password: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Pay my credit to my bank' });
  await form.getByLabel('Account holder').fill(values.holder ?? 'L Mokoena');
  await form.getByLabel('Bank', { exact: true }).selectOption(values.bank ?? 'Capitec');
  await form.getByLabel('Account number').fill(values.number);
  await form.getByRole('radio', { name: values.type ?? 'Savings' }).check();
  await form.getByLabel('Amount in rand').fill(values.amount);
  await form.getByLabel('Current password', { exact: true }).fill(values.password);
}

test.describe('store credit, a fresh shopper credited by the operator', () => {
  test('the balance and the statement: date, order link, reason, signed amount and balance after', async ({ page, request }) => {
    const { shopper, tokens, orderId } = await creditedShopper(request);
    await seedSession(page, tokens);
    expect(shopper.email).toContain('@');
    await page.goto('/my-credit/');
    await expect(page.getByRole('heading', { level: 1, name: 'Store Credit' })).toBeVisible();
    const balance = page.getByRole('region', { name: 'Your balance' });
    await expect(balance.getByText(rand('R1 203,50'))).toBeVisible();

    const table = page.getByRole('table', { name: 'Every change to your store credit, newest first' });
    const rows = table.getByRole('row');
    // The header row, then the newest movement first.
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Delivery cost less than quoted');
    await expect(rows.nth(1)).toContainText('+R224,75');
    await expect(rows.nth(1).getByRole('cell').nth(0)).toContainText('No order');
    const onOrder = rows.nth(2);
    await expect(onOrder).toContainText(`Order ${orderId}: Bluetooth speaker sold out`);
    await expect(onOrder).toContainText('+R978,75');
    await expect(onOrder).toContainText('R978,75');
    await expect(onOrder.getByRole('rowheader')).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);

    // The statement fits every phone width: rows stack as cards, nothing scrolls sideways.
    for (const width of [320, 360, 375, 412]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(offPageElements), `${width} px`).toBeNull();
    }
    await onOrder.getByRole('link', { name: `Order ${orderId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/my-orders/${orderId}/$`));
  });
});

test.describe('store credit, paid out to a bank', () => {
  test.use({ account: 'fresh' });

  test('each bad input says what happened next to its field and keeps what was typed; a good one is confirmed with its date, pending, and can be cancelled', async ({
    page,
    request,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    await credit(request, signedIn.email, 1203.5, 'Partial refund');
    await page.goto('/my-credit/');
    const form = page.getByRole('form', { name: 'Pay my credit to my bank' });
    await expect(page.getByRole('region', { name: 'Your balance' }).getByText(rand('R1 203,50'))).toBeVisible();

    // The bank fills in its universal branch code, which cannot be typed over.
    await form.getByLabel('Bank', { exact: true }).selectOption('FNB');
    await expect(form.getByLabel('Branch code')).toHaveValue('250655');
    await expect(form.getByLabel('Branch code')).not.toBeEditable();

    // The form's own checks: more than the balance, letters, too few digits for the bank.
    await fillWithdrawal(page, { number: '12345abc90', amount: '1203,51', password: signedIn.password });
    await form.getByRole('button', { name: 'Pay to my bank' }).click();
    await expect(form.getByLabel('Account number')).toHaveAccessibleDescription('Must be digits only');
    await expect(form.getByLabel('Amount in rand')).toHaveAccessibleDescription(/Can't be more than your credit of R1.203,50$/);
    await expect(form.getByLabel('Account number')).toHaveValue('12345abc90');
    await expect(form.getByLabel('Amount in rand')).toHaveValue('1203,51');
    await form.getByLabel('Account number').fill('123456789');
    await form.getByRole('button', { name: 'Pay to my bank' }).click();
    await expect(form.getByLabel('Account number')).toHaveAccessibleDescription('Must be 10 digits for Capitec');

    // Axe at both widths with the form showing its errors.
    await atBothWidths(page, async () => {
      await expect(form.getByLabel('Account number')).toHaveAccessibleDescription('Must be 10 digits for Capitec');
    });

    // The service's checks: a wrong password, and a balance another tab spent meanwhile.
    await form.getByLabel('Account number').fill('6212345678');
    await form.getByLabel('Amount in rand').fill('1203,50');
    await form.getByLabel('Current password', { exact: true }).fill('Not-my-password#1');
    await form.getByRole('button', { name: 'Pay to my bank' }).click();
    await expect(form.getByLabel('Current password', { exact: true })).toHaveAccessibleDescription('That is not your current password');
    await expect(form.getByLabel('Account number')).toHaveValue('6212345678');
    await expect(form.getByLabel('Account holder')).toHaveValue('L Mokoena');
    const elsewhere = await callApi<{ id: number }>(request, signedIn.tokens, 'POST', '/credit/withdrawals', {
      withdrawal: { account_holder: 'L Mokoena', bank: 'ABSA', account_number: '123456789', account_type: 'cheque', amount: '3.50', current_password: signedIn.password },
    });
    await form.getByLabel('Current password', { exact: true }).fill(signedIn.password);
    await form.getByRole('button', { name: 'Pay to my bank' }).click();
    await expect(form.getByLabel('Amount in rand')).toHaveAccessibleDescription(/ Can't be more than your credit of R1.?200[.,]00$/);
    await expect(form.getByLabel('Amount in rand')).toHaveValue('1203,50');
    await callApi(request, signedIn.tokens, 'DELETE', `/credit/withdrawals/${elsewhere.id}`);

    // Typed but not sent: nothing of the account number is in the browser's storage.
    expect(await storedText(page)).not.toContain('6212345678');

    // A good one: confirmed with the date to expect the money, pending in the list, the balance down.
    await form.getByLabel('Amount in rand').fill('500');
    await form.getByRole('button', { name: 'Pay to my bank' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'We will pay R500,00' })).toHaveText(
      /^We will pay R500,00 into your Capitec account ending 5678: expect it by \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
    );
    await expect(page.getByRole('region', { name: 'Your balance' }).getByText(rand('R703,50'))).toBeVisible();
    const withdrawals = page.getByRole('region', { name: 'Withdrawals' });
    const pending = withdrawals.getByRole('listitem').filter({ hasText: 'R500,00 to Capitec ending 5678' });
    await expect(pending).toContainText('Pending');
    await expect(pending).toContainText(/Expect the money by \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(pending).not.toContainText('6212345678');
    await expect(form.getByLabel('Account number')).toHaveValue('');
    await expect(form.getByLabel('Current password', { exact: true })).toHaveValue('');
    expect(await storedText(page)).not.toContain('6212345678');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Withdrawals' }).getByText('Pending').first()).toBeVisible();
    await expect(page.getByRole('form', { name: 'Pay my credit to my bank' }).getByLabel('Account number')).toHaveValue('');

    // Cancelled while pending, after a confirmation whose safe answer has the focus.
    await pending.getByRole('button', { name: /^Cancel the withdrawal of R500,00/ }).click();
    await expect(pending.getByRole('button', { name: 'Keep withdrawal' })).toBeFocused();
    await expect(pending.getByRole('group')).toContainText('Cancel the withdrawal of R500,00 to Capitec? The amount goes back to your store credit.');
    await pending.getByRole('button', { name: 'Cancel withdrawal', exact: true }).click();
    await expect(toast(page, 'Withdrawal cancelled: R500,00 is back in your store credit.')).toBeVisible();
    await expect(pending).toContainText('Cancelled');
    await expect(pending.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Your balance' }).getByText(rand('R1 203,50'))).toBeVisible();
  });

  test("another shopper's withdrawal is not found", async ({ request, signedIn }) => {
    await credit(request, signedIn.email, 100, 'Partial refund');
    const mine = await callApi<{ id: number }>(request, signedIn.tokens, 'POST', '/credit/withdrawals', {
      withdrawal: { account_holder: 'L Mokoena', bank: 'Capitec', account_number: '1234567890', account_type: 'savings', amount: '100', current_password: signedIn.password },
    });
    const other = await freshUser(request);
    const theirs = await tokensFor(request, other);
    const response = await request.delete(`${apiBase}/credit/withdrawals/${mine.id}`, { headers: { Authorization: `Bearer ${theirs.access_token}` } });
    expect(response.status()).toBe(404);
    const still = await callApi<{ withdrawals: { id: number; status: string }[] }>(request, signedIn.tokens, 'GET', '/credit');
    expect(still.withdrawals.find((w) => w.id === mine.id)?.status).toBe('pending');
  });

  test('a withdrawal the operator paid out shows as paid, with no Cancel', async ({ page, request, signedIn }) => {
    await credit(request, signedIn.email, 250, 'Partial refund');
    const mine = await callApi<{ id: number }>(request, signedIn.tokens, 'POST', '/credit/withdrawals', {
      withdrawal: { account_holder: 'L Mokoena', bank: 'FNB', account_number: '62123456789', account_type: 'cheque', amount: '250', current_password: signedIn.password },
    });
    await sandbox(request, 'POST', `/withdrawals/${mine.id}/pay`);
    await page.goto('/my-credit/');
    const paid = page.getByRole('region', { name: 'Withdrawals' }).getByRole('listitem').filter({ hasText: 'R250,00 to FNB ending 6789' });
    await expect(paid).toContainText(/Paid on \d{2} [A-Z][a-z]{2} \d{4}/);
    await expect(paid.getByRole('button')).toHaveCount(0);
    // Nothing left to pay out: the form gives way to a sentence.
    await expect(page.getByText('When you have store credit you can have it paid into your bank account here.')).toBeVisible();
  });
});

test.describe('store credit, the demo shopper', () => {
  test.use({ account: 'demo' });

  test('shows the seeded balance, the statement with an order link and a paid-out withdrawal, and passes axe at both widths', async ({ page, request, signedIn }) => {
    const seeded = await callApi<{ balance: string | number; movements: unknown[] }>(request, signedIn.tokens, 'GET', '/credit');
    expect(Number(seeded.balance)).toBeGreaterThan(0);
    expect(signedIn.email).toBe(DEMO_USER.email);
    await page.goto('/my-credit/');
    await expect(page.getByRole('region', { name: 'Your balance' }).getByText(/^R[\d\s\u00a0\u202f]+,\d{2}$/)).toBeVisible();
    const rows = page.getByRole('table', { name: /^Every change to your store credit/ }).getByRole('row');
    await expect(rows).toHaveCount(seeded.movements.length + 1);
    await expect(rows.getByRole('link', { name: /^Order \d+$/ }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Withdrawals' }).getByText(/^Paid on /).first()).toBeVisible();
    await atBothWidths(page, async () => {
      await expect(rows.first()).toBeAttached();
    });
  });
});

test.describe('store credit, a service without it', () => {
  test.use({ account: 'demo' });

  test('GET /credit answering 404 or 405: the page says store credit is not available, the menu keeps its link', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    for (const status of [404, 405]) {
      await page.route(`${apiBase}/credit`, (route) =>
        route.request().method() === 'GET' ? route.fulfill({ status, contentType: 'application/json', body: '{"error":"Not found"}' }) : route.continue(),
      );
      await page.goto('/my-credit/');
      await expect(page.getByText(/^Store credit is not available yet\./)).toBeVisible();
      await expect(page.getByRole('form', { name: 'Pay my credit to my bank' })).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Store Credit' })).toHaveAttribute('aria-current', 'page');
      await page.unroute(`${apiBase}/credit`);
    }
  });
});
