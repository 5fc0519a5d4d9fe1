// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as addresses from '../../src/lib/api/addresses';
import * as auth from '../../src/lib/api/auth';
import * as cards from '../../src/lib/api/cards';
import { asBool, asInt, asNumber, asText, asWord, readList, readOne, readOptional } from '../../src/lib/api/decode';
import * as email from '../../src/lib/api/email';
import { ApiError } from '../../src/lib/api/errors';
import * as orders from '../../src/lib/api/orders';
import * as portals from '../../src/lib/api/portals';
import * as users from '../../src/lib/api/users';
import { config } from '../../src/lib/config';
import { storeTokens } from '../../src/lib/stores/session';

// Every call of src/lib/api read from each dialect the real service might answer in: a bare body
// (a plain Rails API, SPEC section 7 read through axios' response.data), our `{ data }` envelope,
// and the resource under its own name; lists with and without meta.

interface Answer {
  status?: number;
  body?: unknown;
  text?: string;
}

let answer: Answer = {};
let seen: { method: string; url: string }[] = [];

function reply(a: Answer): void {
  answer = a;
}

beforeEach(() => {
  localStorage.clear();
  storeTokens('access', 'refresh', true);
  seen = [];
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    seen.push({ method: init.method ?? 'GET', url });
    const status = answer.status ?? 200;
    if (status === 204) return Promise.resolve(new Response(null, { status }));
    if (answer.text !== undefined) return Promise.resolve(new Response(answer.text, { status, headers: { 'Content-Type': 'text/html' } }));
    return Promise.resolve(new Response(JSON.stringify(answer.body ?? null), { status, headers: { 'Content-Type': 'application/json' } }));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Dialect = 'bare' | 'data' | 'named';
const DIALECTS: Dialect[] = ['bare', 'data', 'named'];

function one(dialect: Dialect, name: string, resource: unknown): unknown {
  if (dialect === 'bare') return resource;
  return dialect === 'data' ? { data: resource } : { [name]: resource };
}

function list(dialect: Dialect, plural: string, items: unknown[], meta?: unknown): unknown {
  if (dialect === 'bare') return items;
  const key = dialect === 'data' ? 'data' : plural;
  return meta === undefined ? { [key]: items } : { [key]: items, meta };
}

const USER = { id: '7', first_name: 'Thandi', last_name: 'Nkosi', email: 't@example.com', mobile: '0821234567', notification_method: 'email', birth_date: '1990-01-01', archived_at: null };
const CLIENT_USER = { id: 7, firstName: 'Thandi', lastName: 'Nkosi', email: 't@example.com', mobile: '0821234567', notificationMethod: 'email', birthDate: '1990-01-01', archivedAt: null };
const ADDRESS = { id: 3, name: 'Home', address: '1 Long St', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' };
const CLIENT_ADDRESS = { id: 3, name: 'Home', address: '1 Long St', townCity: 'Cape Town', province: 'Western Cape', postalCode: '8001' };
const CARD = { id: 4, user_id: 7, token: 'tok', card_name: 'Visa', is_preferred: 'true', is_valid: true };
const PRODUCT = {
  id: 11, order_id: '21', name: 'Shirt', description: 'https://shop.example/shirt', quantity: '2', comment: null,
  cost_price: '650.0', customs_price: '95.0', delivery_price: 80, service_fee: '92.5', screenshot: 'https://api.example/uploads/1.png',
};
const QUOTE = { fees: '260.0', service_fee: '185.0', sub_total: '1415.0', total_vat: '212.25', total: '1627.25' };
const CLIENT_QUOTE = { feesCost: 260, serviceFeeCost: 185, subTotal: 1415, totalVat: 212.25, total: 1627.25, quotedAt: '' };
const ORDER = {
  id: '21', portal: { id: '1', name: 'ASOS' }, user: { first_name: 'Thandi', last_name: 'Nkosi' }, address: ADDRESS, order_type: 'Normal ',
  status: ' Arrived In SA ', created_at: '2026-11-20T09:15:00+02:00', delivery_date: '2026-11-28T10:00:00.123Z', pickup: null, shipping: 'DHL',
  products: [PRODUCT], total_items: '2', quote: QUOTE, parent_order_id: null,
};

function expectOrder(order: orders.Order): void {
  expect(order).toMatchObject({
    id: 21, portalId: 1, portalName: 'ASOS', userName: 'Thandi Nkosi', address: CLIENT_ADDRESS, orderType: 'normal', status: 'arrived in SA',
    createdDate: '2026-11-20T09:15:00+02:00', deliveryDate: '2026-11-28T10:00:00.123Z', pickup: '', shipping: 'DHL', totalItems: 2, quote: CLIENT_QUOTE, parentOrderId: null, paymentStatus: '',
  });
  expect(order.products[0]).toEqual({
    id: 11, name: 'Shirt', description: 'https://shop.example/shirt', quantity: 2, comment: '', costPrice: 650, customsPrice: 95, deliveryPrice: 80, serviceFee: 92.5,
    screenshot: 'https://api.example/uploads/1.png',
  });
}

const unreadable = { kind: 'unknown', message: 'Something terrible happened' };

describe.each(DIALECTS)('single resources from a %s body', (dialect) => {
  it('users: current user, update', async () => {
    reply({ body: one(dialect, 'user', USER) });
    expect(await users.showDetails()).toEqual(CLIENT_USER);
    expect(await users.updateUser(7, { firstName: 'Thandi' })).toEqual(CLIENT_USER);
  });

  it('users: registration answered 201 Created', async () => {
    reply({ status: 201, body: one(dialect, 'user', USER) });
    expect(await users.createUser({ firstName: 'Thandi', lastName: 'Nkosi', email: 't@example.com', birthDate: '1990-01-01', mobile: '0821234567', password: 'x' })).toEqual(CLIENT_USER);
  });

  it('addresses: create (201), delete (id and name), restore', async () => {
    reply({ status: 201, body: one(dialect, 'address', ADDRESS) });
    expect(await addresses.createAddress(CLIENT_ADDRESS)).toEqual(CLIENT_ADDRESS);
    reply({ body: one(dialect, 'address', { id: '3', name: 'Home' }) });
    expect(await addresses.deleteAddress(3)).toEqual({ id: 3, name: 'Home' });
    reply({ body: one(dialect, 'address', ADDRESS) });
    expect(await addresses.restoreAddress(3)).toEqual(CLIENT_ADDRESS);
  });

  it('cards: create (201) with tokenize beside the card, a preferred flag of null', async () => {
    const tokenize = { status: 'pending', location: 'https://sandbox.payfast.co.za/eng/process?id=4' };
    const body = dialect === 'bare' ? { ...CARD, tokenize } : { ...(one(dialect, 'card', CARD) as object), tokenize };
    reply({ status: 201, body });
    expect(await cards.createCard('Visa')).toEqual({ card: { id: 4, userId: 7, token: 'tok', cardName: 'Visa', isPreferred: true, isValid: true }, tokenize });
    reply({ body: list(dialect, 'cards', [{ ...CARD, is_preferred: null }]) });
    expect((await cards.listCards())[0]?.isPreferred).toBeUndefined();
  });

  it('cards: made the preferred one, then deleted', async () => {
    reply({ body: one(dialect, 'card', { ...CARD, is_preferred: true }) });
    expect((await cards.updateCard(4, { isPreferred: true })).isPreferred).toBe(true);
    reply({ body: one(dialect, 'card', CARD) });
    await expect(cards.deleteCard(4)).resolves.toBeUndefined();
  });

  it('orders: one order with decimals as strings, status in any case, the address change', async () => {
    reply({ body: one(dialect, 'order', ORDER) });
    expectOrder(await orders.getOrder(21));
    expectOrder(await orders.updateOrderAddress(21, 3));
  });

  it('orders: the cost summary with decimals as strings', async () => {
    reply({ body: one(dialect, 'quote', QUOTE) });
    expect(await orders.getCostSummary(21)).toEqual(CLIENT_QUOTE);
  });

  it('orders: a created order (201) and a scheduled return give their ids', async () => {
    const file = { screenshot: new Blob(['x'], { type: 'image/png' }), fileName: 'a.png' };
    reply({ status: 201, body: one(dialect, 'order', { ...ORDER, id: 30 }) });
    expect(await orders.createOrder({ portal: 1, addressId: 3, products: [{ name: 'Shirt', description: 'https://x.example', quantity: 1, comment: '', ...file }] })).toEqual({ id: 30 });
    reply({ status: 201, body: one(dialect, 'order', { ...ORDER, id: '31', order_type: 'RETURN', status: 'Returning' }) });
    expect(await orders.returnOrder(21, { productId: 11, quantity: 1, reason: 'Too small', photo: file.screenshot, fileName: 'r.png' })).toEqual({ id: 31 });
  });

  it('products: delete (id and name), restore', async () => {
    reply({ body: one(dialect, 'product', PRODUCT) });
    expect(await orders.restoreProduct(11)).toMatchObject({ costPrice: 650, serviceFee: 92.5 });
    reply({ body: one(dialect, 'product', { id: 11, name: 'Shirt' }) });
    expect(await orders.deleteProduct(11)).toEqual({ id: 11, name: 'Shirt' });
  });
});

describe.each(DIALECTS)('lists from a %s body', (dialect) => {
  const meta = { current_page: '2', total_pages: '3', total_count: '51' };

  it('orders follow meta when present; without it the list is one whole page', async () => {
    reply({ body: list(dialect, 'orders', [ORDER]) });
    const whole = await orders.listOrders({ page: 1, per: 100 });
    expect(whole.orders).toHaveLength(1);
    expectOrder(whole.orders[0] as orders.Order);
    expect(whole.meta).toEqual({ currentPage: 1, totalPages: 1, totalCount: 1 });
    if (dialect === 'bare') return;
    reply({ body: list(dialect, 'orders', [ORDER], meta) });
    expect((await orders.listOrders({ page: 2 })).meta).toEqual({ currentPage: 2, totalPages: 3, totalCount: 51 });
  });

  it('addresses, cards, an order\'s products, the shops with orders', async () => {
    reply({ body: list(dialect, 'addresses', [ADDRESS]) });
    expect(await addresses.listAddresses()).toEqual([CLIENT_ADDRESS]);
    reply({ body: list(dialect, 'cards', [CARD]) });
    expect((await cards.listCards()).map((c) => c.cardName)).toEqual(['Visa']);
    reply({ body: list(dialect, 'products', [PRODUCT]) });
    expect((await orders.listOrderProducts(21)).map((p) => p.deliveryPrice)).toEqual([80]);
    reply({ body: list(dialect, 'portals', [{ id: '2', name: 'Nike', link: 'https://nike.com', tc_link: null }]) });
    expect(await portals.listPortalsWithOrders()).toEqual([
      { id: 2, name: 'Nike', link: 'https://nike.com', category: '', tcLink: '', privacyPolicyLink: '', returnPolicyLink: '', picture: '' },
    ]);
    expect(seen.at(-1)?.url).toBe(`${config.apiBase}/portals/portals_with_orders`);
  });

  it('the public shop and advert lists', async () => {
    reply({ body: list(dialect, 'portals', [{ id: 1, name: 'ASOS' }]) });
    expect((await portals.listPortals()).map((p) => p.name)).toEqual(['ASOS']);
    reply({ body: list(dialect, 'adverts', [{ id: '5', portal_id: '1', name: 'Sale', start_date: '2026-11-01', end_date: '2026-11-30T23:59:59.000+02:00' }]) });
    expect(await portals.listAdverts()).toMatchObject([{ id: 5, portalId: 1, name: 'Sale', endDate: '2026-11-30T23:59:59.000+02:00', picture: '' }]);
  });
});

describe('any 2xx is success; an empty answer is fine where nothing is needed back', () => {
  it.each([200, 201, 204])('%i: pick-up, payment, messages, recovery', async (status) => {
    reply({ status, body: {} });
    await expect(orders.completeReturnOrder(31)).resolves.toBeUndefined();
    await expect(cards.payOrder(21, 4, { returnUrl: 'r', cancelUrl: 'c' })).resolves.toEqual({ location: undefined });
    await expect(cards.startPayment()).resolves.toBeUndefined();
    await expect(email.sendContactMessage({ email: 'a@b.co', firstname: 'A', lastname: 'B', mobile: '', querytitle: 'Q', querydescription: 'D' })).resolves.toBeUndefined();
    await expect(email.sendAdvertiseMessage({ email: 'a@b.co', mobile: '', companyName: 'C', description: 'D' })).resolves.toBeUndefined();
    await expect(auth.requestPasswordReset('a@b.co')).resolves.toBeUndefined();
    await expect(auth.resetPassword({ confirmationCode: 't', password: 'p', confirmPassword: 'p' })).resolves.toBeUndefined();
    await expect(auth.unlockAccount('t')).resolves.toBeUndefined();
  });

  it('204 on delete names nothing (the store falls back to the name on screen); 204 on registration keeps what was sent', async () => {
    reply({ status: 204 });
    expect(await addresses.deleteAddress(3)).toEqual({ id: 3, name: '' });
    expect(await orders.deleteProduct(11)).toEqual({ id: 11, name: '' });
    expect(await users.createUser({ firstName: 'Zanele', lastName: 'Dube', email: 'z@example.com', birthDate: '', mobile: '', password: 'x' })).toMatchObject({ id: 0, firstName: 'Zanele', email: 'z@example.com' });
    expect(await addresses.createAddress(CLIENT_ADDRESS)).toEqual({ ...CLIENT_ADDRESS, id: 0 });
    expect(await orders.createOrder({ portal: 1, addressId: 3, products: [] })).toEqual({ id: 0 });
  });
});

describe('a quote that is null or missing', () => {
  it.each([
    ['a null body', { body: null }],
    ['{ data: null }', { body: { data: null } }],
    ['{ quote: null }', { body: { quote: null } }],
    ['an empty object', { body: {} }],
    ['204 No Content', { status: 204 }],
  ])('%s is no quote yet', async (_name, a: Answer) => {
    reply(a);
    expect(await orders.getCostSummary(21)).toBeNull();
  });

  it('on an order, null or a missing key is no quote (shown as R0)', async () => {
    reply({ body: { ...ORDER, quote: null } });
    expect((await orders.getOrder(21)).quote).toBeNull();
    const { quote: _dropped, ...withoutQuote } = ORDER;
    reply({ body: withoutQuote });
    expect((await orders.getOrder(21)).quote).toBeNull();
  });
});

describe('an unreadable body is the error of SPEC section 8', () => {
  it.each([
    ['an HTML page', { text: '<html>Welcome to nginx</html>' }],
    ['an array where one object was asked', { body: [USER] }],
    ['a number', { body: 42 }],
  ])('current user from %s', async (_name, a: Answer) => {
    reply(a);
    const error = await users.showDetails().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject(unreadable);
  });

  it('lists, orders and the public lists from a body that is no list', async () => {
    reply({ body: { message: 'ok' } });
    await expect(orders.listOrders()).rejects.toMatchObject(unreadable);
    await expect(addresses.listAddresses()).rejects.toMatchObject(unreadable);
    await expect(cards.listCards()).rejects.toMatchObject(unreadable);
    reply({ text: '<html></html>' });
    await expect(portals.listPortals()).rejects.toMatchObject(unreadable);
    await expect(orders.getOrder(21)).rejects.toMatchObject(unreadable);
  });

  it('a card answer without its tokenize location', async () => {
    reply({ status: 201, body: CARD });
    await expect(cards.createCard('Visa')).rejects.toMatchObject(unreadable);
  });

  it('a token answer without an access token', async () => {
    reply({ body: { data: { token_type: 'Bearer' } } });
    await expect(auth.passwordGrant('a@b.co', 'p')).rejects.toMatchObject(unreadable);
    reply({ body: { access_token: 'a1', refresh_token: 'r1', token_type: 'Bearer', expires_in: '7200', created_at: 1763629200 } });
    expect(await auth.passwordGrant('a@b.co', 'p')).toEqual({ access_token: 'a1', refresh_token: 'r1', token_type: 'Bearer', expires_in: 7200, scope: undefined, created_at: 1763629200 });
  });
});

describe('the casting rules', () => {
  it('reads Rails values: decimals and ids as strings, booleans as words, absent as empty or 0', () => {
    expect(asNumber('1200.0')).toBe(1200);
    expect(asNumber('275.33')).toBe(275.33);
    expect(asNumber(null)).toBe(0);
    expect(asNumber('n/a')).toBe(0);
    expect(asInt('42')).toBe(42);
    expect(asInt(undefined)).toBe(0);
    expect(asInt('4.5')).toBe(0);
    expect(asText(null)).toBe('');
    expect(asText(12)).toBe('12');
    expect(asBool('false', true)).toBe(false);
    expect(asBool(undefined)).toBe(false);
    expect(asWord(' IN TRANSIT ', orders.ORDER_STATUSES)).toBe('in transit');
    expect(asWord('on hold', orders.ORDER_STATUSES)).toBe('on hold');
  });

  it('unwraps by data or by name, but never takes a bare resource\'s own field for the resource', () => {
    expect(readOne({ data: { id: 1 } }, 'order')).toEqual({ id: 1 });
    expect(readOne({ order: { id: 2 } }, 'order')).toEqual({ id: 2 });
    expect(readOne({ id: 3, user: { first_name: 'T' } }, 'user')).toEqual({ id: 3, user: { first_name: 'T' } });
    expect(readOptional('', 'quote')).toBeNull();
    expect(readList({ data: [{ id: 1 }, 'junk'] }, 'orders').items).toEqual([{ id: 1 }]);
  });
});
