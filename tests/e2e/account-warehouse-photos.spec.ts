import type { APIRequestContext, Page } from '@playwright/test';
import { callApi, createAddress, issueQuote, moveTo, placeOrder } from './account-helpers';
import { axeViolations } from './axe-kit';
import { DEMO_USER, expect, sandbox, test, tokensFor, type Tokens } from './fixtures';
import { offPageElements, smallTargets } from './phone-kit';

const SENT = 'We have asked the warehouse for more photos. We will let you know when they are here.';
const OPEN = 'You have already asked for more photos: the warehouse will add them soon.';
const FAILED = 'This photo could not be loaded. Try again, or reload the page for a fresh link.';

interface WireOrder {
  id: number;
  products: { id: number; name: string }[];
  warehouse_photos?: { id: number; url: string; alt: string }[];
}

/** The demo shopper's seeded REI order: received, with a warehouse photo of each product. */
async function seededOrder(request: APIRequestContext): Promise<WireOrder> {
  const orders = await callApi<WireOrder[]>(request, await tokensFor(request, DEMO_USER), 'GET', '/orders?type=normal&per=100');
  const order = orders.find((o) => (o.warehouse_photos?.length ?? 0) > 0);
  if (!order) throw new Error('the seed has no order with warehouse photos');
  return order;
}

/** A fresh shopper's order at "goods purchased" with a photo of its first product, added as the operator does. */
async function receivedOrder(request: APIRequestContext, tokens: Tokens): Promise<WireOrder> {
  const orderId = await placeOrder(request, tokens, {
    addressId: await createAddress(request, tokens),
    products: [
      { name: 'Trail shoes', quantity: 1 },
      { name: 'Rain jacket', quantity: 1 },
    ],
  });
  await issueQuote(request, orderId);
  await moveTo(request, orderId, 'goods purchased');
  const order = await callApi<WireOrder>(request, tokens, 'GET', `/orders/${orderId}`);
  await sandbox(request, 'POST', `/orders/${orderId}/photos`, { product_id: order.products[0]?.id });
  return order;
}

/** Records every script the page loads that carries swiper, from now on. */
function swiperScripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes('swiper')) seen.push(response.url());
  });
  return seen;
}

const photosOf = (page: Page) => page.getByRole('region', { name: 'Warehouse photos' });

test.describe('warehouse photos on Track Order (demo shopper)', () => {
  test.use({ account: 'demo' });

  test('the received order shows its photos with the product names; a tap opens the full-size gallery there, and Escape gives focus back', async ({
    page,
    request,
    signedIn,
  }) => {
    expect(signedIn.email).toBe(DEMO_USER.email);
    const order = await seededOrder(request);
    const names = order.products.map((p) => p.name);
    const swiper = swiperScripts(page);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(`/track-order/?order=${order.id}`);
    const section = photosOf(page);
    await expect(section.getByRole('heading', { name: 'Warehouse photos' })).toBeVisible();
    const thumbnails = section.getByRole('img');
    await expect(thumbnails).toHaveCount(names.length);
    for (const [i, name] of names.entries()) {
      await expect(thumbnails.nth(i)).toHaveAttribute('alt', name);
      await expect(thumbnails.nth(i)).toHaveAttribute('loading', 'lazy');
    }
    await expect(section.getByRole('button', { name: 'Ask for more photos' })).toBeEnabled();
    await expect.poll(() => thumbnails.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete))).toBe(true);
    expect(swiper, 'swiper is fetched only with a tap on a photo').toEqual([]);

    const second = section.getByRole('button', { name: `${names[1]} (open full size)` });
    await second.click();
    const gallery = page.getByRole('dialog', { name: 'Warehouse photos' });
    await expect(gallery).toBeVisible();
    await expect.poll(() => swiper.length).toBeGreaterThan(0);
    const active = gallery.locator('.swiper-slide-active');
    await expect(active.getByRole('img')).toHaveAttribute('alt', names[1] ?? '');
    await expect(active.getByRole('img')).toHaveJSProperty('naturalWidth', 160);
    await expect(active).toHaveAttribute('aria-label', `Photo 2 of ${names.length}`);
    await gallery.getByRole('button', { name: 'Previous photo' }).click();
    await expect(gallery.locator('.swiper-slide-active').getByRole('img')).toHaveAttribute('alt', names[0] ?? '');
    for (const width of [320, 412]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await page.evaluate(offPageElements), `the gallery scrolls sideways at ${width} px`).toBeNull();
      expect(await page.evaluate(smallTargets), `small targets in the gallery at ${width} px`).toEqual([]);
    }
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await axeViolations(page), `axe with the gallery open at ${width} px`).toEqual([]);
    }
    await page.keyboard.press('Escape');
    await expect(gallery).toBeHidden();
    await expect(second).toBeFocused();
    expect(problems, 'no console error or CSP violation').toEqual([]);
  });

  test('fits phones at 320 to 412 px and passes axe at 375 and 1280 px', async ({ page, request, signedIn }) => {
    void signedIn;
    const order = await seededOrder(request);
    await page.goto(`/track-order/?order=${order.id}`);
    await expect(photosOf(page).getByRole('img').first()).toBeVisible();
    for (const width of [320, 360, 375, 412]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await page.evaluate(offPageElements), `the page scrolls sideways at ${width} px`).toBeNull();
      expect(await page.evaluate(smallTargets), `small targets at ${width} px`).toEqual([]);
    }
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
    }
  });
});

