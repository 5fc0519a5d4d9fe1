import { axeViolations } from './axe-kit';
import type { Page } from '@playwright/test';
import { ACCOUNT_ROUTES as ROUTE_TABLE, routeBase } from '../../src/lib/account-routes';
import { ACCOUNT_SAMPLE_ROUTES, fillRoute, MODAL_ROUTES, NOT_FOUND_ROUTE, PUBLIC_ROUTES } from '../../scripts/routes.mjs';
import { apiBase, callApi, createAddress, issueQuote, moveTo, ordersByStatus, placeOrder } from './account-helpers';
import { type Account, expect, freshUser, sandbox, seedSession, siteOrigin, test, tokensFor } from './fixtures';
import { LONG, lengthen, offPageElements, smallTargets, smallFieldText, coveredFields } from './phone-kit';
import { watchProblems, type Problems } from './security-helpers';

// Each route is loaded once and looked at every way a browser must: as a phone at 320, 360, 375 and 412 px (the
// viewport turned wider without a reload, as a phone's rotation or a larger phone would), axe at phone and desktop
// width, and no console error or CSP violation on the way. One load per route keeps the suite fast; every failure
// names the route, the width and what is at fault.

/** The phone widths our shoppers use: small Android phones, the most common width, large phones. */
const WIDTHS = [320, 360, 375, 412];

/** The width axe scans the phone layout at (the mobile layout is below 768 px), and the desktop width. */
const PHONE = 375;
const DESKTOP = { width: 1280, height: 900 };

/** The primary actions of the product, each at least 44 by 44 px wherever it shows. */
const PRIMARY_ACTIONS = ['Place Order', 'Make Payment', 'Sign In', 'Add Items'];

/** Public pages beyond scripts/routes.mjs: the policy pages the footer links to. */
const POLICY_ROUTES = ['/policies/privacy-policy/', '/policies/terms-and-conditions/'];

/** How one route is looked at. */
interface Look {
  /** Axe at both widths with every rule, best practices too (landmarks, heading order); off for a route only the phone checks read. */
  axe?: boolean;
  /** Console errors and CSP violations are recorded from before the load. */
  problems?: Problems;
  /** The level-1 heading the route must show. */
  heading?: string | RegExp;
}

/** Opens a route and waits until its answers are in and its screen is drawn. */
async function open(page: Page, path: string, heading?: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.spinner'), path).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first(), path).toBeVisible();
}

async function axe(page: Page, at: string): Promise<string[]> {
  return (await axeViolations(page, 'all')).map((v) => `${at}: axe ${v}`);
}

/** The phone checks at one width: no sideways scrolling, touch targets, 44 px primary actions, 16 px field text. */
async function phoneProblems(page: Page, at: string): Promise<string[]> {
  const problems: string[] = [];
  const wide = await page.evaluate(offPageElements);
  if (wide) problems.push(`${at}: the page is ${wide.scrollWidth} px wide; widest element ${wide.widest}`);
  for (const target of await page.evaluate(smallTargets)) problems.push(`${at}: touch target under 24 px and too close to another: ${target}`);
  for (const field of await page.evaluate(smallFieldText)) problems.push(`${at}: field text under 16 px (phones zoom in on focus): ${field}`);
  for (const name of PRIMARY_ACTIONS) {
    for (const button of await page.getByRole('button', { name, exact: true }).all()) {
      const box = (await button.isVisible()) ? await button.boundingBox() : null;
      if (box && (box.width < 44 || box.height < 44)) problems.push(`${at}: primary action ${name} is ${Math.round(box.width)}x${Math.round(box.height)} px`);
    }
  }
  return problems;
}

/**
 * Looks at a route on one load: opened at the narrowest width, then each phone width (axe at 375 px), then at 375 by
 * 667 with the keyboard up (no focused field hidden), then axe at desktop width. `loaded` says the route is open
 * when the test opened it itself.
 */
async function lookAt(page: Page, path: string, look: Look = {}, loaded = false): Promise<void> {
  const problems: string[] = [];
  await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 740 });
  if (!loaded) await open(page, path, look.heading);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    const at = `${path} at ${width} px`;
    problems.push(...(await phoneProblems(page, at)));
    if (look.axe && width === PHONE) problems.push(...(await axe(page, at)));
  }
  // A phone's keyboard covers about 300 px of a 375 by 667 screen: what is left is the viewport a focused field must fit.
  await page.setViewportSize({ width: 375, height: 367 });
  for (const field of await page.evaluate(coveredFields)) problems.push(`${path} at 375x667 with the keyboard up: ${field}`);
  if (look.axe) {
    await page.setViewportSize(DESKTOP);
    problems.push(...(await axe(page, `${path} at ${DESKTOP.width} px`)));
  }
  if (look.problems) problems.push(...look.problems.list);
  expect(problems).toEqual([]);
}

/** The heading an account route's screen shows, from the route table (the invoice names its order). */
function accountHeading(path: string, ids: Record<string, number>): string | RegExp {
  const entry = Object.values(ROUTE_TABLE).find((e) => routeBase(e.path) === path.replace(/\d+\/$/, ''));
  if (!entry) throw new Error(`${path} is not in the route table`);
  if (entry === ROUTE_TABLE.invoice) return `Order No. ${ids.delivered}`;
  return 'heading' in entry ? entry.heading : entry.title;
}

