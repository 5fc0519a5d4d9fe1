import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { makePng } from '../../sandbox/src/png';
import { apiBody, apiOrigin, expect, sandbox, type Tokens } from './fixtures';

/** The API base the site under test calls. */
export const apiBase = `${apiOrigin}/api/web/v1`;

/** A PNG above the 50KB minimum of the image rule. */
export const photo = { name: 'photo.png', mimeType: 'image/png', buffer: makePng(200, [180, 90, 40], true) };

/** Calls the API as the signed-in shopper and returns the resource (either dialect). */
export async function callApi<T>(request: APIRequestContext, tokens: Tokens, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`${apiBase}${path}`, { method, data, headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return apiBody<T>(response);
}

/** The shopper's first order of each status, by status (the account routes with an id open these). */
export async function ordersByStatus(request: APIRequestContext, tokens: Tokens): Promise<Record<string, number>> {
  const orders = await callApi<{ id: number; status: string }[]>(request, tokens, 'GET', '/orders?type=normal&per=100');
  const ids: Record<string, number> = {};
  for (const o of orders) ids[o.status] ??= o.id;
  return ids;
}

/** Creates an address for the shopper and returns its id. */
export async function createAddress(request: APIRequestContext, tokens: Tokens, name = 'Home'): Promise<number> {
  const address = await callApi<{ id: number }>(request, tokens, 'POST', '/addresses', {
    address: { name, address: '14 Jan Smuts Avenue', city: 'Johannesburg', province: 'Gauteng', postal_code: '2193' },
  });
  return address.id;
}

/** Places an order through the API (multipart, as the order form does) and returns its id. */
export async function placeOrder(request: APIRequestContext, tokens: Tokens, options: { portal?: number; addressId: number; products?: { name: string; quantity: number; description?: string; comment?: string }[] }): Promise<number> {
  const products = options.products ?? [{ name: 'Kindle Paperwhite', quantity: 1 }];
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    'order[portal_id]': String(options.portal ?? 1),
    'order[order_type]': 'normal',
    'order[status]': 'placed',
    'order[address_id]': String(options.addressId),
  };
  products.forEach((p, i) => {
    multipart[`order[products][${i}][name]`] = p.name;
    multipart[`order[products][${i}][description]`] = p.description ?? `https://www.amazon.com/dp/item-${i}`;
    multipart[`order[products][${i}][quantity]`] = String(p.quantity);
    multipart[`order[products][${i}][comment]`] = p.comment ?? '';
    multipart[`order[products][${i}][screenshot]`] = photo;
  });
  const response = await request.post(`${apiBase}/orders`, { multipart, headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(response.status(), await response.text()).toBe(201);
  return (await apiBody<{ id: number }>(response)).id;
}

/** The operator issues the quote of an order (moves it to processing), `hoursAgo` hours back on its 48-hour clock. */
export async function issueQuote(request: APIRequestContext, orderId: number, hoursAgo = 0): Promise<void> {
  await sandbox(request, 'POST', `/orders/${orderId}/quote`, { cost: [250, 90], customs: [20], delivery: [30], hours_ago: hoursAgo });
}

/** The operator moves an order to a status. */
export async function moveTo(request: APIRequestContext, orderId: number, status: string): Promise<void> {
  await sandbox(request, 'POST', `/orders/${orderId}/status`, { status });
}

/** Chooses an option of the shared Select (a combobox with a search): types, then picks the option. */
export async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  if (typeof option === 'string') await box.fill(option);
  await page.getByRole('option', { name: option }).first().click();
}

/** The toast region's message with this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.Toastify').getByText(text);
}