test.describe('warehouse photos on Track Order', () => {
  test('Ask for more photos confirms, a second press says one is open; photos the warehouse adds appear and answer it', { tag: '@envelope' }, async ({
    page,
    request,
    signedIn,
  }) => {
    const order = await receivedOrder(request, signedIn.tokens);
    await page.goto(`/track-order/?order=${order.id}`);
    const section = photosOf(page);
    await expect(section.getByRole('img')).toHaveCount(1);
    await expect(section.getByRole('img')).toHaveAttribute('alt', 'Trail shoes');
    const ask = section.getByRole('button', { name: 'Ask for more photos' });
    await ask.click();
    await expect(section.getByRole('status')).toHaveText(SENT);
    await ask.click();
    await expect(section.getByRole('status')).toHaveText(OPEN);
    const stored = await callApi<{ photo_requests?: { answered_at: string | null }[] }>(request, signedIn.tokens, 'GET', `/orders/${order.id}`);
    expect(stored.photo_requests).toHaveLength(1);

    // A later visit still says it is open, until the warehouse adds photos.
    await page.reload();
    await expect(section.getByRole('status')).toHaveText(OPEN);
    await sandbox(request, 'POST', `/orders/${order.id}/photos`, { product_id: order.products[1]?.id });
    await page.reload();
    await expect(section.getByRole('img')).toHaveCount(2);
    await expect(section.getByRole('img').nth(1)).toHaveAttribute('alt', 'Rain jacket');
    await expect(section.getByRole('status')).toHaveText('');
  });

  test('a photo that does not load says so, the others show, and trying again loads it', async ({ page, request, signedIn }) => {
    const order = await receivedOrder(request, signedIn.tokens);
    await sandbox(request, 'POST', `/orders/${order.id}/photos`, { product_id: order.products[1]?.id });
    let refuse = true;
    let first = '';
    await page.route('**/uploads/**', async (route) => {
      first ||= route.request().url().split('?')[0] ?? '';
      if (refuse && route.request().url().startsWith(first)) await route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":"This image link has ended."}' });
      else await route.continue();
    });
    await page.goto(`/track-order/?order=${order.id}`);
    const section = photosOf(page);
    await expect(section.getByText(FAILED)).toHaveCount(1);
    await expect(section.getByRole('img')).toHaveCount(1);
    await expect(section.getByRole('img')).toHaveJSProperty('naturalWidth', 160);
    await expect(section.getByRole('button', { name: 'Ask for more photos' })).toBeEnabled();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 740 });
    expect(await page.evaluate(offPageElements), 'the failed photo fits at 320 px').toBeNull();
    expect(await page.evaluate(smallTargets)).toEqual([]);
    refuse = false;
    const again = section.getByRole('button', { name: /^Load (Trail shoes|Rain jacket) again$/ });
    await again.click();
    await expect(section.getByText(FAILED)).toHaveCount(0);
    await expect(section.getByRole('img')).toHaveCount(2);
  });

  test('a service that cannot take requests yet (405, 404) is said, and the photos stay', async ({ page, request, signedIn }) => {
    const order = await receivedOrder(request, signedIn.tokens);
    const statuses = [405, 404];
    await page.route('**/photo_requests', (route) =>
      route.fulfill({ status: statuses.shift() ?? 500, contentType: 'application/json', body: '{"error":"Not Found"}' }),
    );
    await page.goto(`/track-order/?order=${order.id}`);
    const section = photosOf(page);
    for (let press = 0; press < 2; press += 1) {
      await section.getByRole('button', { name: 'Ask for more photos' }).click();
      await expect(section.getByRole('status')).toHaveText('Asking for more photos is not possible yet. Please try again later, or contact us.');
    }
    expect(statuses, 'both presses reached the service').toEqual([]);
    await expect(section.getByRole('img')).toHaveCount(1);
    await expect(section.getByRole('button', { name: 'Ask for more photos' })).toBeEnabled();
  });

  test('an order without photos has no section, and an unsafe photo link is never shown', async ({ page, request, signedIn }) => {
    const orderId = await placeOrder(request, signedIn.tokens, { addressId: await createAddress(request, signedIn.tokens) });
    await page.goto(`/track-order/?order=${orderId}`);
    await expect(page.getByText('Order status: placed')).toBeVisible();
    await expect(photosOf(page)).toHaveCount(0);

    const order = await receivedOrder(request, signedIn.tokens);
    await page.route(`**/api/web/v1/orders?*`, async (route) => {
      const response = await route.fetch();
      const text = (await response.text()).replace(/"url":"[^"]*\/uploads\/[^"]*"/g, '"url":"javascript:alert(1)"');
      await route.fulfill({ response, body: text });
    });
    await page.goto(`/track-order/?order=${order.id}`);
    await expect(page.getByRole('heading', { name: new RegExp(`^Order ${order.id} - `) })).toBeVisible();
    await expect(page.getByText('Order status: goods purchased')).toBeVisible();
    await expect(photosOf(page)).toHaveCount(0);
  });
});