test.describe('every route on one load: phone fit, axe at both widths, no console error or CSP violation', () => {
  // Reduced motion keeps the carousels still, so every scan sees the same page.
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test.describe('as a visitor', () => {
    for (const route of [...PUBLIC_ROUTES, ...POLICY_ROUTES, ...MODAL_ROUTES]) {
      test(`visitor: ${route}`, async ({ page }) => {
        const problems = await watchProblems(page);
        if (route.startsWith(NOT_FOUND_ROUTE)) problems.allow404For = `${siteOrigin}${route}`;
        await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 740 });
        const response = await page.goto(route);
        expect(response?.status(), route).toBe(route.startsWith(NOT_FOUND_ROUTE) ? 404 : 200);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('.spinner'), route).toHaveCount(0);
        const modal = MODAL_ROUTES.includes(route);
        // A modal route opens its dialog over a page: that page has the heading and the main landmark.
        if (!modal) {
          await expect(page.getByRole('heading', { level: 1 }), route).toHaveCount(1);
          await expect(page.getByRole('main'), route).toHaveCount(1);
        }
        await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
        await lookAt(page, route, { axe: !modal, problems }, true);
      });
    }
  });

  test.describe('as the demo shopper', () => {
    test.use({ account: 'demo' });

    for (const route of ACCOUNT_SAMPLE_ROUTES) {
      test(`demo shopper: ${route}`, async ({ page, request, signedIn }) => {
        const ids = await ordersByStatus(request, signedIn.tokens);
        const path = fillRoute(route, ids);
        expect(path, 'the demo shopper has an order in each needed status').not.toMatch(/\/0\/$/);
        const problems = await watchProblems(page);
        await lookAt(page, path, { axe: true, problems, heading: accountHeading(path, ids) });
        // The deep link stays where it was opened: the island's router does not move it.
        expect(new URL(page.url()).pathname).toBe(path);
        await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      });
    }

    // Issue 44: the seeded quote with shipping speeds, insurance and a declaration (express and insurance chosen, the
    // declaration confirmed), and the invoice of the order paid express and insured.
    test('demo shopper: the quote with its choices made, and the invoice paid with them', async ({ page, request, signedIn }) => {
      const orders = await callApi<{ id: number; status: string; checkout?: unknown; quote: { shipping_options?: unknown } | null }[]>(
        request,
        signedIn.tokens,
        'GET',
        '/orders?per=100',
      );
      const quoted = orders.find((o) => o.status === 'processing' && o.quote?.shipping_options);
      const paid = orders.find((o) => o.checkout);
      const problems = await watchProblems(page);
      await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 740 });
      await open(page, `/quote-payment/${quoted?.id}/`);
      await page.getByRole('group', { name: 'Shipping speed' }).getByRole('radio', { name: /^Express/ }).check();
      await page.getByRole('checkbox', { name: 'Insure this parcel' }).check();
      await page.getByRole('checkbox', { name: 'I confirm this customs declaration' }).check();
      await lookAt(page, `/quote-payment/${quoted?.id}/`, { axe: true, problems }, true);
      await lookAt(page, `/my-invoice/${paid?.id}/`, { axe: true, heading: `Order No. ${paid?.id}` });
    });
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
      const addressId = (await callApi<{ id: number }[]>(request, tokens, 'GET', '/addresses'))[0]?.id ?? (await createAddress(request, tokens));
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

    for (const route of [...ACCOUNT_SAMPLE_ROUTES, ...PUBLIC_ROUTES, ...MODAL_ROUTES]) {
      test(`long values: ${route}`, async ({ page, request }) => {
        test.setTimeout(90_000);
        await seedSession(page, await tokensFor(request, shopper));
        await page.route(`${apiBase}/**`, async (answer) => {
          if (answer.request().method() !== 'GET') return answer.continue();
          const response = await answer.fetch();
          const type = response.headers()['content-type'] ?? '';
          if (!type.includes('json')) return answer.fulfill({ response });
          const url = new URL(answer.request().url());
          return answer.fulfill({ response, json: lengthen(await response.json(), url.pathname.endsWith('/portals') ? 'portals' : '') });
        });
        const path = route.startsWith(NOT_FOUND_ROUTE) ? route : fillRoute(route, ids);
        if (route === '/upload-orders/') {
          // The draft keeps what is typed, so every width opens the form with the long URL and comment in it.
          await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 740 });
          await open(page, route);
          await page.getByLabel('Product page URL').fill(LONG.url);
          await page.getByLabel('Comment').fill(LONG.comment);
          await page.getByLabel('Product page URL').blur();
          await expect.poll(() => page.evaluate(() => localStorage.getItem('initial_values') ?? '')).toContain(LONG.url);
          await lookAt(page, path, {}, true);
          return;
        }
        if (route === routeBase(ROUTE_TABLE.myDetails.path)) {
          // A new e-mail brings the Current password field: it and its hint must fit beside a long address too.
          await open(page, route);
          const form = page.getByRole('form', { name: 'Personal details' });
          await form.getByRole('textbox', { name: 'E-mail' }).fill(`${LONG.firstName}.${LONG.lastName}@${new URL(LONG.url).hostname}`.toLowerCase());
          await expect(form.getByLabel('Current password', { exact: true })).toBeVisible();
          await lookAt(page, path, { axe: true }, true);
          return;
        }
        await lookAt(page, path);
      });
    }
  });
});
