// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Address } from '../../src/lib/api/addresses';
import type { Order, OrderProduct } from '../../src/lib/api/orders';
import type { User } from '../../src/lib/api/users';
import type { OrderFormValues } from '../../src/lib/schemas/order';
import type { WriteOutcome, WriteState } from '../../src/lib/stores/query';
import type { TryAgain } from '../../src/lib/stores/try-again';
import { anOrder } from './order-fixture';

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
  updateOrderAddress: vi.fn(),
  deleteProduct: vi.fn(),
  restoreProduct: vi.fn(),
  returnOrder: vi.fn(),
  completeReturnOrder: vi.fn(),
  createOrder: vi.fn(),
}));
vi.mock('../../src/lib/api/users', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/users')>()),
  showDetails: vi.fn(),
  updateUser: vi.fn(),
  createUser: vi.fn(),
}));
vi.mock('../../src/lib/api/auth', () => ({
  passwordGrant: vi.fn(),
  googleCallback: vi.fn(),
  facebookCallback: vi.fn(),
  requestPasswordReset: vi.fn(),
  resetPassword: vi.fn(),
  unlockAccount: vi.fn(),
}));
vi.mock('../../src/lib/api/email', () => ({ sendContactMessage: vi.fn(), sendAdvertiseMessage: vi.fn() }));
vi.mock('../../src/lib/api/photo-requests', () => ({ requestMorePhotos: vi.fn() }));
vi.mock('../../src/lib/api/cards', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/cards')>()),
  listCards: vi.fn(),
  createCard: vi.fn(),
}));
// jsdom decodes no image: the return's re-encoded photo is stood in for (tests/unit/return-photo.test.ts covers it).
vi.mock('../../src/lib/image', async (original) => ({
  ...(await original<typeof import('../../src/lib/image')>()),
  reencodeImage: vi.fn(async () => new Blob(['pixels'], { type: 'image/webp' })),
}));

const addressesApi = await import('../../src/lib/api/addresses');
const ordersApi = await import('../../src/lib/api/orders');
const usersApi = await import('../../src/lib/api/users');
const cardsApi = await import('../../src/lib/api/cards');
const session = await import('../../src/lib/stores/session');
const { $addAddress, $addresses, $removeAddress, $restoreAddress } = await import('../../src/lib/stores/addresses');
const { $changeOrderAddress, $removeProduct, $restoreProduct, orderDetailStore } =
  await import('../../src/lib/stores/order-detail');
const { $orders } = await import('../../src/lib/stores/orders');
const { $markPickedUp, $returnsPending, $scheduleReturn } = await import('../../src/lib/stores/returns');
const { $saveDetails } = await import('../../src/lib/stores/details');
const { $currentUser } = await import('../../src/lib/stores/user');
const { $placeOrder } = await import('../../src/lib/stores/place-order');
const { $addCard, $cards } = await import('../../src/lib/stores/cards');
const { ApiError } = await import('../../src/lib/api/errors');
const authApi = await import('../../src/lib/api/auth');
const emailApi = await import('../../src/lib/api/email');
const photoApi = await import('../../src/lib/api/photo-requests');
const { $signIn } = await import('../../src/lib/stores/sign-in');
const { $register } = await import('../../src/lib/stores/registration');
const { $forgotPassword, $newPassword } = await import('../../src/lib/stores/recovery');
const { $passwordLink } = await import('../../src/lib/stores/password-change');
const { $unlock } = await import('../../src/lib/stores/unlock');
const { $socialSignIn } = await import('../../src/lib/stores/social-sign-in');
const { $contactMessage, $advertiseMessage } = await import('../../src/lib/stores/site-messages');
const { photoRequestStore } = await import('../../src/lib/stores/photo-requests');

const PAYFAST = 'https://www.payfast.co.za/cards/3';

