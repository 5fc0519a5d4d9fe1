// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/lib/api/orders';
import { anOrder } from './order-fixture';

vi.mock('../../src/lib/api/orders', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/orders')>()),
  listOrders: vi.fn(),
}));
vi.mock('../../src/lib/api/cards', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/cards')>()),
  createCard: vi.fn(),
  payOrder: vi.fn(),
}));

const ordersApi = await import('../../src/lib/api/orders');
const cardsApi = await import('../../src/lib/api/cards');
const { listAllOrders, $pendingOrders, $pastOrders } = await import('../../src/lib/stores/orders');
const { orderTitle } = await import('../../src/lib/format');
const { $addCard } = await import('../../src/lib/stores/cards');
const { $payment } = await import('../../src/lib/stores/payment');
const { storeTokens, clearTokens } = await import('../../src/lib/stores/session');
const { returnSchema, detailsSchema, closeAccountSchema, needsCurrentPassword } = await import('../../src/lib/schemas/account');
const { detailsFieldErrors, detailsInitialValues } = await import('../../src/lib/details-form');
const { NOTIFICATION_METHODS, notificationLabel } = await import('../../src/lib/notification-methods');
const { $deliveredOrders, chooseReturnPortal } = await import('../../src/lib/stores/returns');
const { ApiError } = await import('../../src/lib/api/errors');

function order(id: number, status: string, orderType: 'normal' | 'return' = 'normal'): Order {
  return anOrder({ id, status, orderType });
}

beforeEach(() => {
  storeTokens('access', 'refresh', true);
});

afterEach(() => {
  vi.mocked(ordersApi.listOrders).mockReset();
  clearTokens();
});

describe('order lists', () => {
  it('pages through the API 100 at a time until every page is in', async () => {
    const list = vi.mocked(ordersApi.listOrders);
    list.mockImplementation(async (filter = {}) => {
      const page = filter.page ?? 1;
      const ids = Array.from({ length: page < 3 ? 100 : 50 }, (_, i) => (page - 1) * 100 + i + 1);
      return { orders: ids.map((id) => order(id, 'placed')), meta: { currentPage: page, totalPages: 3, totalCount: 250 } };
    });
    const all = await listAllOrders({ type: 'return', status: 'returning' });
    expect(all).toHaveLength(250);
    expect(all.map((o) => o.id).slice(0, 2)).toEqual([1, 2]);
    expect(list).toHaveBeenCalledTimes(3);
    expect(list.mock.calls.map(([f]) => [f?.page, f?.per, f?.type, f?.status])).toEqual([
      [1, 100, 'return', 'returning'],
      [2, 100, 'return', 'returning'],
      [3, 100, 'return', 'returning'],
    ]);
  });

  it('splits pending (placed, processing) from the history, leaving returns out', async () => {
    vi.mocked(ordersApi.listOrders).mockResolvedValue({
      orders: [order(1, 'placed'), order(2, 'processing'), order(3, 'paid'), order(4, 'delivered'), order(5, 'returning', 'return')],
      meta: { currentPage: 1, totalPages: 1, totalCount: 5 },
    });
    const stops = [$pendingOrders.listen(() => undefined), $pastOrders.listen(() => undefined)];
    await vi.waitFor(() => expect($pendingOrders.get().map((o) => o.id)).toEqual([1, 2]));
    expect($pastOrders.get().map((o) => o.id)).toEqual([3, 4]);
    stops.forEach((stop) => stop());
  });

  it('offers for a return only delivered normal orders of the chosen portal, asking the API for those', async () => {
    const list = vi.mocked(ordersApi.listOrders);
    const other = (o: Order, portalId: number): Order => ({ ...o, portalId });
    list.mockResolvedValue({
      orders: [order(1, 'delivered'), order(2, 'in transit'), order(3, 'returning', 'return'), other(order(4, 'delivered'), 2), order(5, 'delivered')],
      meta: { currentPage: 1, totalPages: 1, totalCount: 5 },
    });
    const stop = $deliveredOrders.listen(() => undefined);
    chooseReturnPortal(1);
    await vi.waitFor(() => expect($deliveredOrders.get()).toMatchObject({ data: { portal: 1 }, loading: false }));
    // The order list of the test before may still be mounted and read again for this test's session.
    const asked = list.mock.calls.filter(([f]) => f?.type !== undefined);
    expect(asked.map(([f]) => [f?.type, f?.status, f?.portal])).toEqual([['normal', 'delivered', 1]]);
    expect($deliveredOrders.get().data?.orders.map((o) => o.id)).toEqual([1, 5]);
    chooseReturnPortal(0);
    stop();
  });

  it('titles an order with its portal', () => {
    expect(orderTitle({ id: 12, portalName: 'Amazon' })).toBe('Order 12 - Amazon');
  });
});

