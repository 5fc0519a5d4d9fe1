import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { callApi, createAddress, issueQuote, moveTo, placeOrder } from './account-helpers';
import { atBothWidths } from './axe-kit';
import { DEMO_USER, expect, sandbox, test, tokensFor, type Tokens } from './fixtures';
import { offPageElements, smallTargets } from './phone-kit';

const STEPS = ['Order Placed', 'Processing Order', 'Order Paid', 'Goods Purchased', 'In Transit', 'Arrived in SA', 'Delivered'];
/** A date and time as the page writes them in en-ZA: "20 Nov 2026, 11:15". */
const DATE_TIME = /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/;

interface WireOrder {
  id: number;
  status: string;
  order_type: string;
  parent_order_id: number | null;
  courier?: { name: string; waybill: string };
  warehouse_photos?: unknown[];
}

/** The demo shopper's orders as the service lists them. */
async function demoOrders(request: APIRequestContext): Promise<WireOrder[]> {
  return callApi<WireOrder[]>(request, await tokensFor(request, DEMO_USER), 'GET', '/orders?per=100');
}

async function demoOrder(request: APIRequestContext, match: (o: WireOrder) => boolean): Promise<WireOrder> {
  const order = (await demoOrders(request)).find(match);
  if (!order) throw new Error('the seed has no such order');
  return order;
}

/** The order's page, loaded: its timeline's steps. */
async function openOrder(page: Page, id: number): Promise<Locator> {
  await page.goto(`/my-orders/${id}/`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${id}` })).toBeVisible();
  const steps = page.getByRole('region', { name: 'Timeline' }).locator('.timeline > li');
  await expect(steps).toHaveCount(7);
  return steps;
}

/** A fresh shopper's order placed, quoted and moved to `status` by the operator. */
async function movedOrder(request: APIRequestContext, tokens: Tokens, statuses: string[]): Promise<number> {
  const id = await placeOrder(request, tokens, { addressId: await createAddress(request, tokens) });
  await issueQuote(request, id);
  for (const status of statuses) await moveTo(request, id, status);
  return id;
}

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe('the order page on the demo shopper', () => {
  test.use({ account: 'demo' });

  test('a delivered order: each step dated, Delivered current, events under their steps, courier link, invoice and returns', async ({ page, request, signedIn }) => {
    void signedIn;
    const order = await demoOrder(request, (o) => o.status === 'delivered' && o.courier !== undefined);
    const steps = await openOrder(page, order.id);
    for (let i = 0; i < 7; i += 1) {
      await expect(steps.nth(i).locator('.timeline__label')).toContainText(STEPS[i] ?? '');
      await expect(steps.nth(i).locator(':scope > time')).toHaveText(DATE_TIME);
    }
    const current = page.locator('[aria-current="step"]');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Delivered');
    await expect(current).toContainText('Delivered. Something not right? You can book a return.');
    await expect(page.getByRole('list', { name: 'What happened: Goods Purchased' })).toContainText('Weighed at the warehouse: 1.1 kg');
    await expect(page.getByRole('list', { name: 'What happened: In Transit' })).toContainText('Left the warehouse');
    await expect(page.getByRole('list', { name: 'What happened: Arrived in SA' })).toContainText('Cleared SA customs');
    await expect(page.getByRole('list', { name: 'What happened: Delivered' }).getByRole('listitem').first()).toContainText(DATE_TIME);

    const courier = page.getByRole('region', { name: 'Courier' });
    await expect(courier).toContainText('The Courier Guy');
    await expect(courier).toContainText(order.courier?.waybill ?? 'none');
    const track = courier.getByRole('link', { name: 'Track with The Courier Guy (opens in a new tab)' });
    await expect(track).toHaveAttribute('href', new RegExp(`^https://portal\\.thecourierguy\\.co\\.za/track\\?waybill=${order.courier?.waybill}$`));
    await expect(track).toHaveAttribute('target', '_blank');
    await expect(track).toHaveAttribute('rel', 'noopener noreferrer');

    await expect(page.getByRole('link', { name: `Invoice for order ${order.id}` })).toHaveAttribute('href', `/my-invoice/${order.id}/`);
    const returns = page.getByRole('region', { name: 'Returns' });
    const ret = await demoOrder(request, (o) => o.order_type === 'return' && o.parent_order_id === order.id);
    await expect(returns.getByRole('listitem')).toHaveText([`Return ${ret.id}: ${ret.status}`]);
    await expect(returns.getByRole('link', { name: 'See your returns' })).toHaveAttribute('href', '/my-returns/');
  });

  test('in transit: steps reached dated, the rest not, the current step says what is next, the window and the courier', async ({ page, request, signedIn }) => {
    void signedIn;
    const order = await demoOrder(request, (o) => o.status === 'in transit');
    const steps = await openOrder(page, order.id);
    for (let i = 0; i < 5; i += 1) await expect(steps.nth(i).locator(':scope > time')).toHaveText(DATE_TIME);
    for (let i = 5; i < 7; i += 1) await expect(steps.nth(i).locator('time')).toHaveCount(0);
    await expect(steps.nth(4)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(4)).toContainText('Next: your parcel lands in South Africa and clears customs.');
    await expect(page.getByRole('list', { name: 'What happened: Goods Purchased' })).toContainText('Weighed at the warehouse: 2.4 kg');
    await expect(page.getByRole('region', { name: 'Expected delivery' })).toContainText(/Expected (between \d{1,2}( [A-Z][a-z]+)? and \d{1,2} [A-Z][a-z]+|on \d{1,2} [A-Z][a-z]+)/);
    await expect(page.getByRole('region', { name: 'Courier' })).toContainText('TCG4820193746');
    await expect(page.getByText('running late')).toHaveCount(0);
  });

  test('the late order says so, with its moved window, the reason and the window before', async ({ page, request, signedIn }) => {
    void signedIn;
    const order = await demoOrder(request, (o) => o.status === 'arrived in SA');
    await openOrder(page, order.id);
    await expect(page.getByRole('status').filter({ hasText: 'running late' })).toHaveText(
      /^This order is running late: it was expected by \d{1,2} [A-Z][a-z]+\. We will tell you the new date as soon as we have it\.$/,
    );
    const delivery = page.getByRole('region', { name: 'Expected delivery' });
    await expect(delivery).toContainText('Why it moved: Held for a customs inspection');
    await expect(delivery).toContainText(/Before, it was expected (between|on) /);
  });

  test('an order with warehouse photos shows them on its page', async ({ page, request, signedIn }) => {
    void signedIn;
    const order = await demoOrder(request, (o) => (o.warehouse_photos?.length ?? 0) > 0);
    await openOrder(page, order.id);
    const photos = page.getByRole('region', { name: 'Warehouse photos' });
    await expect(photos.getByRole('img')).toHaveCount(order.warehouse_photos?.length ?? -1);
    await expect(photos.getByRole('button', { name: 'Ask for more photos' })).toBeVisible();
  });

  test('Back goes to the order history, and the browser comes back to the order', async ({ page, request, signedIn }) => {
    void signedIn;
    const order = await demoOrder(request, (o) => o.status === 'paid');
    await openOrder(page, order.id);
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/my-orders-history\/$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/my-orders/${order.id}/$`));
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.id}` })).toBeVisible();
  });

  test('passes axe at 375 and 1280 px and fits phones from 320 to 412 px (the delivered and the late order)', async ({ page, request, signedIn }) => {
    void signedIn;
    const orders = await demoOrders(request);
    for (const order of [orders.find((o) => o.status === 'delivered' && o.courier), orders.find((o) => o.status === 'arrived in SA')]) {
      if (!order) throw new Error('the seed lacks an order');
      await page.setViewportSize({ width: 1280, height: 900 });
      await openOrder(page, order.id);
      await atBothWidths(page, async () => {
        await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
      });
      for (const width of [320, 360, 412]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await page.evaluate(offPageElements), `order ${order.id} scrolls sideways at ${width} px`).toBeNull();
        expect(await page.evaluate(smallTargets), `small targets at ${width} px`).toEqual([]);
      }
    }
  });
});