const address = (id: number): Address => ({
  id,
  name: `Home ${id}`,
  address: '1 Main Road',
  townCity: 'Durban',
  province: 'KwaZulu-Natal',
  postalCode: '4001',
});
const user = (firstName: string): User => ({
  id: 7,
  firstName,
  lastName: 'Nkosi',
  email: 'thandi@example.com',
  mobile: '0821234567',
  notificationMethod: 'sms',
  birthDate: '',
  archivedAt: null,
});
const product = (id: number, name: string): OrderProduct => ({
  id,
  name,
  description: 'https://shop.example/item',
  quantity: 1,
  comment: '',
  costPrice: 10,
  customsPrice: 1,
  deliveryPrice: 2,
  serviceFee: 0,
  screenshot: '',
});
const order = (fields: Partial<Order> = {}): Order => anOrder({ id: 7, ...fields });
const page = (orders: Order[]) => ({ orders, meta: { currentPage: 1, totalPages: 1, totalCount: orders.length } });
const quote = (total: number) => ({ feesCost: 0, serviceFeeCost: 0, subTotal: total, totalVat: 0, total, quotedAt: '' });
const photo = () => new File([new Uint8Array(60_000)], 'shirt.jpg', { type: 'image/jpeg' });
const orderValues: OrderFormValues = {
  portal: 2,
  addressId: 5,
  agreed: true,
  products: [
    {
      key: 'p1',
      name: 'Product 1',
      description: 'https://shop.example/a',
      quantity: 1,
      comment: '',
      screenshot: new Blob(['x'], { type: 'image/webp' }),
      ifUnavailable: 'buy_alternative',
      alternative: ' UK 7.5 ',
    },
  ],
};

/** What the API client rejects with when the server answers 500 with an error field (SPEC section 8). */
const serverError = new ApiError('Injected fault 500', 'server', { status: 500 });

/** A promise the test settles by hand, to look at a write while it is in flight. */
function deferred(): { promise: Promise<unknown>; resolve: (value: unknown) => void } {
  let resolve: (value: unknown) => void = () => undefined;
  const promise = new Promise<unknown>((r) => (resolve = r));
  return { promise, resolve };
}

/** Keeps a read subscribed (as a screen does) until the test ends. */
let stops: (() => void)[] = [];
function mount(store: { listen: (cb: () => void) => () => void }): void {
  stops.push(store.listen(() => undefined));
}

beforeEach(() => {
  vi.clearAllMocks();
  session.storeTokens('access', 'refresh', false);
  vi.mocked(usersApi.showDetails).mockResolvedValue(user('Thandi'));
  vi.mocked(ordersApi.listOrders).mockResolvedValue(page([order()]));
  vi.mocked(ordersApi.getCostSummary).mockResolvedValue(null);
});

afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  session.clearTokens();
});

interface Case {
  name: string;
  store: { get: () => WriteState<unknown, unknown> };
  press: () => Promise<WriteOutcome<unknown, unknown> | undefined>;
  call: Mock;
  answer: unknown;
  result: unknown;
  /** The SPEC section 8 message of a 500 from the service. */
  message: string;
  /** What the store fails with, where it is not an error with that message (the unlock page's toast and text). */
  refusal?: unknown;
}

const registration = {
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: 'thandi@example.com',
  birthDate: '1990-01-01',
  mobile: '0821234567',
  password: 'Secret#2026',
  confirmPassword: 'Secret#2026',
};

/** The tab's record of the social sign-in it started (what socialSignInUrl keeps), so that the callback may complete it. */
function startedSocialSignIn(): void {
  sessionStorage.setItem('oauth_state', JSON.stringify({ provider: 'google', state: 's1', verifier: 'v'.repeat(43), remember: false }));
}

