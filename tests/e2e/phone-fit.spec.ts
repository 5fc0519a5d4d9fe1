import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNT_ROUTES, fillRoute, MODAL_ROUTES, NOT_FOUND_ROUTE, PUBLIC_ROUTES } from '../../scripts/routes.mjs';
import { apiBase, callApi, createAddress, issueQuote, moveTo, placeOrder } from './account-helpers';
import { type Account, expect, freshUser, sandbox, seedSession, test, tokensFor, type Tokens } from './fixtures';
import { LONG, lengthen, offPageElements, smallTargets, smallFieldText, coveredFields } from './phone-kit';

/** The phone widths our shoppers use: small Android phones, the most common width, large phones. */
const WIDTHS = [320, 360, 375, 412];

/** The primary actions of the product, each at least 44 by 44 px wherever it shows. */
const PRIMARY_ACTIONS = ['Place Order', 'Make Payment', 'Sign In', 'Add Items'];

/** Order ids of the statuses the account routes need, from the shopper's own orders. */
async function orderIds(request: APIRequestContext, tokens: Tokens): Promise<Record<string, number>> {
  const orders = await callApi<{ id: number; status: string }[]>(request, tokens, 'GET', '/orders?type=normal&per=100');
  const ids: Record<string, number> = {};
  for (const o of orders) ids[o.status] ??= o.id;
  return ids;
}

/** Opens a route and waits until its answers are in and its screen is drawn. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.spinner')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/**
 * Looks at a route as a phone does, at each width: no sideways scrolling of the page, touch targets of 24 px or
 * spaced apart, 44 px primary actions and 16 px text in fields; then, at 375 by 667 with the keyboard up, no
 * focused field hidden. Every failure names the route, the width and what is at fault.
 */
async function lookAsAPhone(page: Page, path: string): Promise<void> {
  const problems: string[] = [];
  // Opened at the narrowest width, then turned wider as a phone's rotation or a larger phone would: media and
  // container queries, and the carousels' own listeners, follow the viewport without a reload.
  await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 740 });
  await open(page, path);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    const at = `${path} at ${width} px`;
    const wide = await page.evaluate(offPageElements);
    if (wide) problems.push(`${at}: the page is ${wide.scrollWidth} px wide; widest element ${wide.widest}`);
    for (const target of await page.evaluate(smallTargets))
      problems.push(`${at}: touch target under 24 px and too close to another: ${target}`);
    for (const field of await page.evaluate(smallFieldText))
      problems.push(`${at}: field text under 16 px (phones zoom in on focus): ${field}`);
    for (const name of PRIMARY_ACTIONS) {
      for (const button of await page.getByRole('button', { name, exact: true }).all()) {
        const box = (await button.isVisible()) ? await button.boundingBox() : null;
        if (box && (box.width < 44 || box.height < 44))
          problems.push(`${at}: primary action ${name} is ${Math.round(box.width)}x${Math.round(box.height)} px`);
      }
    }
  }
  // A phone's keyboard covers about 300 px of a 375 by 667 screen: what is left is the viewport a focused field must fit.
  await page.setViewportSize({ width: 375, height: 367 });
  for (const field of await page.evaluate(coveredFields)) problems.push(`${path} at 375x667 with the keyboard up: ${field}`);
  expect(problems).toEqual([]);
}

test.describe('every route fits a phone', () => {
  test.describe('as a visitor', () => {
    for (const route of [...PUBLIC_ROUTES, ...MODAL_ROUTES]) {
      test(`visitor: ${route}`, async ({ page }) => {
        await lookAsAPhone(page, route);
      });
    }
  });

  test.describe('as the demo shopper', () => {
    test.use({ account: 'demo' });

    for (const route of ACCOUNT_ROUTES) {
      test(`demo shopper: ${route}`, async ({ page, request, signedIn }) => {
        const path = fillRoute(route, await orderIds(request, signedIn.tokens));
        expect(path, 'the demo shopper has an order in each needed status').not.toMatch(/\/0\/$/);
        await lookAsAPhone(page, path);
      });
    }
  });

  test.describe('with long real-world values', () => {
    let shopper: Account;
    let ids: Record<string, number> = {};

    // One shopper per worker with long values the sandbox can hold (names, a four-line address, long URLs, 1,000
    // orders); a 60-character shop name and a seven-figure total are answered by interception.
    test.beforeAll(async ({ playwright }) => {
      const request = await playwright.request.newContext();
      shopper = await freshUser(request, { firstName: LONG.firstName, lastName: LONG.lastName });
      const tokens = await tokensFor(request, shopper);
      await callApi(request, tokens, 'POST', '/addresses', { address: LONG.address });
      const addressId =
        (await callApi<{ id: number }[]>(request, tokens, 'GET', '/addresses'))[0]?.id ?? (await createAddress(request, tokens));
      const products = [
        { name: LONG.productName, quantity: 12, description: LONG.url, comment: LONG.comment },
        { name: 'Trail running shoes', quantity: 1, description: LONG.url, comment: '' },
      ];
      const placed = await placeOrder(request, tokens, { addressId, products });
      const processing = await placeOrder(request, tokens, { addressId, products });
      await issueQuote(request, processing);
      const delivered = await placeOrder(request, tokens, { addressId, products });
      await issueQuote(request, delivered);
      await moveTo(request, delivered, 'delivered');
      await sandbox(request, 'POST', '/seed-orders', { email: shopper.email, count: 1000 });
      ids = { placed, processing, delivered };
      await request.dispose();
    });

    for (const route of [...ACCOUNT_ROUTES, ...PUBLIC_ROUTES, ...MODAL_ROUTES]) {
      test(`long values: ${route}`, async ({ page, request }) => {
        test.setTimeout(90_000);
        await seedSession(page, await tokensFor(request, shopper));
        await page.route(`${apiBase}/**`, async (answer) => {
          if (answer.request().method() !== 'GET') return answer.continue();
          const response = await answer.fetch();
          const type = response.headers()['content-type'] ?? '';
          if (!type.includes('json')) return answer.fulfill({ response });
          const url = new URL(answer.request().url());
          return answer.fulfill({
            response,
            json: lengthen(await response.json(), url.pathname.endsWith('/portals') ? 'portals' : ''),
          });
        });
        if (route === '/upload-orders/') {
          // The draft keeps what is typed, so every width below opens the form with the long URL and comment in it.
          await open(page, route);
          await page.getByLabel('Product page URL').fill(LONG.url);
          await page.getByLabel('Comment').fill(LONG.comment);
          await page.getByLabel('Product page URL').blur();
          await expect.poll(() => page.evaluate(() => localStorage.getItem('initial_values') ?? '')).toContain(LONG.url);
        }
        await lookAsAPhone(page, route.startsWith(NOT_FOUND_ROUTE) ? route : fillRoute(route, ids));
      });
    }
  });
});
