import { axeViolations } from './axe-kit';
import site from '../../src/content/site/site.json' with { type: 'json' };
import { callApi, createAddress, moveTo, placeOrder } from './account-helpers';
import { expect, sandbox, test } from './fixtures';

const { company } = site;

test.describe('the tax invoice', () => {
  test('names supplier, VAT number, invoice number and date, recipient and address, each item with quantity and amount, VAT and total; axe clean; prints on one A4 page', async ({
    page,
    request,
    signedIn,
  }) => {
    const addressId = await createAddress(request, signedIn.tokens, 'Office');
    const orderId = await placeOrder(request, signedIn.tokens, {
      addressId,
      products: [
        { name: 'Kindle Paperwhite Signature Edition 32 GB with auto-adjusting front light', quantity: 1 },
        { name: 'Leather cover', quantity: 2, comment: 'Black, not brown' },
        { name: 'USB-C charger', quantity: 3 },
      ],
    });
    await sandbox(request, 'POST', `/orders/${orderId}/quote`, {
      cost: [2499.99, 350, 199.5],
      customs: [450, 40, 20],
      delivery: [120, 30, 15],
      fee: 185,
    });
    await moveTo(request, orderId, 'paid');
    const order = await callApi<{ quote: { total_vat: number | string; total: number | string; quoted_at: string } }>(
      request,
      signedIn.tokens,
      'GET',
      `/orders/${orderId}`,
    );

    await page.goto(`/my-invoice/${orderId}/`);
    await expect(page.getByRole('heading', { level: 1, name: `Order No. ${orderId}` })).toBeVisible();
    const invoice = page.locator('.invoice');
    await expect(invoice.getByRole('heading', { level: 2, name: 'Tax Invoice' })).toBeVisible();
    const supplier = page.getByRole('region', { name: 'Supplier' });
    await expect(supplier).toContainText(company.legalName);
    for (const line of company.registeredAddress) await expect(supplier).toContainText(line);
    await expect(supplier).toContainText(`VAT registration number ${company.vatNumber}`);
    const numbers = invoice.locator('.invoice__numbers');
    await expect(numbers.getByText('Invoice No.')).toBeVisible();
    await expect(numbers.locator('dd').first()).toHaveText(String(orderId));
    await expect(numbers.locator('dd').nth(1)).toHaveText(/^\d{1,2} \w{3} \d{4}$/);
    const recipient = page.getByRole('region', { name: 'Recipient' });
    await expect(recipient).toContainText(`${signedIn.firstName} ${signedIn.lastName}`);
    await expect(recipient).toContainText('14 Jan Smuts Avenue');

    const rows = page.getByRole('table', { name: `Products of order ${orderId}` }).locator('tbody tr');
    await expect(rows).toHaveCount(3);
    // Leather cover: 2 × (350 + 40 + 30) = 840.
    const cover = rows.filter({ hasText: 'Leather cover' });
    await expect(cover.locator('[data-label="Quantity"]')).toHaveText('2');
    await expect(cover.locator('[data-label="Amount"]')).toHaveText(/^R\s?840[,.]00$/);
    const summary = invoice.locator('.cost-summary');
    const rand = (value: number | string) =>
      new RegExp(
        `R\\s?${Number(value)
          .toFixed(2)
          .replace(/\B(?=(\d{3})+(?!\d))/g, '[\\s\u00a0]')
          .replace('.', '[,.]')}$`,
      );
    await expect(summary.locator('div', { hasText: 'VAT' }).locator('dd')).toHaveText(rand(order.quote.total_vat));
    await expect(summary.locator('.cost-summary__total dd')).toHaveText(rand(order.quote.total));

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect((await axeViolations(page, 'all')).map((v) => `${width}px ${v}`)).toEqual([]);
    }

    await page.emulateMedia({ media: 'print' });
    for (const chrome of ['.site-header', '.site-footer', '[data-account-menu]', '.back-link', '.Toastify']) {
      for (const element of await page.locator(chrome).all()) await expect(element).toBeHidden();
    }
    await expect(page.getByRole('button', { name: 'Print invoice' })).toBeHidden();
    const text = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(text.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    expect(text).toMatch(/\/MediaBox\s*\[0 0 59[45][.\d]* 84[12][.\d]*\]/);
  });
});
