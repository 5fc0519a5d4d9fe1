// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '../../src/lib/api/addresses';
import type { Order } from '../../src/lib/api/orders';
import type { User } from '../../src/lib/api/users';
import { anOrder } from './order-fixture';

vi.mock('../../src/lib/api/users', () => ({ showDetails: vi.fn() }));
vi.mock('../../src/lib/api/addresses', () => ({
  listAddresses: vi.fn(),
  createAddress: vi.fn(),
  deleteAddress: vi.fn(),
  restoreAddress: vi.fn(),
}));
vi.mock('../../src/lib/api/orders', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/orders')>()),
  listOrders: vi.fn(),
  getOrder: vi.fn(),
  getCostSummary: vi.fn(),
  listOrderProducts: vi.fn(),
  completeReturnOrder: vi.fn(),
}));
vi.mock('../../src/lib/api/cards', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/cards')>()),
  startPayment: vi.fn(),
  payOrder: vi.fn(),
}));

const usersApi = await import('../../src/lib/api/users');
const addressesApi = await import('../../src/lib/api/addresses');
const ordersApi = await import('../../src/lib/api/orders');
const cardsApi = await import('../../src/lib/api/cards');
const session = await import('../../src/lib/stores/session');
const { $currentUser } = await import('../../src/lib/stores/user');
const { $addresses, $removeAddress, $restoreAddress } = await import('../../src/lib/stores/addresses');
const { $orders } = await import('../../src/lib/stores/orders');
const { orderDetailStore } = await import('../../src/lib/stores/order-detail');
const { $deliveredOrders, $markPickedUp, $returnHistory, $returnsPending, chooseReturnPortal } =
  await import('../../src/lib/stores/returns');
const { $payment, resetPayment } = await import('../../src/lib/stores/payment');
const { errorMessage } = await import('../../src/lib/error-message');
const { ApiError } = await import('../../src/lib/api/errors');

const user = (id: number): User => ({
  id,
  firstName: `Shopper ${id}`,
  lastName: '',
  email: '',
  mobile: '',
  notificationMethod: 'email',
  birthDate: '',
  archivedAt: null,
});
const address = (id: number): Address => ({ id, name: `Home ${id}` }) as Address;
const order = (id: number, portalId = 1, status = 'delivered', orderType: 'normal' | 'return' = 'normal'): Order =>
  anOrder({ id, portalId, status, orderType });
const page = (orders: Order[]) => ({ orders, meta: { currentPage: 1, totalPages: 1, totalCount: orders.length } });

/** A promise and the function that settles it, for answers that arrive when the test says. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Every value a store takes while the test runs. */
function record<T>(store: { listen: (cb: (value: T) => void) => () => void }): { seen: T[]; stop: () => void } {
  const seen: T[] = [];
  const stop = store.listen((value) => seen.push(value));
  return { seen, stop };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  vi.clearAllMocks();
  session.storeTokens('access', 'refresh', false);
});

afterEach(() => {
  session.clearTokens();
});

describe('stale answers', () => {
  it('an answer arriving after sign-out never reaches the store, nor the next session', async () => {
    const late = deferred<User>();
    vi.mocked(usersApi.showDetails).mockReturnValueOnce(late.promise);
    const { seen, stop } = record($currentUser);
    await vi.waitFor(() => expect(usersApi.showDetails).toHaveBeenCalledTimes(1));
    session.clearTokens();
    late.resolve(user(1));
    await settle();
    expect(seen.map((v) => v.data).filter(Boolean)).toEqual([]);
    expect($currentUser.get().data).toBeUndefined();

    vi.mocked(usersApi.showDetails).mockResolvedValueOnce(user(2));
    session.storeTokens('other', 'refresh', false);
    await vi.waitFor(() => expect($currentUser.get().data).toEqual(user(2)));
    expect(seen.map((v) => v.data?.id).filter(Boolean)).toEqual([2]);
    stop();
  });

  it('a failure arriving after sign-out never reaches the store', async () => {
    let reject: (error: unknown) => void = () => undefined;
    vi.mocked(usersApi.showDetails).mockReturnValueOnce(new Promise<User>((_, r) => (reject = r)));
    const { seen, stop } = record($currentUser);
    await vi.waitFor(() => expect(usersApi.showDetails).toHaveBeenCalledTimes(1));
    session.clearTokens();
    reject(new ApiError('Server is probably offline', 'offline'));
    await settle();
    expect(seen.filter((v) => v.error !== undefined)).toEqual([]);
    stop();
  });

  it('an answer for a portal no longer chosen never reaches the store', async () => {
    const slow = deferred<ReturnType<typeof page>>();
    vi.mocked(ordersApi.listOrders).mockImplementation(async (filter = {}) =>
      filter.portal === 1 ? slow.promise : page([order(2, 2)]),
    );
    const { seen, stop } = record($deliveredOrders);
    chooseReturnPortal(1);
    await vi.waitFor(() => expect(ordersApi.listOrders).toHaveBeenCalledTimes(1));
    chooseReturnPortal(2);
    slow.resolve(page([order(1, 1)]));
    await vi.waitFor(() => expect($deliveredOrders.get().data?.portal).toBe(2));
    await settle();
    expect(seen.map((v) => v.data?.portal).filter(Boolean)).toEqual([2]);
    expect($deliveredOrders.get().data?.orders.map((o) => o.id)).toEqual([2]);
    chooseReturnPortal(0);
    stop();
  });
});

