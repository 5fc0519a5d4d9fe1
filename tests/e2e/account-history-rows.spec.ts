import { createAddress, issueQuote, moveTo, placeOrder } from './account-helpers';
import { atBothWidths } from './axe-kit';
import { expect, sandbox, test } from './fixtures';
import { offPageElements, smallTargets } from './phone-kit';
import { quotedOrderWithCard } from './resilience-kit';

// Issue 55 points 1, 2 (the row opens the order's page, Back returns to the list where it was) and 7 (the pay bar).
// What the rows say, the groups, the counts and the search are unit-tested in order-history.test.ts; the bar's in
// quote-page.test.ts.
test.describe('order history rows', () => {
  test('at 375x800 eight rows start within 1,600 px; each row says its status in words, a placed one awaits its quote', async ({ page, request, signedIn }) => {
    const addressId = await createAddress(request, signedIn.tokens);
    await sandbox(request, 'POST', '/seed-orders', { email: signedIn.email, count: 9 });
    const quoted = await placeOrder(request, signedIn.tokens, { addressId });
    await issueQuote(request, quoted);
    const placed = await placeOrder(request, signedIn.tokens, { addressId });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/my-orders-history/');
    const rows = page.getByRole('article');
    await expect(rows).toHaveCount(11);
    const eighth = await rows.nth(7).evaluate((row) => Math.round(row.getBoundingClientRect().top + window.scrollY));
    console.log(`the 8th row starts at ${eighth} px`);
    expect(eighth).toBeLessThanOrEqual(1600);

    const placedRow = page.getByRole('article', { name: `Order ${placed}`, exact: true });
    await expect(placedRow.getByText('Awaiting quote', { exact: true })).toBeVisible();
    await expect(placedRow.getByText('R0', { exact: true })).toHaveCount(0);
    await expect(placedRow.getByText('Order is placed')).toBeVisible();
    // The chip says the status in words (and to a screen reader, that it is the status), not by its colour alone.
    await expect(placedRow.getByText('Status: placed', { exact: true })).toBeVisible();
    const quotedRow = page.getByRole('article', { name: `Order ${quoted}`, exact: true });
    await expect(quotedRow.getByRole('link', { name: `Quote for order ${quoted}` })).toBeVisible();
    await expect(quotedRow.getByText(/^Pay by \d{2} \w{3} \d{4}, \d{2}:\d{2}$/)).toBeVisible();

    for (const width of [320, 360, 412]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(offPageElements), `the history scrolls sideways at ${width} px`).toBeNull();
      expect(await page.evaluate(smallTargets), `small targets at ${width} px`).toEqual([]);
    }
    await atBothWidths(page, async () => {
      await expect(quotedRow).toBeVisible();
    });
  });

  test('search by number or shop and filter by group with counts; no match says so and clears; a row opens its order and Back returns where it was', async ({ page, request, signedIn }) => {
    const addressId = await createAddress(request, signedIn.tokens);
    await sandbox(request, 'POST', '/seed-orders', { email: signedIn.email, count: 20 });
    const asos = await placeOrder(request, signedIn.tokens, { addressId, portal: 2 });
    const onTheWay = await placeOrder(request, signedIn.tokens, { addressId });
    await issueQuote(request, onTheWay);
    await moveTo(request, onTheWay, 'in transit');
    const delivered = await placeOrder(request, signedIn.tokens, { addressId });
    await issueQuote(request, delivered);
    await moveTo(request, delivered, 'delivered');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/my-orders-history/');

    const filter = page.getByRole('group', { name: 'Show' });
    await expect(filter.getByRole('radio', { name: 'All (23)' })).toBeChecked();
    await expect(filter.getByRole('radio', { name: 'Waiting for me (21)' })).toBeVisible();
    await filter.getByRole('radio', { name: 'On the way (1)' }).check();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: `Order ${onTheWay}`, exact: true }).getByText('in transit')).toBeVisible();
    await expect(page.getByRole('region', { name: /^Pending/ })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Showing 1 of 23 orders' })).toBeVisible();
    await expect(page).toHaveURL(/\/my-orders-history\/\?show=on-the-way$/);
    await filter.getByRole('radio', { name: 'Delivered (1)' }).check();
    await expect(page.getByRole('article', { name: `Order ${delivered}`, exact: true }).getByRole('link', { name: `Invoice for order ${delivered}` })).toBeVisible();
    await filter.getByRole('radio', { name: 'All (23)' }).check();

    const search = page.getByRole('searchbox', { name: 'Search by order number or shop' });
    // Portal 2 is ASOS (sandbox/src/portals.json); the 20 seeded orders take the ten shops in turn.
    await search.fill('asos');
    await expect(page.getByRole('article', { name: `Order ${asos}`, exact: true })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(3);
    await expect(filter.getByRole('radio', { name: 'All (3)' })).toBeChecked();
    await search.fill(`#${delivered}`);
    await expect(page.getByRole('article')).toHaveCount(1);
    await search.fill('no such shop');
    await expect(page.getByText('No orders match “no such shop”.')).toBeVisible();
    await expect(filter.getByRole('radio', { name: 'All (0)' })).toBeChecked();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('article')).toHaveCount(23);

    // Waiting for me, scrolled down: a row's number opens its page; Back finds the filter, the search and the place.
    await filter.getByRole('radio', { name: 'Waiting for me (21)' }).check();
    await search.fill('a');
    await expect(page).toHaveURL(/\?q=a&show=waiting$/);
    const target = page.getByRole('article').nth(9);
    // textContent: a row far down is not rendered yet (content-visibility), so it has no innerText.
    const name = ((await target.getByRole('heading').textContent()) ?? '').trim();
    await target.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(800);
    await target.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/my-orders/${name.replace('Order ', '')}/$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/my-orders-history\/\?q=a&show=waiting$/);
    await expect(search).toHaveValue('a');
    await expect(filter.getByRole('radio', { name: /^Waiting for me/ })).toBeChecked();
    await expect(page.getByRole('link', { name, exact: true })).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 40);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(40);
  });
});

test.describe('the pay bar', () => {
  test('at 375x800 the total and Make Payment stay in view from the top to the bottom, cover nothing at the end, and pay; at 1280 px the form keeps its own', async ({ page, request, signedIn }) => {
    const orderId = await quotedOrderWithCard(request, signedIn.tokens, 'Bar Visa');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/quote-payment/${orderId}/`);
    const pay = page.getByRole('button', { name: 'Make Payment' });
    await expect(pay).toHaveCount(1);
    await expect(pay).toBeInViewport({ ratio: 1 });
    const total = await page.locator('.cost-summary__total dd').innerText();
    const bar = page.locator('.pay-bar');
    await expect(bar.getByText(total, { exact: true })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1600);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(pay).toBeInViewport({ ratio: 1 });
    // The page ends with room for the bar: Cancel Order, the last control, is above it.
    const cancel = await page.getByRole('button', { name: 'Cancel Order' }).boundingBox();
    const barBox = await bar.boundingBox();
    expect((cancel?.y ?? 0) + (cancel?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
    expect(await page.evaluate(offPageElements)).toBeNull();
    expect(await page.evaluate(smallTargets)).toEqual([]);

    await atBothWidths(page, async () => {
      await expect(page.getByRole('button', { name: 'Make Payment' })).toHaveCount(1);
    });
    await expect(bar).toBeHidden();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('radio', { name: 'Bar Visa' }).check();
    await pay.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Your Payment was a Success!' })).toBeVisible();
  });
});
