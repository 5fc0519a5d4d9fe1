import { axeViolations } from './axe-kit';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const CATEGORIES = ['Clothing', 'Footwear', 'Electronics (phones, laptops, tablets)', 'Cosmetics and perfume', 'Sports equipment', 'Home and kitchen', 'Books'];

/** An amount as formatRand writes it: en-ZA groups thousands with a (no-break) space and uses a decimal comma. */
const rand = (text: string): RegExp => new RegExp(`^${text.replace(' ', '[\\s\\u00a0]')}$`);

/** The calculator's results. */
function results(page: Page): Locator {
  return page.getByRole('region', { name: 'Your estimate' });
}

/** The value cell of one line of the results table. */
function line(page: Page, name: string | RegExp): Locator {
  return results(page).getByRole('row', { name }).getByRole('cell');
}

/** Focuses the first price field and waits until the island has hydrated (Astro drops the ssr attribute). */
async function hydrate(page: Page): Promise<void> {
  await page.getByLabel('Price (USD)').focus();
  await expect(page.locator('astro-island', { has: page.getByLabel('Shop currency') })).not.toHaveAttribute('ssr');
}

async function expectNoViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

  test('/estimate/ explains the quote and shows every rate as text', async ({ page }) => {
    const response = await page.goto('/estimate/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Cost estimator | Shopper');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cost estimator');
    await expect(page.getByText('The calculator needs JavaScript')).toBeVisible();
    await expect(page.getByLabel('Price (USD)')).toBeHidden();

    const makeUp = page.getByRole('region', { name: 'How the quote is made up' });
    for (const text of ['Customs value:', 'Customs duty:', 'VAT:', 'Shipping:', 'Facilitation fee:']) await expect(makeUp.getByText(text)).toBeVisible();
    await expect(makeUp.getByText('15 % of the customs value plus 10 % of it plus the duty')).toBeVisible();
    await expect(makeUp.getByText(/minimum order value is \$100/)).toBeVisible();

    const duty = page.getByRole('region', { name: 'Customs duty by category' });
    await expect(duty.getByRole('rowheader')).toHaveText(CATEGORIES);
    await expect(duty.getByRole('row', { name: /^Clothing 45 %/ })).toContainText('SARS');
    await expect(duty.getByRole('row', { name: /^Books 0 %/ })).toContainText('02 Nov 2026');

    const shipping = page.getByRole('region', { name: 'Shipping by weight' });
    await expect(shipping.getByRole('row', { name: /^Up to 1 kg/ }).getByRole('cell')).toHaveText('R450,00');
    await expect(shipping.getByRole('rowheader')).toHaveCount(6);

    await expect(page.getByRole('region', { name: 'Facilitation fee' })).toContainText('$10 per order');
    // Each table scrolls sideways on a phone in a region of its own, named apart from its section (landmark-unique).
    for (const table of ['Customs duty table', 'Shipping by weight table', 'Exchange rates table']) {
      await expect(page.getByRole('region', { name: table, exact: true }).getByRole('table')).toBeVisible();
    }

    const rates = page.getByRole('region', { name: 'Exchange rates' });
    for (const [name, rate] of [
      ['US dollar (USD)', 'R17,45'],
      ['British pound (GBP)', 'R22,95'],
      ['Euro (EUR)', 'R20,15'],
    ] as const) {
      const row = rates.getByRole('row', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
      await expect(row.getByRole('cell').first()).toHaveText(rate);
      await expect(row).toContainText('20 Nov 2026');
    }
  });
});