describe('card creation', () => {
  it('resolves with the provider page on a listed host', async () => {
    vi.mocked(cardsApi.createCard).mockResolvedValue({
      card: { id: 3, userId: 1, token: '', cardName: 'Mine', isValid: false },
      tokenize: { status: 'pending', location: 'https://www.payfast.co.za/cards/3' },
    });
    await expect($addCard.mutate('Mine')).resolves.toEqual({ data: 'https://www.payfast.co.za/cards/3' });
  });

  it("refuses a location on an unlisted host with 'Failed to create card'", async () => {
    vi.mocked(cardsApi.createCard).mockResolvedValue({
      card: { id: 3, userId: 1, token: '', cardName: 'Mine', isValid: false },
      tokenize: { status: 'pending', location: 'https://evil.example/x' },
    });
    await expect($addCard.mutate('Mine')).resolves.toMatchObject({ error: { message: 'Failed to create card' } });
  });

  it("turns a failed request into 'Failed to create card'", async () => {
    vi.mocked(cardsApi.createCard).mockRejectedValue(new Error('Server is probably offline'));
    await expect($addCard.mutate('Mine')).resolves.toMatchObject({ error: { message: 'Failed to create card' } });
  });
});

describe('payment', () => {
  it("fails with 'Failed to initiate payment with PayFast' and can be tried again", async () => {
    vi.mocked(cardsApi.payOrder).mockRejectedValue(new Error('Request failed with status code 422'));
    await expect($payment.mutate({ orderId: 7, cardId: 1 })).resolves.toMatchObject({ error: { message: 'Failed to initiate payment with PayFast' } });
    expect($payment.get().loading).toBe(false);
  });
});

