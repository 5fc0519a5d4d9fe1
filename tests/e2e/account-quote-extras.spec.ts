import type { APIRequestContext, Page, Request } from '@playwright/test';
import { callApi } from './account-helpers';
import { atBothWidths } from './axe-kit';
import { expect, sandbox, test, type Tokens } from './fixtures';
import { quotedOrderWithCard } from './resilience-kit';

// Issue 44 on the quote and the invoice. What the page decides (the total, the gates, what a refusal says, the body
// sent) is unit-tested in quote-extras.test.ts; these are the journeys, with the sandbox recording the choices.

const CONFIRM = 'I confirm this customs declaration';
const MONEY = (text: string) => new RegExp(`^${text.replace(' ', '[\\s\\u00a0]')}$`);

/** A quoted order with a saved card, offered economy and express, insurance at 2 % (at least R50) and declared as the seed declares (Kindle R250 from CN, cover R90 from VN). */
async function trustedQuote(request: APIRequestContext, tokens: Tokens, cardName: string): Promise<number> {
  const orderId = await quotedOrderWithCard(request, tokens, cardName);
  await sandbox(request, 'POST', `/orders/${orderId}/shipping-options`, { id: 'economy', label: 'Economy', price: 0, min_days: 8, max_days: 10 });
  await sandbox(request, 'POST', `/orders/${orderId}/shipping-options`, { id: 'express', label: 'Express', price: 350, min_days: 3, max_days: 5 });
  await sandbox(request, 'POST', `/orders/${orderId}/insurance`, { rate_percent: 2, minimum_premium: 50, covers: 'Loss, theft and damage up to the insured value' });
  const products = await callApi<{ id: number; name: string }[]>(request, tokens, 'GET', `/orders/${orderId}/products`);
  for (const [i, product] of products.entries()) {
    await sandbox(request, 'POST', `/products/${product.id}/declaration`, {
      description: product.name,
      declared_value: i === 0 ? 250 : 90,
      country_of_origin: i === 0 ? 'CN' : 'VN',
    });
  }
  return orderId;
}

/** Opens a trusted quote (see above) and chooses express and insurance, and confirms the declaration unless told not to. */
async function chooseOnTrustedQuote(page: Page, request: APIRequestContext, tokens: Tokens, cardName: string, confirm = true): Promise<number> {
  const orderId = await trustedQuote(request, tokens, cardName);
  await page.goto(`/quote-payment/${orderId}/`);
  await page.getByRole('group', { name: 'Shipping speed' }).getByRole('radio', { name: /^Express/ }).check();
  await page.getByRole('checkbox', { name: 'Insure this parcel' }).check();
  if (confirm) await page.getByRole('checkbox', { name: CONFIRM }).check();
  return orderId;
}

interface Checkout {
  shipping_option_id: string | null;
  insured: boolean;
  insurance_premium: string | number | null;
  declaration_confirmed_at: string | null;
  total: string | number;
}

async function checkoutOf(request: APIRequestContext, tokens: Tokens, orderId: number): Promise<Checkout> {
  return (await callApi<{ checkout: Checkout }>(request, tokens, 'GET', `/orders/${orderId}`)).checkout;
}

function orderBody(sent: Request): Record<string, unknown> {
  return (sent.postDataJSON() as { order: Record<string, unknown> }).order;
}

