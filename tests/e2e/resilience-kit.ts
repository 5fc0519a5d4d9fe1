import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { apiBase, callApi, createAddress, issueQuote, moveTo, photo, placeOrder } from './account-helpers';
import { apiBody, apiOrigin, expect, sandbox, test as base, type Tokens } from './fixtures';

/** The tag in every resilience case's title; the count reporter counts these apart. */
export const TAG = '[resilience]';

/** The faults every signed-in screen is put through. */
export const FAULTS = ['timeout', 'server error', 'dropped connection', 'offline'] as const;

/** One fault of {@link FAULTS}. */
export type Fault = (typeof FAULTS)[number];

/** An API call a screen makes: its method and a regular expression on the URL path. */
export interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
}

/** What the shopper reads for a fault when a screen shows the SPEC section 8 message itself. */
export function messageFor(fault: Fault): string {
  // The sandbox answers an injected 500 with { error: "Injected fault 500" }: the body's error field wins.
  return fault === 'server error' ? 'Injected fault 500' : 'Server is probably offline';
}

/**
 * Past the client's timeout (PUBLIC_REQUEST_TIMEOUT_MS of the test build, scripts/e2e.mjs), and far enough past it that the retry made once the fault is cleared reaches the
 * sandbox before the timed-out call does. At 6500 ms a slow test run retried after the held payment had gone through,
 * and the retry met 'Only a quoted order in processing can be paid'.
 */
const LATENCY_MS = 15_000;

/** The client's request timeout in the test build, which {@link inject} moves the page's clock past. */
const REQUEST_TIMEOUT_MS = Number(process.env.PUBLIC_REQUEST_TIMEOUT_MS ?? 5000);

const matches = (calls: Call[], method: string, url: string): boolean => {
  const parsed = new URL(url);
  return parsed.origin === apiOrigin && calls.some((c) => c.method === method && new RegExp(c.path).test(parsed.pathname));
};

/**
 * Turns a fault on for these calls of one shopper and returns the function that clears it. Timeouts and
 * server errors go through the sandbox's switches scoped to the shopper; dropped connections through
 * interception; offline takes the whole browser context offline the moment the screen makes the call.
 */
export async function inject(page: Page, request: APIRequestContext, email: string, fault: Fault, calls: Call[]): Promise<() => Promise<void>> {
  const keys = (value: number) => Object.fromEntries(calls.map((c) => [`${c.method} ${c.path}`, value]));
  if (fault === 'timeout') {
    await sandbox(request, 'POST', '/faults', { user: email, latency: keys(LATENCY_MS) });
    // Each of these calls the page sends while the fault is on jumps the page's clock (installed by the case before
    // its first load) past the client's timeout, so it times out at once. One jump for the first call was not
    // enough: My Details reads the shopper from the shell, and its addresses and cards a moment later, once the screen
    // is drawn; those then timed out on the real clock, after the case had pressed every Retry it saw.
    const jump = (sent: Request): void => {
      if (matches(calls, sent.method(), sent.url())) void page.clock.fastForward(REQUEST_TIMEOUT_MS).catch(() => undefined);
    };
    page.on('request', jump);
    return async () => {
      page.off('request', jump);
      await sandbox(request, 'DELETE', `/faults?user=${encodeURIComponent(email)}`);
    };
  }
  if (fault === 'server error') {
    await sandbox(request, 'POST', '/faults', { user: email, status: keys(500) });
    return async () => {
      await sandbox(request, 'DELETE', `/faults?user=${encodeURIComponent(email)}`);
    };
  }
  const handler = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    if (!matches(calls, route.request().method(), route.request().url())) return route.fallback();
    if (fault === 'dropped connection') return route.abort('connectionreset');
    // The network goes away just as the screen asks: the call itself then finds no network.
    await page.context().setOffline(true);
    return route.continue();
  };
  await page.route(`${apiOrigin}/**`, handler);
  return async () => {
    await page.unroute(`${apiOrigin}/**`, handler);
    await page.context().setOffline(false);
  };
}

/**
 * Does what makes these calls (a page load, a press) under the fault. For a timeout it returns once the first of them
 * is on its way: {@link inject} makes each time out at once, instead of being waited out.
 */
export async function sendThrough(page: Page, fault: Fault, calls: Call[], send: () => Promise<unknown>): Promise<void> {
  if (fault !== 'timeout') {
    await send();
    return;
  }
  const sent = page.waitForRequest((r) => matches(calls, r.method(), r.url()));
  await send();
  await sent;
}

/** Clicks every Retry button on the page (one per part that failed to load). */
export async function retryAll(page: Page): Promise<void> {
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry.first()).toBeVisible();
  for (let left = await retry.count(); left > 0; left = await retry.count()) await retry.first().click();
}

/** The alert or toast on the page holding this text. */
export function shown(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text }).or(page.locator('.Toastify').getByText(text)).first();
}

/** The session tokens of the page, wherever they are kept ('' when gone). */
export async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token') ?? '');
}

/** Makes a placed order with one address for the shopper; returns both ids. */
export async function orderFor(request: APIRequestContext, tokens: Tokens): Promise<{ orderId: number; addressId: number }> {
  const addressId = await createAddress(request, tokens);
  const orderId = await placeOrder(request, tokens, { addressId, products: [{ name: 'Kindle Paperwhite', quantity: 1 }, { name: 'Kindle cover', quantity: 2 }] });
  return { orderId, addressId };
}

/** Makes a quoted (processing) order and a valid card named `cardName` for the shopper; returns the order id. */
export async function quotedOrderWithCard(request: APIRequestContext, tokens: Tokens, cardName: string): Promise<number> {
  const { orderId } = await orderFor(request, tokens);
  await issueQuote(request, orderId);
  const created = await request.post(`${apiBase}/cards`, { data: { card: { card_name: cardName } }, headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(created.status(), await created.text()).toBe(201);
  // `tokenize` sits beside the card in either dialect; its location carries the card's secret, without which the stand-in answers 404.
  const { tokenize } = (await created.json()) as { tokenize: { location: string } };
  // The stand-in PayFast page completes the card, as the shopper would there.
  const done = await request.post(`${tokenize.location}/complete`, { maxRedirects: 0 });
  expect(done.status()).toBe(303);
  return orderId;
}

/** Makes a return in `returning` (from a delivered order) for the shopper; returns the return's id. */
export async function returningOrder(request: APIRequestContext, tokens: Tokens): Promise<number> {
  const { orderId } = await orderFor(request, tokens);
  await moveTo(request, orderId, 'delivered');
  const [product] = await callApi<{ id: number }[]>(request, tokens, 'GET', `/orders/${orderId}/products`);
  const response = await request.post(`${apiBase}/orders/${orderId}/return_order`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
    multipart: { id: String(orderId), product_id: String(product?.id), return_quantity: '1', return_reason: 'Too small', return_photo: photo },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await apiBody<{ id: number }>(response)).id;
}

/** The session fixtures, plus a check after each case that the page threw no uncaught error. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