describe('account schemas and details', () => {
  const messagesOf = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown): Promise<string[]> =>
    schema.validate(value, { abortEarly: false }).then(
      () => [],
      (error: { errors: string[] }) => error.errors,
    );

  it('gives every return form message of SPEC section 5', async () => {
    const empty = { portal: 0, orderId: 0, item: 0, totalItems: 0, returnReason: '', returnPhoto: null };
    expect(await messagesOf(returnSchema, empty)).toEqual(['Portal is required', 'Order is required', 'Item is required', 'Must have at least 1', 'Image is required.']);
    const small = new File([new Uint8Array(1000)], 'a.png', { type: 'image/png' });
    expect(await messagesOf(returnSchema, { ...empty, portal: 1, orderId: 2, item: 3, totalItems: 1, returnPhoto: small })).toEqual(['Min file size is 50KB.']);
  });

  it('offers SMS, E-mail and WhatsApp as the notification method, under the names the pages show, and no other', async () => {
    expect(NOTIFICATION_METHODS).toEqual([['sms', 'SMS'], ['email', 'E-mail'], ['whatsapp', 'WhatsApp']]);
    expect(notificationLabel('whatsapp')).toBe('WhatsApp');
    expect(notificationLabel('pigeon')).toBeUndefined();
    const values = { firstName: '', lastName: '', email: 't@example.com', mobile: '', notificationMethod: 'whatsapp', currentPassword: '' };
    expect(await messagesOf(detailsSchema(undefined), values)).toEqual([]);
    expect(await messagesOf(detailsSchema(undefined), { ...values, notificationMethod: 'pigeon' })).toHaveLength(1);
  });

  it('checks the e-mail with the shared rule and leaves the other details free', async () => {
    const values = { firstName: '', lastName: '', email: 'nope', mobile: 'x', notificationMethod: 'sms', currentPassword: '' };
    expect(await messagesOf(detailsSchema(undefined), values)).toEqual(['Must be a valid email']);
  });

  it('asks for the current password only when the e-mail changes (any case and spaces around are the same e-mail)', async () => {
    const values = { firstName: 'T', lastName: 'N', email: ' T@Example.com ', mobile: '', notificationMethod: 'sms', currentPassword: '' };
    const schema = detailsSchema({ email: 't@example.com', mobile: '', notificationMethod: 'sms' });
    expect(await messagesOf(schema, values)).toEqual([]);
    // Formik hands an empty field to yup as undefined.
    expect(await messagesOf(schema, { ...values, currentPassword: undefined })).toEqual([]);
    expect(await messagesOf(schema, { ...values, email: 'new@example.com' })).toEqual([
      'Enter your current password',
    ]);
    expect(await messagesOf(schema, { ...values, email: 'new@example.com', currentPassword: 'Shopper#2026' })).toEqual([]);
  });

  it('asks for the current password when the mobile (spaces aside) or the notification method changes, as the service does (rule 10)', async () => {
    const account = { email: 't@example.com', mobile: '0821234567', notificationMethod: 'sms' };
    const values = { firstName: 'Naledi', lastName: '', email: 't@example.com', mobile: '082 123 4567', notificationMethod: 'sms', currentPassword: '' } as const;
    const schema = detailsSchema(account);
    expect(needsCurrentPassword(values, account)).toBe(false);
    expect(await messagesOf(schema, values)).toEqual([]);
    for (const change of [{ mobile: '0829990000' }, { mobile: '' }, { notificationMethod: 'whatsapp' }, { notificationMethod: 'email' }] as const) {
      expect(needsCurrentPassword({ ...values, ...change }, account), JSON.stringify(change)).toBe(true);
      expect(await messagesOf(schema, { ...values, ...change }), JSON.stringify(change)).toEqual(['Enter your current password']);
      expect(await messagesOf(schema, { ...values, ...change, currentPassword: 'Shopper#2026' })).toEqual([]);
    }
    // While the shopper loads, nothing is known to change.
    expect(needsCurrentPassword({ ...values, notificationMethod: 'whatsapp' }, undefined)).toBe(false);
  });

  it('lets names and mobile be left empty, as Formik hands them to yup (SPEC section 5: unconstrained strings), but not the e-mail', async () => {
    const { validateYupSchema } = await import('formik');
    const values = { firstName: '', lastName: '', email: 't@example.com', mobile: '', notificationMethod: 'sms', currentPassword: '' };
    await expect(validateYupSchema(values, detailsSchema({ email: 't@example.com', mobile: '', notificationMethod: 'sms' }))).resolves.toBeDefined();
    await expect(validateYupSchema({ ...values, email: '' }, detailsSchema({ email: 't@example.com', mobile: '', notificationMethod: 'sms' }))).rejects.toMatchObject({ errors: expect.arrayContaining(['Must be a valid email']) });
  });

  it("puts the service's current-password refusal on the field in the shopper's words", () => {
    const wrong = new ApiError('Current password is invalid', 'client', { status: 422, errors: { current_password: ['is invalid'] } });
    expect(detailsFieldErrors(wrong)).toEqual({
      currentPassword: 'That is not your current password',
    });
    const blank = new ApiError("Current password can't be blank", 'client', { status: 422, errors: { current_password: ["can't be blank"] } });
    expect(detailsFieldErrors(blank).currentPassword).toMatch(/^Enter your current password/);
  });

  it('closing the account needs the e-mail and the current password', async () => {
    expect(await messagesOf(closeAccountSchema('t@example.com'), { email: 't@example.com', currentPassword: '' })).toEqual([
      'Enter your current password',
    ]);
    expect(await messagesOf(closeAccountSchema('t@example.com'), { email: 't@example.com', currentPassword: 'x' })).toEqual([]);
  });

  it('starts the details form from the shopper, with sms only when no method is stored', () => {
    const user = { id: 1, firstName: 'Thandi', lastName: 'Nkosi', email: 't@example.com', mobile: '0821234567', notificationMethod: 'email', birthDate: '', archivedAt: null };
    expect(detailsInitialValues(user).notificationMethod).toBe('email');
    expect(detailsInitialValues({ ...user, notificationMethod: '' }).notificationMethod).toBe('sms');
    expect(detailsInitialValues({ ...user, notificationMethod: 'whatsapp' }).notificationMethod).toBe('whatsapp');
    expect(detailsInitialValues({ ...user, notificationMethod: 'pigeon' }).notificationMethod).toBe('sms');
    expect(detailsInitialValues(undefined)).toEqual({ firstName: '', lastName: '', email: '', mobile: '', notificationMethod: 'sms', currentPassword: '' });
  });

  it('puts server field errors on the form fields', () => {
    const error = new ApiError('Request failed with status code 422', 'client', { status: 422, errors: { mobile: ['is invalid'], notification_method: ['must be email or sms'] } });
    expect(detailsFieldErrors(error)).toEqual({ mobile: 'is invalid', notificationMethod: 'must be email or sms' });
    expect(detailsFieldErrors(new Error('x'))).toEqual({});
  });

  it('puts server field errors keyed by the client names (the names the update sends) on the form fields', () => {
    const errors = { firstName: ['is too long'], lastName: ['is too long'], notificationMethod: ['must be email or sms'] };
    const error = new ApiError('Request failed with status code 422', 'client', { status: 422, errors });
    expect(detailsFieldErrors(error)).toEqual({ firstName: 'is too long', lastName: 'is too long', notificationMethod: 'must be email or sms' });
  });
});