test.describe('the order page on fresh orders the operator moves', () => {
  test('a placed order: no dates, the quote is coming; quoted: its quote link with the time to pay by', async ({ page, request, signedIn }) => {
    const id = await placeOrder(request, signedIn.tokens, { addressId: await createAddress(request, signedIn.tokens) });
    const steps = await openOrder(page, id);
    await expect(steps.locator('time')).toHaveCount(0);
    await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(0)).toContainText('Next: we check your items and send you a quote.');
    await expect(page.getByText('We are preparing your quote: it comes by e-mail within 24 hours of your order.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Expected delivery' })).toHaveCount(0);

    await issueQuote(request, id);
    await page.reload();
    await expect(page.getByRole('link', { name: `Quote for order ${id}` })).toHaveAttribute('href', `/quote-payment/${id}/`);
    await expect(page.getByText(/^Pay by \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(47 hours \d+ minutes left\)\.$/)).toBeVisible();
    await expect(page.locator('[aria-current="step"]')).toContainText('Next: pay your quote, and we buy your items.');
  });

  test('moved along: dated steps, an event under its step, the window moved with its reason, a courier link not allowed is text', async ({ page, request, signedIn }) => {
    const id = await movedOrder(request, signedIn.tokens, ['paid']);
    let steps = await openOrder(page, id);
    await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(2)).toContainText('Next: we buy your items.');
    for (let i = 0; i < 3; i += 1) await expect(steps.nth(i).locator(':scope > time')).toHaveText(DATE_TIME);
    await expect(steps.nth(3).locator('time')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Expected delivery' })).toContainText(/Expected (between|on) \d/);
    await expect(page.getByRole('link', { name: `Invoice for order ${id}` })).toBeVisible();

    await moveTo(request, id, 'goods purchased');
    await moveTo(request, id, 'in transit');
    await sandbox(request, 'POST', `/orders/${id}/events`, { kind: 'weighed', description: 'Weighed at the warehouse: 2.4 kg', status: 'goods purchased' });
    await sandbox(request, 'POST', `/orders/${id}/events`, { kind: 'left_warehouse' });
    await sandbox(request, 'POST', `/orders/${id}/courier`, { name: 'Fly-by-night Couriers', waybill: 'FBN123', tracking_url: 'https://evil.example/track?w=FBN123' });
    await sandbox(request, 'POST', `/orders/${id}/expected-delivery`, { from: day(20), to: day(20), reason: 'Held for a customs inspection' });
    steps = await openOrder(page, id);
    await expect(steps.nth(4)).toHaveAttribute('aria-current', 'step');
    for (let i = 0; i < 5; i += 1) await expect(steps.nth(i).locator(':scope > time')).toHaveText(DATE_TIME);
    await expect(page.getByRole('list', { name: 'What happened: Goods Purchased' })).toHaveText(new RegExp(`^Weighed at the warehouse: 2\\.4 kg${DATE_TIME.source}$`));
    await expect(page.getByRole('list', { name: 'What happened: In Transit' })).toContainText('Left the warehouse');
    const delivery = page.getByRole('region', { name: 'Expected delivery' });
    await expect(delivery).toContainText(/Expected on \d{1,2} [A-Z][a-z]+/);
    await expect(delivery).toContainText('Why it moved: Held for a customs inspection');
    await expect(delivery).toContainText(/Before, it was expected between /);
    const courier = page.getByRole('region', { name: 'Courier' });
    await expect(courier).toContainText('FBN123');
    await expect(courier.getByRole('link')).toHaveCount(0);
    await expect(page.locator('a[href*="evil.example"]')).toHaveCount(0);
  });

  test('a window moved after it passed says late with the new date; one the service says passed says late', async ({ page, request, signedIn }) => {
    const id = await movedOrder(request, signedIn.tokens, ['paid']);
    await sandbox(request, 'POST', `/orders/${id}/expected-delivery`, { from: day(-6), to: day(-4), reason: 'Stuck at the hub' });
    await openOrder(page, id);
    await expect(page.getByRole('status').filter({ hasText: 'running late' })).toHaveText(/^This order is running late: it was expected by \d{1,2} [A-Z][a-z]+\. We will tell you/);
    await sandbox(request, 'POST', `/orders/${id}/expected-delivery`, { from: day(10), to: day(12), reason: 'The courier missed the slot' });
    await openOrder(page, id);
    await expect(page.getByRole('status').filter({ hasText: 'running late' })).toHaveText(
      /^This order is running late: it was expected by \d{1,2} [A-Z][a-z]+\. It is now expected between \d{1,2}( [A-Z][a-z]+)? and \d{1,2} [A-Z][a-z]+\.$/,
    );
  });

  test('without tracking data from the service: progress, status and facts, steps without dates, no expected date nor courier', async ({ page, request, signedIn }) => {
    const id = await movedOrder(request, signedIn.tokens, ['paid', 'goods purchased', 'in transit']);
    await sandbox(request, 'POST', `/orders/${id}/courier`, { name: 'The Courier Guy', waybill: 'TCG1', tracking_url: 'https://portal.thecourierguy.co.za/track?waybill=TCG1' });
    await page.route(new RegExp(`/api/web/v1/orders/${id}$`), async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      const order = (body.data ?? body.order ?? body) as Record<string, unknown>;
      for (const key of ['status_history', 'tracking_events', 'expected_delivery', 'courier']) delete order[key];
      await route.fulfill({ response, json: body });
    });
    const steps = await openOrder(page, id);
    await expect(page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '71');
    await expect(page.getByText('Order status: in transit')).toBeVisible();
    await expect(steps.locator('time')).toHaveCount(0);
    await expect(steps.nth(4)).toHaveAttribute('aria-current', 'step');
    await expect(page.getByRole('region', { name: 'Expected delivery' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Courier' })).toHaveCount(0);
    await expect(page.getByText('Portal')).toBeVisible();
  });

  test("another shopper's order and an id that is not a number show the not-found page", async ({ page, request, signedIn }) => {
    void signedIn;
    const theirs = await demoOrder(request, (o) => o.status === 'delivered');
    await page.goto(`/my-orders/${theirs.id}/`);
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See your orders' })).toBeVisible();
    await expect(page.getByText('The Courier Guy')).toHaveCount(0);
    await page.goto('/my-orders/abc/');
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
  });
});