const cases: Case[] = [
  {
    name: 'adding an address',
    store: $addAddress,
    press: () =>
      $addAddress.mutate({
        name: 'Office',
        address: '9 Long Street',
        townCity: 'Cape Town',
        province: 'Western Cape',
        postalCode: '8001',
      }),
    call: vi.mocked(addressesApi.createAddress),
    answer: address(3),
    result: address(3),
    message: 'Injected fault 500',
  },
  {
    name: 'removing an address',
    store: $removeAddress,
    press: () => $removeAddress.mutate(1),
    call: vi.mocked(addressesApi.deleteAddress),
    answer: { id: 1, name: 'Home 1' },
    result: 'Home 1',
    message: 'Injected fault 500',
  },
  {
    name: 'restoring an address',
    store: $restoreAddress,
    press: () => $restoreAddress.mutate(1),
    call: vi.mocked(addressesApi.restoreAddress),
    answer: address(1),
    result: undefined,
    message: 'Injected fault 500',
  },
  {
    name: "changing an order's address",
    store: $changeOrderAddress,
    press: () => $changeOrderAddress.mutate({ orderId: 7, addressId: 3 }),
    call: vi.mocked(ordersApi.updateOrderAddress),
    answer: order(),
    result: undefined,
    message: 'Injected fault 500',
  },
  {
    name: 'removing a product',
    store: $removeProduct,
    press: () => $removeProduct.mutate({ orderId: 7, productId: 5 }),
    call: vi.mocked(ordersApi.deleteProduct),
    answer: { id: 5, name: 'Kindle cover' },
    result: 'Kindle cover',
    message: 'Injected fault 500',
  },
  {
    name: 'restoring a product',
    store: $restoreProduct,
    press: () => $restoreProduct.mutate({ orderId: 7, productId: 5 }),
    call: vi.mocked(ordersApi.restoreProduct),
    answer: product(5, 'Kindle cover'),
    result: undefined,
    message: 'Injected fault 500',
  },
  {
    name: 'scheduling a return',
    store: $scheduleReturn,
    press: () =>
      $scheduleReturn.mutate({ orderId: 7, productId: 5, quantity: 1, reason: 'Too small', photo: photo() }),
    call: vi.mocked(ordersApi.returnOrder),
    answer: { id: 99 },
    result: { id: 99 },
    message: 'Injected fault 500',
  },
  {
    name: 'marking a return as picked up',
    store: $markPickedUp,
    press: () => $markPickedUp.mutate(9),
    call: vi.mocked(ordersApi.completeReturnOrder),
    answer: undefined,
    result: undefined,
    message: 'Order failed to be marked as picked up',
  },
  {
    name: 'saving the details',
    store: $saveDetails,
    press: () =>
      $saveDetails.mutate({
        firstName: 'Naledi',
        lastName: 'Nkosi',
        email: 'thandi@example.com',
        mobile: '082 123 4567',
        notificationMethod: 'email',
        currentPassword: '',
      }),
    call: vi.mocked(usersApi.updateUser),
    answer: user('Naledi'),
    result: undefined,
    message: 'Injected fault 500',
  },
  {
    name: 'placing an order',
    store: $placeOrder,
    press: () => $placeOrder.mutate(orderValues),
    call: vi.mocked(ordersApi.createOrder),
    answer: { id: 42 },
    result: 42,
    message: 'Injected fault 500',
  },
  {
    name: 'adding a card',
    store: $addCard,
    press: () => $addCard.mutate('Travel Visa'),
    call: vi.mocked(cardsApi.createCard),
    answer: {
      card: { id: 3, userId: 7, token: '', cardName: 'Travel Visa', isValid: false },
      tokenize: { status: 'pending', location: PAYFAST },
    },
    result: PAYFAST,
    message: 'Failed to create card',
  },
  {
    name: 'signing in',
    store: $signIn,
    press: () => $signIn.mutate({ username: ' thandi@example.com ', password: 'Secret#2026', remember: false }),
    call: vi.mocked(authApi.passwordGrant),
    answer: { access_token: 'access-2', refresh_token: 'refresh-2' },
    result: user('Thandi'),
    message: 'Injected fault 500',
  },
  {
    name: 'registering',
    store: $register,
    press: () => {
      // The sign-in after it is refused: the next page says the account was created, and Login failed.
      vi.mocked(authApi.passwordGrant).mockRejectedValue(new ApiError('invalid_grant', 'client', { status: 400 }));
      return $register.mutate(registration);
    },
    call: vi.mocked(usersApi.createUser),
    answer: user('Thandi'),
    result: [
      { kind: 'success', message: 'Successfully created account' },
      { kind: 'error', message: 'Login failed' },
    ],
    message: 'Registration failed. Please try again.',
  },
  {
    name: 'asking for a password-reset e-mail',
    store: $forgotPassword,
    press: () => $forgotPassword.mutate(' thandi@example.com '),
    call: vi.mocked(authApi.requestPasswordReset),
    answer: undefined,
    result: undefined,
    message: 'Injected fault 500',
  },
  {
    name: 'asking for a password link on My Details',
    store: $passwordLink,
    press: () => $passwordLink.mutate('thandi@example.com'),
    call: vi.mocked(authApi.requestPasswordReset),
    answer: undefined,
    result: undefined,
    message: 'Injected fault 500',
  },
  {
    name: 'setting a new password',
    store: $newPassword,
    press: () => $newPassword.mutate({ token: 't', password: 'Secret#2026', confirmPassword: 'Secret#2026' }),
    call: vi.mocked(authApi.resetPassword),
    answer: undefined,
    result: undefined,
    message: 'Injected fault 500',
  },
  {
    name: 'unlocking the account',
    store: $unlock,
    press: () => $unlock.mutate('token'),
    call: vi.mocked(authApi.unlockAccount),
    answer: undefined,
    result: undefined,
    message: '',
    refusal: { toast: 'Something went wrong, please contact support', text: 'Failed, please use the link from the email' },
  },
  {
    name: 'completing a social sign-in',
    store: $socialSignIn,
    press: () => {
      startedSocialSignIn();
      return $socialSignIn.mutate({ provider: 'google', search: new URLSearchParams({ code: 'c1', state: 's1' }) });
    },
    call: vi.mocked(authApi.googleCallback),
    answer: { access_token: 'access-2', refresh_token: 'refresh-2' },
    result: { user: user('Thandi'), next: '/' },
    message: 'Failed to Authenticate with Google',
  },
  {
    name: 'sending the contact form',
    store: $contactMessage,
    press: () => $contactMessage.mutate({ email: 'a@example.com', firstname: '', lastname: '', mobile: '', querytitle: '', querydescription: '' }),
    call: vi.mocked(emailApi.sendContactMessage),
    answer: undefined,
    result: undefined,
    message: 'Injected fault 500',
  },
  {
    name: 'sending the advertise form',
    store: $advertiseMessage,
    press: () => $advertiseMessage.mutate({ email: 'a@example.com', mobile: '', companyName: 'Kasi Kicks', description: '' }),
    call: vi.mocked(emailApi.sendAdvertiseMessage),
    answer: undefined,
    result: undefined,
    message: 'Injected fault 500',
  },
  {
    name: 'asking for more photos',
    store: photoRequestStore(13),
    press: () => photoRequestStore(13).mutate(),
    call: vi.mocked(photoApi.requestMorePhotos),
    answer: { created: true },
    result: { created: true },
    message: 'Injected fault 500',
  },
];

