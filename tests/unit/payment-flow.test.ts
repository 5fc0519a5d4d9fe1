// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/lib/api/orders';
import { anOrder } from './order-fixture';

vi.mock('../../src/lib/api/cards', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/cards')>()),
  startPayment: vi.fn(),
  payOrder: vi.fn(),
}));
vi.mock('../../src/lib/api/orders', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/orders')>()),
  getOrder: vi.fn(),
}));

const cardsApi = await import('../../src/lib/api/cards');
const ordersApi = await import('../../src/lib/api/orders');
const { paymentLocation } = cardsApi;
const { $payment, resetPayment, returnedPaid } = await import('../../src/lib/stores/payment');

const PAYFAST = 'https://www.payfast.co.za/eng/process?uuid=abc';

describe('paymentLocation: where the answer to a card payment sends the shopper', () => {
  it.each([
    ['location at the top', { location: PAYFAST }],
    ['redirect_url at the top', { redirect_url: PAYFAST }],
    ['tokenize.location at the top', { status: 'pending', tokenize: { location: PAYFAST } }],
    ['location in the envelope', { data: { status: 'pending', location: PAYFAST } }],
    ['redirect_url under payment', { payment: { redirect_url: PAYFAST } }],
    ['tokenize.location under data.payment', { data: { payment: { tokenize: { location: PAYFAST } } } }],
  ])('%s', (_where, body) => {
    expect(paymentLocation(body)).toBe(PAYFAST);
  });

  it('an exposed Location header when the body names none', () => {
    expect(paymentLocation({ status: 'pending' }, ` ${PAYFAST} `)).toBe(PAYFAST);
    expect(paymentLocation(undefined, PAYFAST)).toBe(PAYFAST);
  });

  it('none: a paid answer, an empty body, blank or non-text values', () => {
    expect(paymentLocation({ status: 'paid', order: { id: 7 } })).toBeUndefined();
    expect(paymentLocation(undefined)).toBeUndefined();
    expect(paymentLocation('')).toBeUndefined();
    expect(paymentLocation({ location: '  ', redirect_url: 42, tokenize: 'x' }, '')).toBeUndefined();
  });
});

const order = (status: string): Order => anOrder({ id: 7, status });

describe('the payment write', () => {
  const pay = () => $payment.mutate({ orderId: 7, cardId: 3 });

  beforeEach(() => {
    vi.clearAllMocks();
    resetPayment();
  });

  it('sends the return and cancel pages, and leaves for an allowed provider page without calling the order paid', async () => {
    vi.mocked(cardsApi.payOrder).mockResolvedValue({ location: PAYFAST });
    await expect(pay()).resolves.toEqual({ data: { status: 'leaving', location: PAYFAST } });
    expect(cardsApi.startPayment).toHaveBeenCalledOnce();
    expect(cardsApi.payOrder).toHaveBeenCalledWith(7, 3, {
      returnUrl: `${window.location.origin}/quote-payment/7/?success=true`,
      cancelUrl: `${window.location.origin}/quote-payment/7/?cancel=true`,
    });
    expect($payment.get().data).toEqual({ status: 'leaving', location: PAYFAST });
    expect(ordersApi.getOrder).not.toHaveBeenCalled();
  });

  it('never follows a provider page on a host that is not allowed', async () => {
    vi.mocked(cardsApi.payOrder).mockResolvedValue({ location: 'https://payfast.evil.example/eng/process' });
    await expect(pay()).resolves.toMatchObject({ error: { message: 'Failed to initiate payment with PayFast' } });
    expect($payment.get()).toMatchObject({ loading: false, error: { message: 'Failed to initiate payment with PayFast' } });
    expect($payment.get().data).toBeUndefined();
  });

  it('without a provider page, reads the order: paid is a success, anything else a failure', async () => {
    vi.mocked(cardsApi.payOrder).mockResolvedValue({ location: undefined });
    vi.mocked(ordersApi.getOrder).mockResolvedValue(order('processing'));
    await expect(pay()).resolves.toMatchObject({ error: { message: 'Failed to initiate payment with PayFast' } });
    expect($payment.get().data).toBeUndefined();

    vi.mocked(ordersApi.getOrder).mockResolvedValue(order('paid'));
    await expect(pay()).resolves.toEqual({ data: { status: 'paid' } });
    expect($payment.get()).toEqual({ loading: false, data: { status: 'paid' } });
  });

  it('is in flight until the service answers, and a second press meanwhile sends nothing', async () => {
    let answer = (_value: { location: string | undefined }): void => undefined;
    vi.mocked(cardsApi.payOrder).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    vi.mocked(ordersApi.getOrder).mockResolvedValue(order('paid'));
    const first = pay();
    expect($payment.get().loading).toBe(true);
    await expect(pay()).resolves.toBeUndefined();
    await vi.waitFor(() => expect(cardsApi.payOrder).toHaveBeenCalledOnce());
    answer({ location: undefined });
    await expect(first).resolves.toEqual({ data: { status: 'paid' } });
    expect(cardsApi.startPayment).toHaveBeenCalledOnce();
  });

  it('back from the provider having paid, the outcome is paid; leaving the page forgets it', () => {
    returnedPaid();
    expect($payment.get()).toEqual({ loading: false, data: { status: 'paid' } });
    resetPayment();
    expect($payment.get()).toEqual({ loading: false });
  });
});