describe('sign-out', () => {
  it('forgets every cached answer: the next session asks again', async () => {
    vi.mocked(addressesApi.listAddresses).mockResolvedValue([address(1)]);
    const first = record($addresses);
    await vi.waitFor(() => expect($addresses.get().data).toEqual([address(1)]));
    first.stop();
    session.clearTokens();
    session.storeTokens('again', 'refresh', false);
    vi.mocked(addressesApi.listAddresses).mockResolvedValue([address(3)]);
    const second = record($addresses);
    await vi.waitFor(() => expect($addresses.get().data).toEqual([address(3)]));
    expect(addressesApi.listAddresses).toHaveBeenCalledTimes(2);
    second.stop();
  });

  it('asks for nothing personal while signed out', async () => {
    session.clearTokens();
    const { stop } = record($orders);
    await settle();
    expect(ordersApi.listOrders).not.toHaveBeenCalled();
    expect($orders.get()).toEqual({ loading: false });
    stop();
  });
});

describe('changes keep the reads in step', () => {
  it('addresses are cached until changed: a delete and its undo change the list without asking again', async () => {
    vi.mocked(addressesApi.listAddresses).mockResolvedValue([address(1), address(2)]);
    vi.mocked(addressesApi.deleteAddress).mockResolvedValue({ name: '' } as never);
    vi.mocked(addressesApi.restoreAddress).mockResolvedValue(address(1));
    const { stop } = record($addresses);
    await vi.waitFor(() => expect($addresses.get().data).toHaveLength(2));
    await expect($removeAddress.mutate(1)).resolves.toEqual({ data: 'Home 1' });
    expect($addresses.get().data).toEqual([address(2)]);
    await $restoreAddress.mutate(1);
    expect($addresses.get().data).toEqual([address(1), address(2)]);
    expect(addressesApi.listAddresses).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a payment asks the order list and the order on screen again, keeping them on screen meanwhile', async () => {
    vi.mocked(ordersApi.listOrders).mockResolvedValue(page([order(7, 1, 'processing')]));
    vi.mocked(ordersApi.getOrder).mockResolvedValue(order(7, 1, 'processing'));
    vi.mocked(ordersApi.getCostSummary).mockResolvedValue(null);
    vi.mocked(ordersApi.listOrderProducts).mockResolvedValue([]);
    const $detail = orderDetailStore(7);
    const list = record($orders);
    const detail = record($detail);
    await vi.waitFor(() => expect($detail.get().data?.order.status).toBe('processing'));
    await vi.waitFor(() => expect($orders.get().data).toHaveLength(1));

    vi.mocked(ordersApi.listOrders).mockResolvedValue(page([order(7, 1, 'paid')]));
    vi.mocked(ordersApi.getOrder).mockResolvedValue(order(7, 1, 'paid'));
    vi.mocked(cardsApi.payOrder).mockResolvedValue({ location: undefined });
    await $payment.mutate({ orderId: 7, cardId: 3 });
    await vi.waitFor(() => expect($detail.get().data?.order.status).toBe('paid'));
    await vi.waitFor(() => expect($orders.get().data?.[0]?.status).toBe('paid'));
    const loaded = detail.seen.findIndex((v) => v.data !== undefined);
    expect(detail.seen.slice(loaded).every((v) => v.data !== undefined)).toBe(true);
    expect(cardsApi.payOrder).toHaveBeenCalledWith(
      7,
      3,
      { returnUrl: `${window.location.origin}/quote-payment/7/?success=true`, cancelUrl: `${window.location.origin}/quote-payment/7/?cancel=true` },
      undefined,
    );
    resetPayment();
    list.stop();
    detail.stop();
  });

  it('marking a return as picked up asks both return lists again', async () => {
    vi.mocked(ordersApi.listOrders).mockImplementation(async (filter = {}) =>
      page(filter.status === 'returning' ? [order(9, 1, 'returning', 'return')] : []),
    );
    const pending = record($returnsPending);
    const history = record($returnHistory);
    await vi.waitFor(() => expect($returnsPending.get().data).toHaveLength(1));
    vi.mocked(ordersApi.listOrders).mockImplementation(async (filter = {}) =>
      page(filter.status === 'returned' ? [order(9, 1, 'returned', 'return')] : []),
    );
    await $markPickedUp.mutate(9);
    await vi.waitFor(() => expect($returnHistory.get().data).toHaveLength(1));
    await vi.waitFor(() => expect($returnsPending.get().data).toEqual([]));
    pending.stop();
    history.stop();
  });
});

describe('errorMessage', () => {
  it('gives the SPEC section 8 message of any failure', () => {
    expect(errorMessage(new ApiError('Server is probably offline', 'offline'))).toBe('Server is probably offline');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(errorMessage(new TypeError('x is undefined'))).toBe('Something terrible happened');
  });
});