test.describe('a quote shoppers can trust: shipping speed, insurance, customs declaration', () => {
  test.describe('the demo shopper’s seeded orders (read only)', () => {
    test.use({ account: 'demo' });

    test('the Amazon quote: speeds with price and window, insurance with its premium and cover, the declaration, "if unavailable"; the Total follows; Make Payment waits for the confirmation; at 375 and 1280 px', async ({
      page,
      request,
      signedIn,
    }) => {
      const orders = await callApi<{ id: number; status: string; quote: { shipping_options?: unknown } | null }[]>(request, signedIn.tokens, 'GET', '/orders?per=100');
      const amazon = orders.find((o) => o.status === 'processing' && o.quote?.shipping_options);
      expect(amazon, 'the seeded quote with shipping speeds').toBeDefined();
      await page.goto(`/quote-payment/${amazon?.id}/`);

      const speed = page.getByRole('group', { name: 'Shipping speed' });
      await expect(speed.getByRole('radio')).toHaveCount(2);
      await expect(speed.getByRole('radio', { name: /^Economy No extra charge, 8 to 10 working days$/ })).toBeChecked();
      await expect(speed.getByRole('radio', { name: /^Express R350,00 before VAT, 3 to 5 working days$/ })).not.toBeChecked();
      // The saved cards stay a group of their own.
      await expect(page.getByRole('group', { name: 'Pay with a saved card' }).getByRole('radio', { name: /Express|Economy/ })).toHaveCount(0);

      const costs = page.getByRole('region', { name: 'Cost summary' });
      await expect(costs.getByRole('definition').last()).toHaveText(MONEY('R3 110,75'));
      await speed.getByRole('radio', { name: /^Express/ }).check();
      const insure = page.getByRole('checkbox', { name: 'Insure this parcel' });
      await expect(insure).toHaveAccessibleDescription(/^R50,00 before VAT: 2 % of the insured value of R2.050,00, at least R50,00\. What it covers: Loss, theft and damage/);
      await insure.check();
      await expect(costs.getByRole('term')).toHaveText(['Freight, customs and duties', 'Facilitation fee', 'Shipping (Express)', 'Insurance', 'Sub-total', 'VAT', 'Total']);
      await expect(costs.getByRole('definition')).toHaveText(['R470,00', 'R185,00', 'R350,00', 'R50,00', MONEY('R3 105,00'), 'R465,75', MONEY('R3 570,75')]);
      await expect(page.getByRole('term').filter({ hasText: 'Total amount' }).locator('+ dd')).toHaveText(MONEY('R3 570,75'));

      const declaration = page.getByRole('region', { name: 'Customs declaration' });
      const rows = declaration.getByRole('table').getByRole('row');
      await expect(rows.filter({ hasText: 'Wireless earbuds' })).toContainText('China (CN)');
      await expect(rows.filter({ hasText: 'Wireless earbuds' })).toContainText(/R1.200,00/);
      await expect(rows.filter({ hasText: 'Bluetooth speaker' })).toContainText('Vietnam (VN)');
      const products = page.getByRole('region', { name: 'Products' });
      await expect(products.getByText('If unavailable: buy the alternative (White, same model)')).toBeVisible();
      await expect(products.getByText('If unavailable: ask me')).toBeVisible();

      const pay = page.getByRole('button', { name: 'Make Payment' });
      await expect(pay).toBeDisabled();
      await expect(pay).toHaveAccessibleDescription('Confirm the customs declaration before paying');
      // Held for the shopper, it looks switched off (grey, "not allowed"), not busy or merely paler.
      await expect(pay).toHaveCSS('cursor', 'not-allowed');
      await expect(pay).toHaveCSS('background-color', 'rgb(243, 246, 249)');
      await expect(page.getByRole('button', { name: /^Pay another way/ })).toBeDisabled();
      await atBothWidths(page, async () => {
        await declaration.getByRole('checkbox', { name: CONFIRM }).setChecked(true);
        await expect(pay).toBeEnabled();
        await expect(pay).toHaveCSS('cursor', 'pointer');
      });
    });

    test('the invoice of the order paid express and insured: the speed, the premium and the totals charged, what was declared, "if unavailable"', async ({
      page,
      request,
      signedIn,
    }) => {
      const orders = await callApi<{ id: number; checkout?: unknown }[]>(request, signedIn.tokens, 'GET', '/orders?per=100');
      const paid = orders.find((o) => o.checkout);
      expect(paid, 'the seeded order paid with express and insurance').toBeDefined();
      await page.goto(`/my-invoice/${paid?.id}/`);
      const costs = page.getByRole('region', { name: 'Cost summary' });
      await expect(costs.getByRole('term')).toHaveText(['Freight, customs and duties', 'Facilitation fee', 'Shipping (Express)', 'Insurance', 'Sub-total', 'VAT', 'Total']);
      await expect(costs.getByRole('definition').nth(2)).toHaveText('R350,00');
      await expect(costs.getByRole('definition').nth(3)).toHaveText('R58,40');
      const declaration = page.getByRole('region', { name: 'Customs declaration' });
      await expect(declaration.getByRole('row', { name: /Hiking boots/ })).toContainText('Vietnam (VN)');
      await expect(declaration.getByRole('row', { name: /Merino socks/ })).toContainText('United States (US)');
      await expect(declaration.getByText(/^Confirmed by the shopper on /)).toBeVisible();
      await expect(page.getByText('If unavailable: buy the alternative (UK 7.5)')).toBeVisible();
      await expect(page.getByText('If unavailable: cancel this item')).toBeVisible();
      await atBothWidths(page, () => expect(declaration).toBeVisible());
    });
  });

  test('express and insurance, declaration confirmed, paid with a saved card: the service records the choices and the total', { tag: '@envelope' }, async ({
    page,
    request,
    signedIn,
  }) => {
    const orderId = await chooseOnTrustedQuote(page, request, signedIn.tokens, 'Trusted Visa', false);
    // 765 + 350 + 50 = 1165; VAT 174.75; total 1339.75.
    await expect(page.getByRole('region', { name: 'Cost summary' }).getByRole('definition').last()).toHaveText(MONEY('R1 339,75'));
    await page.getByRole('radio', { name: 'Trusted Visa' }).check();
    await expect(page.getByRole('button', { name: 'Make Payment' })).toBeDisabled();
    await page.getByRole('checkbox', { name: CONFIRM }).check();
    const sent = page.waitForRequest(/\/create_card_payment$/);
    await page.getByRole('button', { name: 'Make Payment' }).click();
    expect(orderBody(await sent)).toMatchObject({ shipping_option_id: 'express', insure: true, insurance_premium: 50, declaration_confirmed: true });
    await expect(page.getByRole('dialog', { name: 'Your Payment was a Success!' })).toBeVisible();
    const checkout = await checkoutOf(request, signedIn.tokens, orderId);
    expect(checkout).toMatchObject({ shipping_option_id: 'express', insured: true });
    expect(Number(checkout.insurance_premium)).toBe(50);
    expect(Number(checkout.total)).toBe(1339.75);
    expect(checkout.declaration_confirmed_at).toBeTruthy();
    // Track Order's Total amount is then what was charged, speed and insurance included.
    await page.goto(`/track-order/?order=${orderId}`);
    await expect(page.getByRole('term').filter({ hasText: 'Total amount' }).locator('+ dd')).toHaveText(MONEY('R1 339,75'));
  });

  test('express withdrawn after the page loaded: the refusal says so, insurance and the declaration stay chosen, another speed pays (here on PayFast’s page)', async ({
    page,
    request,
    signedIn,
  }) => {
    const orderId = await chooseOnTrustedQuote(page, request, signedIn.tokens, 'Withdrawn Visa');
    const speed = page.getByRole('group', { name: 'Shipping speed' });
    await sandbox(request, 'POST', `/orders/${orderId}/shipping-options`, { id: 'express', withdraw: true });

    await page.getByRole('radio', { name: 'Withdrawn Visa' }).check();
    await page.getByRole('button', { name: 'Make Payment' }).click();
    await expect(page.getByRole('region', { name: 'Payment' }).getByRole('alert')).toHaveText('Express is no longer offered: choose another shipping speed');
    await expect(speed.getByRole('radio')).toHaveCount(1);
    await expect(speed.getByRole('radio', { name: /^Economy/ })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Insure this parcel' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: CONFIRM })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Make Payment' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Make Payment' })).toHaveAccessibleDescription('Choose a shipping speed');
    expect((await callApi<{ status: string }>(request, signedIn.tokens, 'GET', `/orders/${orderId}`)).status).toBe('processing');

    await speed.getByRole('radio', { name: /^Economy/ }).check();
    const sent = page.waitForRequest(/\/create_hosted_payment$/);
    await page.getByRole('button', { name: /^Pay another way/ }).click();
    expect(orderBody(await sent)).toMatchObject({ shipping_option_id: 'economy', insure: true, insurance_premium: 50, declaration_confirmed: true });
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page.getByRole('dialog', { name: 'Your Payment was a Success!' })).toBeVisible();
    expect(await checkoutOf(request, signedIn.tokens, orderId)).toMatchObject({ shipping_option_id: 'economy', insured: true });
  });

  test('a premium that changed since the page loaded: the refusal names both, the new premium and total show, the choices stay, and it pays', async ({
    page,
    request,
    signedIn,
  }) => {
    const orderId = await chooseOnTrustedQuote(page, request, signedIn.tokens, 'Premium Visa');
    await sandbox(request, 'POST', `/orders/${orderId}/insurance`, { rate_percent: 2, minimum_premium: 90 });

    await page.getByRole('radio', { name: 'Premium Visa' }).check();
    await page.getByRole('button', { name: 'Make Payment' }).click();
    await expect(page.getByRole('region', { name: 'Payment' }).getByRole('alert')).toHaveText(
      'The insurance premium changed from R50.00 to R90.00: check the new total',
    );
    const costs = page.getByRole('region', { name: 'Cost summary' });
    // 765 + 350 + 90 = 1205; VAT 180.75; total 1385.75.
    await expect(costs.getByRole('definition')).toHaveText(['R150,00', 'R185,00', 'R350,00', 'R90,00', MONEY('R1 205,00'), 'R180,75', MONEY('R1 385,75')]);
    await expect(page.getByRole('group', { name: 'Shipping speed' }).getByRole('radio', { name: /^Express/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Insure this parcel' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: CONFIRM })).toBeChecked();

    await page.getByRole('button', { name: 'Make Payment' }).click();
    await expect(page.getByRole('dialog', { name: 'Your Payment was a Success!' })).toBeVisible();
    const checkout = await checkoutOf(request, signedIn.tokens, orderId);
    expect(Number(checkout.insurance_premium)).toBe(90);
    expect(Number(checkout.total)).toBe(1385.75);
  });

  test('a quote whose service sends none of it is today’s quote: no speed, insurance or declaration, and today’s payment body', async ({ page, request, signedIn }) => {
    const orderId = await quotedOrderWithCard(request, signedIn.tokens, 'Plain Visa');
    await page.goto(`/quote-payment/${orderId}/`);
    await page.getByRole('radio', { name: 'Plain Visa' }).check();
    await expect(page.getByRole('group', { name: 'Shipping speed' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Customs declaration' })).toHaveCount(0);
    const sent = page.waitForRequest(/\/create_card_payment$/);
    await page.getByRole('button', { name: 'Make Payment' }).click();
    expect(Object.keys(orderBody(await sent)).sort()).toEqual(['cancel_url', 'card_id', 'return_url']);
    await expect(page.getByRole('dialog', { name: 'Your Payment was a Success!' })).toBeVisible();
  });
});
