// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressFromWire, addressToWire, createAddress } from '../../src/lib/api/addresses';
import { cardFromWire, createCard, deleteCard, updateCard } from '../../src/lib/api/cards';
import { createOrder, orderFromWire, productFromWire, quoteFromWire, returnOrder, updateOrderAddress } from '../../src/lib/api/orders';
import { listAdverts, listPortals } from '../../src/lib/api/portals';
import { closeAccount, createUser, updateUser, userChangesPayload, userFromWire } from '../../src/lib/api/users';
import { config } from '../../src/lib/config';
import { clearTokens, storeTokens } from '../../src/lib/stores/session';

interface Sent {
  url: string;
  method: string;
  body: unknown;
}

let sent: Sent[] = [];

/** Answers every call with `reply` and records what was sent (JSON bodies parsed, FormData as entries). */
function answer(reply: unknown): void {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = init.body instanceof FormData ? [...init.body.entries()] : typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    sent.push({ url, method: init.method ?? 'GET', body });
    return Promise.resolve(new Response(JSON.stringify(reply), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
}

/** A blob's text; jsdom's Blob has no text(), FileReader works. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

const wireAddress = { id: 4, name: 'Home', address: '12 Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' };
const clientAddress = { id: 4, name: 'Home', address: '12 Long Street', townCity: 'Cape Town', province: 'Western Cape', postalCode: '8001' };

beforeEach(() => {
  sent = [];
  storeTokens('access-1', 'refresh-1', false);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearTokens();
});

describe('addresses', () => {
  it('maps city and postal_code to townCity and postalCode, and back', () => {
    expect(addressFromWire(wireAddress)).toEqual(clientAddress);
    const { id, ...rest } = clientAddress;
    expect(id).toBe(4);
    expect(addressToWire(rest)).toEqual({ name: 'Home', address: '12 Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' });
  });

  it('reads a missing value as empty text and a missing id as 0 (SPEC section 3)', () => {
    expect(addressFromWire({ name: null, city: undefined })).toEqual({ id: 0, name: '', address: '', townCity: '', province: '', postalCode: '' });
    expect(addressFromWire(null)).toMatchObject({ id: 0, townCity: '' });
  });

  it('POST /addresses sends address{name, address, city, province, postal_code}', async () => {
    answer({ data: wireAddress });
    const { id, ...rest } = clientAddress;
    expect(await createAddress(rest)).toEqual({ ...rest, id });
    expect(sent[0]).toEqual({ url: `${config.apiBase}/addresses`, method: 'POST', body: { address: addressToWire(rest) } });
  });
});

describe('orders and products', () => {
  const wireProduct = {
    id: 7,
    name: 'Product 1',
    description: 'https://www.nike.com/t/air',
    quantity: 2,
    comment: 'Size 9',
    cost_price: '100.50',
    customs_price: 20,
    delivery_price: null,
    service_fee: '185',
    screenshot: 'http://127.0.0.1:4010/uploads/a.webp',
  };

  it('maps a product: snake_case prices to numbers, missing text to empty', () => {
    expect(productFromWire(wireProduct)).toEqual({
      id: 7,
      name: 'Product 1',
      description: 'https://www.nike.com/t/air',
      quantity: 2,
      comment: 'Size 9',
      costPrice: 100.5,
      customsPrice: 20,
      deliveryPrice: 0,
      serviceFee: 185,
      screenshot: 'http://127.0.0.1:4010/uploads/a.webp',
    });
    expect(productFromWire({ id: 8 })).toMatchObject({ name: '', description: '', quantity: 0, comment: '', costPrice: 0, screenshot: '' });
  });

  it('maps a quote: fees and service_fee to feesCost and serviceFeeCost; none stays null', () => {
    expect(quoteFromWire({ fees: '50', service_fee: 185, sub_total: '235', total_vat: 35.25, total: '270.25' })).toEqual({
      feesCost: 50,
      serviceFeeCost: 185,
      subTotal: 235,
      totalVat: 35.25,
      total: 270.25,
      quotedAt: '',
    });
    expect(quoteFromWire({ total: '1', quoted_at: '2026-11-21T10:00:00+02:00' })?.quotedAt).toBe('2026-11-21T10:00:00+02:00');
    expect(quoteFromWire({ total: '1', created_at: '2026-11-21T08:00:00.123Z' })?.quotedAt).toBe('2026-11-21T08:00:00.123Z');
    expect(quoteFromWire(null)).toBeNull();
  });

  it('maps an order: portal name, user name, created_at, order_type, total items', () => {
    const order = orderFromWire({
      id: 12,
      portal: { id: 3, name: 'Nike' },
      user: { first_name: 'Thandi', last_name: 'Nkosi' },
      address: wireAddress,
      order_type: 'normal',
      status: 'processing',
      created_at: '2026-11-20T08:00:00Z',
      delivery_date: null,
      pickup: 'Depot',
      shipping: 'Courier',
      products: [wireProduct, { ...wireProduct, id: 9, quantity: 1 }],
      quote: { total: '270.25' },
      parent_order_id: null,
    });
    expect(order).toMatchObject({
      id: 12,
      portalId: 3,
      portalName: 'Nike',
      userName: 'Thandi Nkosi',
      address: clientAddress,
      orderType: 'normal',
      status: 'processing',
      createdDate: '2026-11-20T08:00:00Z',
      deliveryDate: '',
      pickup: 'Depot',
      shipping: 'Courier',
      totalItems: 3,
      quote: { total: 270.25, feesCost: 0 },
      parentOrderId: null,
      paymentStatus: '',
    });
    expect(order.products.map((p) => p.id)).toEqual([7, 9]);
    expect(orderFromWire({ id: 13, total_items: 5, user: { first_name: 'Sipho' } })).toMatchObject({
      address: null,
      userName: 'Sipho',
      portalName: '',
      totalItems: 5,
      quote: null,
      orderType: 'normal',
    });
  });

  it('POST /orders sends the multipart fields of SPEC section 7 in product order', async () => {
    answer({ data: { id: 31 } });
    const first = new Blob(['first'], { type: 'image/webp' });
    const second = new Blob(['second'], { type: 'image/jpeg' });
    const products = [
      { name: 'Product 1', description: 'https://a.example/1', quantity: 2, comment: 'Blue', screenshot: first, fileName: 'screenshot-1.webp', ifUnavailable: 'buy_alternative', alternative: 'White' },
      { name: 'Product 2', description: 'https://a.example/2', quantity: 1, comment: '', screenshot: second, fileName: 'screenshot-2.jpg', ifUnavailable: 'ask_me', alternative: '' },
    ];
    expect(await createOrder({ portal: 3, addressId: 4, products })).toEqual({ id: 31 });
    const entries = sent[0]?.body as [string, FormDataEntryValue][];
    expect(sent[0]).toMatchObject({ url: `${config.apiBase}/orders`, method: 'POST' });
    expect(entries.map(([key, value]) => [key, typeof value === 'string' ? value : (value as File).name])).toEqual([
      ['order[portal_id]', '3'],
      ['order[order_type]', 'normal'],
      ['order[status]', 'placed'],
      ['order[address_id]', '4'],
      ['order[products][0][name]', 'Product 1'],
      ['order[products][0][description]', 'https://a.example/1'],
      ['order[products][0][quantity]', '2'],
      ['order[products][0][comment]', 'Blue'],
      ['order[products][0][screenshot]', 'screenshot-1.webp'],
      ['order[products][0][if_unavailable]', 'buy_alternative'],
      ['order[products][0][alternative]', 'White'],
      ['order[products][1][name]', 'Product 2'],
      ['order[products][1][description]', 'https://a.example/2'],
      ['order[products][1][quantity]', '1'],
      ['order[products][1][comment]', ''],
      ['order[products][1][screenshot]', 'screenshot-2.jpg'],
      ['order[products][1][if_unavailable]', 'ask_me'],
    ]);
    const files = entries.filter(([key]) => key.endsWith('[screenshot]')).map(([, value]) => value as File);
    expect(await Promise.all(files.map(textOf))).toEqual(['first', 'second']);
  });

  it('PATCH /orders/{id} sends order{address}; a return sends id, product_id, return_quantity, return_reason, return_photo', async () => {
    answer({ data: { id: 12, address: wireAddress } });
    expect((await updateOrderAddress(12, 4)).address).toEqual(clientAddress);
    expect(sent[0]).toEqual({ url: `${config.apiBase}/orders/12`, method: 'PATCH', body: { order: { address: 4 } } });

    await returnOrder(12, { productId: 7, quantity: 1, reason: 'Too small', photo: new Blob(['p'], { type: 'image/png' }), fileName: 'return.png' });
    const entries = sent[1]?.body as [string, FormDataEntryValue][];
    expect(sent[1]?.url).toBe(`${config.apiBase}/orders/12/return_order`);
    expect(entries.map(([key, value]) => [key, typeof value === 'string' ? value : (value as File).name])).toEqual([
      ['id', '12'],
      ['product_id', '7'],
      ['return_quantity', '1'],
      ['return_reason', 'Too small'],
      ['return_photo', 'return.png'],
    ]);
  });
});

describe('users', () => {
  const wireUser = {
    id: 5,
    first_name: 'Thandi',
    last_name: 'Nkosi',
    email: 't@example.com',
    mobile: '+27821234567',
    notification_method: 'sms',
    birth_date: '1990-05-05',
    archived_at: null,
  };
  const clientUser = {
    id: 5,
    firstName: 'Thandi',
    lastName: 'Nkosi',
    email: 't@example.com',
    mobile: '+27821234567',
    notificationMethod: 'sms',
    birthDate: '1990-05-05',
    archivedAt: null,
  };

  it('maps first_name, last_name and notification_method to client names; missing text to empty', () => {
    expect(userFromWire(wireUser)).toEqual(clientUser);
    expect(userFromWire({})).toEqual({ id: 0, firstName: '', lastName: '', email: '', mobile: '', notificationMethod: '', birthDate: '', archivedAt: null });
  });

  it('POST /users sends user{first_name, last_name, birth_date, email, mobile, password}', async () => {
    answer({ data: wireUser });
    await createUser({ firstName: 'Thandi', lastName: 'Nkosi', email: 't@example.com', birthDate: '1990-05-05', mobile: '+27821234567', password: 'Secret#2026' });
    expect(sent[0]?.body).toEqual({
      user: { first_name: 'Thandi', last_name: 'Nkosi', birth_date: '1990-05-05', email: 't@example.com', mobile: '+27821234567', password: 'Secret#2026' },
    });
  });

  it('PATCH /users/{id} sends the client names given, and only those (SPEC section 7)', async () => {
    expect(userChangesPayload({ firstName: 'Naledi', lastName: undefined, notificationMethod: 'email' })).toEqual({ firstName: 'Naledi', notificationMethod: 'email' });
    answer({ data: { ...wireUser, first_name: 'Naledi' } });
    expect((await updateUser(5, { firstName: 'Naledi', mobile: '0821112222' })).firstName).toBe('Naledi');
    expect(sent[0]).toEqual({ url: `${config.apiBase}/users/5`, method: 'PATCH', body: { user: { firstName: 'Naledi', mobile: '0821112222' } } });
  });

  it("a new e-mail goes with Devise's current_password; closing the account sends it in the DELETE's body", async () => {
    expect(userChangesPayload({ email: 'n@example.com', currentPassword: 'Secret#2026' })).toEqual({ email: 'n@example.com', current_password: 'Secret#2026' });
    answer({});
    await closeAccount(5, 'Secret#2026');
    expect(sent[0]).toEqual({ url: `${config.apiBase}/users/5`, method: 'DELETE', body: { user: { current_password: 'Secret#2026' } } });
  });
});

describe('cards', () => {
  it('maps user_id, card_name, is_preferred and is_valid', () => {
    expect(cardFromWire({ id: 2, user_id: 5, token: 'tok', card_name: 'Personal Visa', is_preferred: true, is_valid: true })).toEqual({
      id: 2,
      userId: 5,
      token: 'tok',
      cardName: 'Personal Visa',
      isPreferred: true,
      isValid: true,
    });
    expect(cardFromWire({ id: 3, is_preferred: null })).toEqual({ id: 3, userId: 0, token: '', cardName: '', isPreferred: undefined, isValid: false });
  });

  it('POST /cards sends card{card_name, is_preferred} and reads tokenize{status, location}', async () => {
    answer({ data: { id: 9, card_name: 'Travel', is_valid: false }, tokenize: { status: 'pending', location: 'https://sandbox.payfast.co.za/x' } });
    expect(await createCard('Travel', true)).toMatchObject({ card: { id: 9, cardName: 'Travel', isValid: false }, tokenize: { status: 'pending' } });
    expect(sent[0]).toEqual({ url: `${config.apiBase}/cards`, method: 'POST', body: { card: { card_name: 'Travel', is_preferred: true } } });
  });

  it('POST /cards/{id} sends only the changed fields; DELETE /cards/{id} removes the card', async () => {
    answer({ data: { id: 9, card_name: 'Travel', is_preferred: true, is_valid: true } });
    expect(await updateCard(9, { isPreferred: true })).toMatchObject({ id: 9, isPreferred: true });
    expect(sent[0]).toEqual({ url: `${config.apiBase}/cards/9`, method: 'POST', body: { card: { is_preferred: true } } });
    answer({ data: { id: 9, card_name: 'Trips', is_valid: true } });
    expect((await updateCard(9, { cardName: 'Trips' })).cardName).toBe('Trips');
    expect(sent[1]).toEqual({ url: `${config.apiBase}/cards/9`, method: 'POST', body: { card: { card_name: 'Trips' } } });
    answer({ data: { id: 9, card_name: 'Trips' } });
    await expect(deleteCard(9)).resolves.toBeUndefined();
    expect(sent[2]).toMatchObject({ url: `${config.apiBase}/cards/9`, method: 'DELETE' });
  });
});

describe('portals and adverts', () => {
  it('maps tc_link, privacy_policy_link, return_policy_link; nulls become empty text; a shop without a name or an id is left out', async () => {
    answer({
      data: [
        {
          id: 3,
          name: 'Nike',
          link: 'https://www.nike.com',
          category: 'Sports',
          tc_link: 'https://www.nike.com/terms',
          privacy_policy_link: 'https://www.nike.com/privacy',
          return_policy_link: null,
          picture: '/shops/nike.svg',
        },
        { id: 4 },
        { id: 5, name: 'Gymshark' },
        { name: 'No id' },
      ],
    });
    expect(await listPortals()).toEqual([
      {
        id: 3,
        name: 'Nike',
        link: 'https://www.nike.com',
        category: 'Sports',
        tcLink: 'https://www.nike.com/terms',
        privacyPolicyLink: 'https://www.nike.com/privacy',
        returnPolicyLink: '',
        picture: '/shops/nike.svg',
      },
      { id: 5, name: 'Gymshark', link: '', category: '', tcLink: '', privacyPolicyLink: '', returnPolicyLink: '', picture: '' },
    ]);
    expect(sent[0]?.url).toBe(`${config.apiBase}/portals`);
  });

  it('maps an advert: portal_id, start_date, end_date, created_at', async () => {
    answer({ data: [{ id: 1, portal_id: 3, name: 'Run', start_date: '2026-11-01', end_date: '2026-12-01', created_at: '2026-10-30T10:00:00Z', picture: null }] });
    expect(await listAdverts()).toEqual([{ id: 1, portalId: 3, name: 'Run', startDate: '2026-11-01', endDate: '2026-12-01', createdAt: '2026-10-30T10:00:00Z', picture: '' }]);
  });
});