describe.each(cases)('$name', ({ store, press, call, answer, result, message, refusal = expect.objectContaining({ message }) }) => {
  it('is in flight until the service answers, sends one request for two presses and resolves with its result', async () => {
    const pending = deferred();
    call.mockReturnValue(pending.promise);
    const first = press();
    expect(store.get().loading).toBe(true);
    await expect(press()).resolves.toBeUndefined();
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    pending.resolve(answer);
    await expect(first).resolves.toEqual({ data: result });
    expect(call).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual({ loading: false, data: result });
  });

  it('fails with the message of SPEC section 8, and can be pressed again', async () => {
    call.mockRejectedValue(serverError);
    const failed = await press();
    expect(failed).toEqual({ error: refusal });
    expect(store.get()).toEqual({ loading: false, error: refusal });

    call.mockResolvedValue(answer);
    await expect(press()).resolves.toEqual({ data: result });
    expect(store.get().error).toBeUndefined();
  });
});

describe('the reads a write changes', () => {
  it('a new address joins the cached list without asking for it again; a refusal says the server’s detail', async () => {
    vi.mocked(addressesApi.listAddresses).mockResolvedValue([address(1)]);
    mount($addresses);
    await vi.waitFor(() => expect($addresses.get().data).toEqual([address(1)]));
    vi.mocked(addressesApi.createAddress).mockResolvedValue(address(3));
    await $addAddress.mutate({
      name: 'Home 3',
      address: '1 Main Road',
      townCity: 'Durban',
      province: 'KwaZulu-Natal',
      postalCode: '4001',
    });
    expect($addresses.get().data).toEqual([address(1), address(3)]);
    expect(addressesApi.listAddresses).toHaveBeenCalledTimes(1);

    vi.mocked(addressesApi.createAddress).mockRejectedValue(
      new ApiError('Unprocessable', 'client', { status: 422, errors: { detail: 'Street address is too short' } }),
    );
    const refused = await $addAddress.mutate({
      name: 'Shed',
      address: '1',
      townCity: 'Durban',
      province: 'KwaZulu-Natal',
      postalCode: '4001',
    });
    expect(refused).toEqual({ error: expect.objectContaining({ message: 'Street address is too short', status: 422 }) });
  });

  it('an address the server had already deleted leaves the list, which is asked again', async () => {
    vi.mocked(addressesApi.listAddresses).mockResolvedValue([address(1), address(2)]);
    mount($addresses);
    await vi.waitFor(() => expect($addresses.get().data).toHaveLength(2));
    vi.mocked(addressesApi.deleteAddress).mockRejectedValue(new ApiError('Not found', 'client', { status: 404 }));
    vi.mocked(addressesApi.listAddresses).mockResolvedValue([address(2)]);
    await expect($removeAddress.mutate(1)).resolves.toEqual({ data: '' });
    await vi.waitFor(() => expect($addresses.get().data).toEqual([address(2)]));
  });

  it("an order's new address shows on its page at once, and the order lists are asked again", async () => {
    vi.mocked(ordersApi.getOrder).mockResolvedValue(order());
    vi.mocked(ordersApi.getCostSummary).mockResolvedValue(quote(100));
    vi.mocked(ordersApi.listOrderProducts).mockResolvedValue([]);
    const $detail = orderDetailStore(7);
    mount($detail);
    mount($orders);
    await vi.waitFor(() => expect($detail.get().data?.order.address).toBeNull());
    await vi.waitFor(() => expect($orders.get().data).toHaveLength(1));
    const lists = vi.mocked(ordersApi.listOrders).mock.calls.length;
    const moved = order({ address: address(3) });
    vi.mocked(ordersApi.updateOrderAddress).mockResolvedValue(moved);

    await $changeOrderAddress.mutate({ orderId: 7, addressId: 3 });
    expect($detail.get().data?.order).toEqual(moved);
    await vi.waitFor(() => expect(vi.mocked(ordersApi.listOrders).mock.calls.length).toBe(lists + 1));
    expect(ordersApi.getOrder).toHaveBeenCalledTimes(1);
  });

  it('a removed product leaves the page with the quote read again; undo puts it back in its place', async () => {
    vi.mocked(ordersApi.getOrder).mockResolvedValue(order());
    vi.mocked(ordersApi.getCostSummary).mockResolvedValue(quote(100));
    vi.mocked(ordersApi.listOrderProducts).mockResolvedValue([product(4, 'Kindle'), product(5, 'Kindle cover')]);
    const $detail = orderDetailStore(7);
    mount($detail);
    await vi.waitFor(() => expect($detail.get().data?.products).toHaveLength(2));
    vi.mocked(ordersApi.getCostSummary).mockResolvedValue(quote(80));
    vi.mocked(ordersApi.deleteProduct).mockResolvedValue({ id: 5, name: '' });

    // The service may answer without the name: the one on screen is kept for the undo toast.
    await expect($removeProduct.mutate({ orderId: 7, productId: 5 })).resolves.toEqual({ data: 'Kindle cover' });
    expect($detail.get().data?.products.map((p) => p.id)).toEqual([4]);
    expect($detail.get().data?.quote?.total).toBe(80);

    vi.mocked(ordersApi.getCostSummary).mockResolvedValue(quote(100));
    vi.mocked(ordersApi.restoreProduct).mockResolvedValue(product(5, 'Kindle cover'));
    await $restoreProduct.mutate({ orderId: 7, productId: 5 });
    expect($detail.get().data?.products.map((p) => p.id)).toEqual([4, 5]);
    expect($detail.get().data?.quote?.total).toBe(100);
    expect(ordersApi.listOrderProducts).toHaveBeenCalledTimes(1);
  });

  it('a scheduled return asks the return lists again', async () => {
    mount($returnsPending);
    await vi.waitFor(() => expect($returnsPending.get().data).toHaveLength(1));
    const reads = vi.mocked(ordersApi.listOrders).mock.calls.length;
    vi.mocked(ordersApi.returnOrder).mockResolvedValue({ id: 99 });
    await $scheduleReturn.mutate({ orderId: 7, productId: 5, quantity: 1, reason: 'Too small', photo: photo() });
    await vi.waitFor(() => expect(vi.mocked(ordersApi.listOrders).mock.calls.length).toBe(reads + 1));
  });

  it('a failed write asks its reads again all the same (it may have gone through)', async () => {
    mount($returnsPending);
    await vi.waitFor(() => expect($returnsPending.get().data).toHaveLength(1));
    const reads = vi.mocked(ordersApi.listOrders).mock.calls.length;
    vi.mocked(ordersApi.completeReturnOrder).mockRejectedValue(new ApiError('Server is probably offline', 'offline'));
    await $markPickedUp.mutate(9);
    await vi.waitFor(() => expect(vi.mocked(ordersApi.listOrders).mock.calls.length).toBe(reads + 1));
    expect($returnsPending.get().data).toHaveLength(1);
  });

  it('saved details replace the cached shopper without asking for them again', async () => {
    mount($currentUser);
    await vi.waitFor(() => expect($currentUser.get().data?.firstName).toBe('Thandi'));
    vi.mocked(usersApi.updateUser).mockResolvedValue(user('Naledi'));
    await $saveDetails.mutate({
      firstName: ' Naledi ',
      lastName: 'Nkosi',
      email: 'thandi@example.com',
      mobile: '082 123 4567',
      notificationMethod: 'sms',
      currentPassword: 'typed but not needed',
    });
    expect(usersApi.updateUser).toHaveBeenCalledWith(7, expect.objectContaining({ firstName: 'Naledi', mobile: '0821234567' }));
    // The e-mail did not change: the password is not sent.
    expect(vi.mocked(usersApi.updateUser).mock.calls.at(-1)?.[1]).not.toHaveProperty('currentPassword');
    expect($currentUser.get().data?.firstName).toBe('Naledi');
    expect(usersApi.showDetails).toHaveBeenCalledTimes(1);
  });

  it('a new mobile or notification method carries the current password, and then waits out a 429 as an e-mail change does', async () => {
    const { currentPasswordWait } = await import('../../src/lib/stores/details');
    mount($currentUser);
    await vi.waitFor(() => expect($currentUser.get().data?.mobile).toBe('0821234567'));
    vi.mocked(usersApi.updateUser).mockResolvedValue(user('Thandi'));
    const values = { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.com', mobile: '0821234567', notificationMethod: 'sms', currentPassword: 'Shopper#2026' } as const;
    await $saveDetails.mutate({ ...values, mobile: '082 999 0000' });
    expect(vi.mocked(usersApi.updateUser).mock.calls.at(-1)?.[1]).toMatchObject({ mobile: '0829990000', currentPassword: 'Shopper#2026' });
    await $saveDetails.mutate({ ...values, notificationMethod: 'whatsapp' });
    expect(vi.mocked(usersApi.updateUser).mock.calls.at(-1)?.[1]).toMatchObject({ notificationMethod: 'whatsapp', currentPassword: 'Shopper#2026' });
    vi.mocked(usersApi.updateUser).mockRejectedValue(new ApiError('Too many failed attempts. Try again in 60 seconds.', 'client', { status: 429, retryAfter: 60 }));
    await $saveDetails.mutate({ ...values, notificationMethod: 'whatsapp' });
    const calls = vi.mocked(usersApi.updateUser).mock.calls.length;
    const held = await $saveDetails.mutate({ ...values, mobile: '0829990000' });
    expect(held && 'error' in held && held.error.message).toBe('Too many password attempts. Please wait 1 minute before you try again.');
    expect(usersApi.updateUser).toHaveBeenCalledTimes(calls);
    currentPasswordWait.$until.set(0);
  });

  it('an e-mail change refused for too many password attempts says how long to wait, and sends no other until then', async () => {
    const { currentPasswordWait } = await import('../../src/lib/stores/details');
    mount($currentUser);
    await vi.waitFor(() => expect($currentUser.get().data?.email).toBe('thandi@example.com'));
    vi.mocked(usersApi.updateUser).mockRejectedValue(new ApiError('Too many failed attempts. Try again in 60 seconds.', 'client', { status: 429, retryAfter: 60 }));
    const values = { firstName: 'Thandi', lastName: 'Nkosi', mobile: '0821234567', notificationMethod: 'sms', currentPassword: 'Guess#2026' } as const;
    const done = await $saveDetails.mutate({ ...values, email: 'new@example.com' });
    expect(done && 'error' in done && done.error.message).toBe('Too many password attempts. Please wait 1 minute before you try again.');
    await $saveDetails.mutate({ ...values, email: 'new@example.com' });
    expect(usersApi.updateUser).toHaveBeenCalledTimes(1);
    // The other details need no password, and save during the wait.
    vi.mocked(usersApi.updateUser).mockResolvedValue(user('Thandi'));
    expect(await $saveDetails.mutate({ ...values, email: 'thandi@example.com' })).toEqual({ data: undefined });
    expect(usersApi.updateUser).toHaveBeenCalledTimes(2);
    currentPasswordWait.$until.set(0);
  });

  it('a placed order asks the order lists again', async () => {
    mount($orders);
    await vi.waitFor(() => expect($orders.get().data).toHaveLength(1));
    vi.mocked(ordersApi.listOrders).mockResolvedValue(page([order(), order({ id: 42 })]));
    vi.mocked(ordersApi.createOrder).mockResolvedValue({ id: 42 });
    await $placeOrder.mutate(orderValues);
    await vi.waitFor(() => expect($orders.get().data).toHaveLength(2));
  });

  it('a placed order sends each product\'s "if unavailable" rule and its alternative, trimmed', async () => {
    vi.mocked(ordersApi.createOrder).mockResolvedValue({ id: 42 });
    await $placeOrder.mutate(orderValues);
    expect(vi.mocked(ordersApi.createOrder).mock.lastCall?.[0].products[0]).toMatchObject({ ifUnavailable: 'buy_alternative', alternative: 'UK 7.5' });
  });

  it('a card being added asks the card list again', async () => {
    vi.mocked(cardsApi.listCards).mockResolvedValue([]);
    mount($cards);
    await vi.waitFor(() => expect($cards.get().data).toEqual([]));
    vi.mocked(cardsApi.createCard).mockResolvedValue({
      card: { id: 3, userId: 7, token: '', cardName: 'Travel Visa', isValid: false },
      tokenize: { status: 'pending', location: PAYFAST },
    });
    await $addCard.mutate('Travel Visa');
    await vi.waitFor(() => expect(cardsApi.listCards).toHaveBeenCalledTimes(2));
  });
});

/** What a failure says: an error's message, or the unlock page's text. */
function said(error: unknown): string {
  return error instanceof Error ? error.message : String((error as { text?: unknown }).text);
}

const waiting: [string, { wait: TryAgain }, () => Promise<WriteOutcome<unknown, unknown> | undefined>, Mock, string][] = [
  ['signing in', $signIn, () => $signIn.mutate({ username: 'a@b.co', password: 'x', remember: false }), vi.mocked(authApi.passwordGrant), 'sign-in attempts'],
  ['registering', $register, () => $register.mutate(registration), vi.mocked(usersApi.createUser), 'registration attempts'],
  ['asking for a password-reset e-mail', $forgotPassword, () => $forgotPassword.mutate('a@b.co'), vi.mocked(authApi.requestPasswordReset), 'password reset requests'],
  ['asking for a password link on My Details', $passwordLink, () => $passwordLink.mutate('a@b.co'), vi.mocked(authApi.requestPasswordReset), 'password reset requests'],
  ['unlocking the account', $unlock, () => $unlock.mutate('token'), vi.mocked(authApi.unlockAccount), 'unlock attempts'],
  ['sending the contact form', $contactMessage, () => $contactMessage.mutate({ email: 'a@example.com', firstname: '', lastname: '', mobile: '', querytitle: '', querydescription: '' }), vi.mocked(emailApi.sendContactMessage), 'messages sent'],
  ['sending the advertise form', $advertiseMessage, () => $advertiseMessage.mutate({ email: 'a@example.com', mobile: '', companyName: '', description: '' }), vi.mocked(emailApi.sendAdvertiseMessage), 'messages sent'],
];

describe.each(waiting)('%s waits out a 429', (_name, store, press, call, attempts) => {
  afterEach(() => store.wait.$until.set(0));

  it("says how long to wait in the shopper's words, and sends nothing until the wait is over", async () => {
    call.mockRejectedValue(new ApiError('Too many requests', 'client', { status: 429, retryAfter: 60 }));
    const refused = await press();
    expect(refused && 'error' in refused && said(refused.error)).toBe(`Too many ${attempts}. Please wait 1 minute before you try again.`);
    expect(store.wait.left()).toBe(60);
    const held = await press();
    expect(held && 'error' in held && said(held.error)).toMatch(/^Too many .* Please wait (1 minute|60 seconds|59 seconds) before you try again\.$/);
    expect(call).toHaveBeenCalledTimes(1);
    store.wait.$until.set(0);
    call.mockResolvedValue(undefined);
    await press();
    expect(call).toHaveBeenCalledTimes(2);
  });
});

it('Forgot password and Change password on My Details share one wait', () => {
  expect($forgotPassword.wait).toBe($passwordLink.wait);
});
