import { axeViolations } from './axe-kit';
import type { Page } from '@playwright/test';
import { ACCOUNT_ROUTES, menuLinks, routeBase, sampleRoutes, type AccountRouteEntry } from '../../src/lib/account-routes';
import { fillRoute } from '../../scripts/routes.mjs';
import { choose, ordersByStatus } from './account-helpers';
import { apiOrigin, expect, holdBack, layoutShifts, siteOrigin, test } from './fixtures';
import { quotedOrderWithCard } from './resilience-kit';

/** Every login-required account route, from the route table; `{placed}` and the like stand for the demo shopper's orders. */
const SIGNED_IN_ROUTES = sampleRoutes(Object.fromEntries(Object.entries(ACCOUNT_ROUTES).filter(([, entry]) => entry.access === 'signed-in')));

/** A phone-sized viewport (the mobile layout is below 768 px). */
const MOBILE = { width: 375, height: 812 };

// Every rule, best practices too (heading order, landmarks): Lighthouse's accessibility audit runs those as well.
async function scan(page: Page): Promise<void> {
  expect(await axeViolations(page, 'all')).toEqual([]);
}

test.describe('account routes, signed in', () => {
  test.use({ account: 'demo' });

  // Each route's deep link, heading and axe at both widths are checked on one load in route-checks.spec.ts.
  test('a reload of an account page with an id shows the same page at the same address', async ({ page, request, signedIn }) => {
    const ids = await ordersByStatus(request, signedIn.tokens);
    const path = `/my-invoice/${ids.delivered}/`;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: `Order No. ${ids.delivered}` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Order No. ${ids.delivered}` })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.locator('.spinner')).toHaveCount(0);
  });

  for (const viewport of [{ width: 1280, height: 720 }, MOBILE]) {
    test(`no account page moves when its data arrives, however late, at ${viewport.width} px`, async ({
      page,
      request,
      signedIn,
    }) => {
      const ids = await ordersByStatus(request, signedIn.tokens);
      await page.setViewportSize(viewport);
      // Every read answers 600 ms late, so each screen shows its loading state first and its data after.
      await page.route(`${apiOrigin}/api/web/v1/**`, async (route) => {
        if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
      for (const route of SIGNED_IN_ROUTES) {
        const path = fillRoute(route, ids);
        await page.goto(path);
        // Every answer is in once the network has been quiet for 500 ms.
        await page.waitForLoadState('networkidle');
        await expect(page.locator('.spinner')).toHaveCount(0);
        await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
        expect(await layoutShifts(page), path).toEqual([]);
      }
    });
  }

  test('the order form route shows the side menu once signed in, and passes axe', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.goto('/upload-orders/');
    await expect(page.getByRole('navigation', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scan(page);
  });

  test('while the draft waits for the shopper to be read, the order form keeps its heading and passes axe', async ({
    page,
    signedIn,
  }) => {
    expect(signedIn.email).toContain('@');
    const held = await holdBack(page, /\/users\/show_details$/);
    await page.goto('/upload-orders/');
    await expect(page.getByText('Loading your order…')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Form' })).toBeVisible();
    await scan(page);
    held.release();
    await expect(page.getByRole('group', { name: 'Product 1', exact: true })).toBeVisible();
  });

  test('the side menu moves between pages without a page load and marks the current one', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.goto('/my-details/');
    // The static shell already shows the page's heading; the side menu moves without a page load once the screen,
    // and the island with it, is here.
    await expect(page.getByRole('heading', { level: 2, name: 'Personal details' })).toBeVisible();
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    const menu = page.getByRole('navigation', { name: 'Profile' });
    await expect(menu.getByRole('link', { name: 'My Details' })).toHaveAttribute('aria-current', 'page');

    await menu.getByRole('link', { name: 'Track Order' }).click();
    await expect(page).toHaveURL(/\/track-order\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Track Order' })).toBeFocused();
    await expect(menu.getByRole('link', { name: 'Track Order' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'My Details' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#profile-menu a[href="/track-order/"]')).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#profile-menu a[aria-current="page"]')).toHaveCount(1);

    await menu.getByRole('link', { name: 'Order History' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await menu.getByRole('link', { name: 'Returns' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Order History' })).toHaveAttribute('aria-current', 'page');

    // Help is a static page of its own (build-time FAQ): a real page load.
    await menu.getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBeUndefined();
  });

  test("a client-side move keeps the screen before until the next screen's code is here, then focuses the new heading", async ({
    page,
    signedIn,
  }) => {
    expect(signedIn.email).toContain('@');
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/_astro/') && response.url().endsWith('.js'))
        scripts.push(response.text());
    });
    await page.goto('/my-orders-history/');
    await expect(page.getByRole('region', { name: /^Pending/ })).toBeVisible();
    // A page loads its own screen's code: a list without a form loads no validation library (yup's own default
    // message marks it) and not the order form's cropper.
    const code = await Promise.all(scripts);
    expect(code.length).toBeGreaterThan(3);
    expect(code.filter((text) => text.includes('is a required field'))).toEqual([]);
    expect(code.filter((text) => text.includes('cropper'))).toEqual([]);

    const { release } = await holdBack(page, /\/_astro\/TrackOrderScreen\.[\w-]+\.js$/);
    await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Track Order' }).click();
    await expect(page).toHaveURL(/\/track-order\/$/);
    await expect(page.locator('.account-screens')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Track Order' })).toBeFocused();
    await expect(page.locator('.account-screens')).toHaveAttribute('aria-busy', 'false');
  });

  test('help is an accordion of FAQ topics from the content collection, keyboard operable', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.goto('/help/');
    expect(await page.locator('.faq summary').count()).toBeGreaterThanOrEqual(8);
    const returns = page.locator('details', { has: page.getByText('Can I return a product?') });
    await expect(returns).not.toHaveAttribute('open', '');
    await returns.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(returns).toHaveAttribute('open', '');
    await expect(returns.getByText(/schedule a return on the Returns page/)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(returns).not.toHaveAttribute('open', '');
  });

  test('track order: choosing an order shows its progress and status', async ({ page, request, signedIn }) => {
    const ids = await ordersByStatus(request, signedIn.tokens);
    await page.goto('/track-order/');
    await page.getByRole('combobox', { name: 'Order' }).fill(`Order ${ids['in transit']} `);
    await page.getByRole('option', { name: `Order ${ids['in transit']} - ` }).click();
    await expect(page.getByText('Order status: in transit')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '71');
    await page.getByRole('combobox', { name: 'Order' }).fill(`Order ${ids.paid} `);
    await page.getByRole('option', { name: `Order ${ids.paid} - ` }).click();
    await expect(page.getByText('Order status: Order Paid')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '43');
  });

  test('the invoice prints as one clean A4 page without the site chrome', async ({ page, request, signedIn }) => {
    const ids = await ordersByStatus(request, signedIn.tokens);
    await page.goto(`/my-invoice/${ids.delivered}/`);
    await expect(page.getByRole('heading', { level: 1, name: `Order No. ${ids.delivered}` })).toBeVisible();
    await expect(page.locator('.cost-summary')).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    for (const chrome of ['.site-header', '.site-footer', '[data-account-menu]', '.back-link'])
      await expect(page.locator(chrome).first()).toBeHidden();
    await expect(page.locator('.invoice')).toBeVisible();
    const pdf = await page.pdf({ preferCSSPageSize: true });
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    expect(text).toMatch(/\/MediaBox\s*\[0 0 59[45][.\d]* 84[12][.\d]*\]/);
  });

  test('an unknown order id shows the server message with a Retry button', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@');
    await page.goto('/my-invoice/999999/');
    await expect(page.getByRole('alert')).toContainText('Not found');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.goto('/quote-payment/abc/');
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
  });
});

test.describe('account states, signed in', () => {
  for (const viewport of [{ width: 1280, height: 720 }, MOBILE]) {
    test(`the payment success dialog passes axe at ${viewport.width} px`, async ({ page, request, signedIn }) => {
      const orderId = await quotedOrderWithCard(request, signedIn.tokens, 'Axe Visa');
      await page.setViewportSize(viewport);
      await page.goto(`/quote-payment/${orderId}/`);
      await page.getByRole('radio', { name: 'Axe Visa' }).check();
      await page.getByRole('button', { name: 'Make Payment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your Payment was a Success!' });
      await expect(dialog.getByRole('button', { name: 'Continue' })).toBeFocused();
      await scan(page);
    });

    test(`forms showing their errors pass axe at ${viewport.width} px`, async ({ page, request, signedIn }) => {
      // Four screens, each loaded, put in error and scanned.
      test.setTimeout(90_000);
      const orderId = await quotedOrderWithCard(request, signedIn.tokens, 'Axe Visa');
      await page.setViewportSize(viewport);
      await page.goto(`/quote-payment/${orderId}/`);
      await page.getByRole('button', { name: 'Make Payment' }).click();
      await expect(page.getByText('Must select a card')).toBeVisible();
      await scan(page);

      await page.goto('/my-details/');
      const details = page.getByRole('form', { name: 'Personal details' });
      await expect(details.getByLabel('First name')).toHaveValue(signedIn.firstName);
      await details.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
      await details.getByRole('button', { name: 'Save Details' }).click();
      await expect(details.getByText('Must be a valid email')).toBeVisible();
      const address = page.getByRole('form', { name: 'Add a new address' });
      await address.getByRole('button', { name: 'Add Address' }).click();
      await expect(address.getByText('Required')).toHaveCount(5);
      await scan(page);

      await page.goto('/my-returns/');
      await choose(page, 'Portal', 'Amazon');
      await page.getByRole('button', { name: 'Schedule Return' }).click();
      for (const message of ['Order is required', 'Item is required', 'Image is required.'])
        await expect(page.getByText(message, { exact: true })).toBeVisible();
      await scan(page);

      await page.goto('/add-card/');
      await page.getByRole('button', { name: 'Continue to PayFast' }).click();
      await expect(page.getByText('Required', { exact: true })).toBeVisible();
      await scan(page);
    });
  }
});

test.describe('account routes, as a visitor', () => {
  for (const path of [
    '/my-details/',
    '/track-order/',
    '/my-orders-history/',
    '/my-returns/',
    '/my-credit/',
    '/ship-together/',
    '/help/',
    '/add-card/',
    '/my-invoice/3/',
    '/quote-payment/2/',
    '/order-uploaded/1/',
  ]) {
    test(`${path} sends the visitor to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`${siteOrigin}/`);
    });
  }

  test('the order form route stays open to visitors, without the side menu, and passes axe', async ({ page }) => {
    await page.goto('/upload-orders/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/upload-orders/');
    await expect(page.getByRole('navigation', { name: 'Profile' })).toBeHidden();
    await scan(page);
  });
});

test.describe('the account route table, as built (src/lib/account-routes.ts)', () => {
  const entries = Object.values(ACCOUNT_ROUTES) as AccountRouteEntry[];
  /** An address of the route: an id route's with an order id no shell knows in advance. */
  const addressOf = (entry: AccountRouteEntry) =>
    entry.path.includes('/:') ? `${routeBase(entry.path)}4242/` : routeBase(entry.path);

  test("every route has its page in the build, with the table's heading and lede, kept out of robots.txt and the sitemap", async ({
    request,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    for (const entry of entries) {
      const response = await request.get(addressOf(entry));
      expect(response.status(), entry.path).toBe(200);
      const html = await response.text();
      expect(html, entry.path).toContain(`<title>${entry.title} | `);
      expect(html, entry.path).toContain(`content="${entry.lede}"`);
      expect(robots.split('\n'), entry.path).toContain(`Disallow: ${routeBase(entry.path)}`);
      expect(sitemap, entry.path).not.toContain(routeBase(entry.path));
    }
  });

  test("the worker keeps the shells without an id and never an id route's page", async ({ request }) => {
    const worker = await (await request.get('/sw.js')).text();
    for (const entry of entries) {
      const shell = `"${routeBase(entry.path).slice(1)}index.html"`;
      if (entry.screen !== null && !entry.path.includes('/:')) expect(worker, entry.path).toContain(shell);
      else expect(worker, entry.path).not.toContain(shell);
      if (entry.path.includes('/:')) expect(worker, entry.path).toContain(routeBase(entry.path).slice(1, -1));
    }
  });

  test('both menus list the routes the table puts in them', async ({ page, request }) => {
    // The page as built: signed out, the account page would send the visitor home before it could be read.
    const html = await (await request.get('/help/')).text();
    const hrefs = (selector: string) =>
      page.evaluate(
        ({ source, css }) =>
          [...new DOMParser().parseFromString(source, 'text/html').querySelectorAll(css)].map((a) => a.getAttribute('href')),
        { source: html, css: selector },
      );
    expect(await hrefs('nav[aria-label="Profile"] a')).toEqual(menuLinks('side').map((link) => link.href));
    expect(await hrefs('#profile-menu a')).toEqual(menuLinks('profile').map((link) => link.href));
    expect(menuLinks('side').map((link) => link.label)).toEqual(
      entries.flatMap((entry) => (entry.menu ? [entry.menu.label] : [])),
    );
  });
});