test.describe('the calculator', () => {
  test('a shopper estimates a basket: the total in rand follows the rate and the currency, lines are added and removed, under $100 the minimum shows', async ({ page }) => {
    // The arithmetic of each line at the published rates is unit-tested (tests/unit/estimate-published.test.ts);
    // this journey keeps what the page shows of it, the focus moves and the minimum notice.
    await page.goto('/estimate/');
    await hydrate(page);
    await expect(page.getByLabel('Exchange rate (rand per 1 USD)')).toHaveValue('17.45');
    await expect(page.getByText('Published rate R17,45, as of 20 Nov 2026')).toBeVisible();

    const item = page.getByRole('group', { name: 'Item 1' });
    await item.getByLabel('Price (USD)').fill('60');
    await item.getByLabel('Quantity').fill('2');
    await item.getByLabel('Category').selectOption({ label: 'Clothing: 45 % duty' });
    await expect(line(page, 'Customs duty')).toHaveText('R942,30');
    await expect(line(page, 'Estimated total')).toHaveText(rand('R4 147,66'));
    await expect(page.getByRole('status').filter({ hasText: 'Estimated total' })).toHaveText(/^Estimated total R4[\s\u00a0]147,66$/);
    await expect(results(page).getByText(/minimum order value is \$100/)).toHaveCount(0);
    await expect(results(page).getByText('This is an estimate, not a quote.')).toBeVisible();

    await page.getByLabel('Exchange rate (rand per 1 USD)').fill('18');
    await expect(line(page, 'Estimated total')).toHaveText(rand('R4 264,20'));

    await page.getByLabel('Shop currency').selectOption('GBP');
    await expect(page.getByLabel('Exchange rate (rand per 1 GBP)')).toHaveValue('22.95');
    await item.getByLabel('Price (GBP)').fill('20');
    await item.getByLabel('Quantity').fill('1');
    await expect(results(page).getByText(/minimum order value is \$100 of products from one shop/)).toBeVisible();

    await page.getByRole('button', { name: 'Add another item' }).click();
    const second = page.getByRole('group', { name: 'Item 2' });
    await expect(second.getByLabel('Price (GBP)')).toBeFocused();
    await second.getByLabel('Price (GBP)').fill('100');
    await second.getByLabel('Category').selectOption({ label: 'Electronics (phones, laptops, tablets): 0 % duty' });
    await expect(line(page, 'Customs value')).toHaveText(rand('R2 754,00'));
    await expect(results(page).getByText(/minimum order value is \$100/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Remove item 2' }).click();
    await expect(page.getByRole('group', { name: 'Item 2' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add another item' })).toBeFocused();
    await expect(line(page, 'Customs value')).toHaveText('R459,00');
  });

  test("a guest's Order these items goes to registration", async ({ page }) => {
    await page.goto('/estimate/');
    await expect(page.getByRole('link', { name: 'Order these items' })).toHaveAttribute('href', '/register/');
  });

  test("a signed-in shopper's Order these items goes to the order form, which links back to the estimator", async ({ page, signedIn }) => {
    expect(signedIn.tokens.access_token).not.toBe('');
    await page.goto('/estimate/');
    await page.getByRole('link', { name: 'Order these items' }).click();
    await expect(page).toHaveURL(/\/upload-orders\/$/);
    await page.getByRole('link', { name: 'Estimate the cost first' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cost estimator');
  });
});

test.describe('links to the estimator', () => {
  for (const path of ['/', '/how-it-works/']) {
    test(`${path}: the Get a quote step links to /estimate/`, async ({ page }) => {
      await page.goto(path);
      const step = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Step 4: Get a quote' }) });
      await step.getByRole('link', { name: 'Estimate the cost first' }).click();
      await expect(page).toHaveURL(/\/estimate\/$/);
    });
  }

  test("the footer's quick links reach the estimator", async ({ page }) => {
    await page.goto('/contact-us/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cost Estimator' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cost estimator');
  });
});

for (const width of [375, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('/estimate/ has no WCAG 2.2 AA violations, before and after estimating', async ({ page }) => {
      await page.goto('/estimate/');
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page);
      await hydrate(page);
      await page.getByLabel('Price (USD)').fill('20');
      await page.getByRole('button', { name: 'Add another item' }).click();
      await page.getByLabel('Exchange rate (rand per 1 USD)').fill('abc');
      await expect(page.getByText('Enter a rate above 0.')).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
