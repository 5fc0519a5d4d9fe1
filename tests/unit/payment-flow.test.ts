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
const { $payment, payForOrder, resetPayment } = await import('../../src/lib/stores/payment');

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

describe('payForOrder', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    resetPayment();
  });

  it('sends the return and cancel pages, and resolves with an allowed provider page without calling the order paid', async () => {
    vi.mocked(cardsApi.payOrder).mockResolvedValue({ location: PAYFAST });
    await expect(payForOrder(7, 3)).resolves.toBe(PAYFAST);
    expect(cardsApi.startPayment).toHaveBeenCalledOnce();
    expect(cardsApi.payOrder).toHaveBeenCalledWith(7, 3, {
      returnUrl: `${window.location.origin}/quote-payment/7/?success=true`,
      cancelUrl: `${window.location.origin}/quote-payment/7/?cancel=true`,
    });
    expect($payment.get()).toBe('leaving');
    expect(ordersApi.getOrder).not.toHaveBeenCalled();
  });

  it('never follows a provider page on a host that is not allowed', async () => {
    vi.mocked(cardsApi.payOrder).mockResolvedValue({ location: 'https://payfast.evil.example/eng/process' });
    await expect(payForOrder(7, 3)).rejects.toThrow('Failed to initiate payment with PayFast');
    expect($payment.get()).toBe('idle');
  });

  it('without a provider page, reads the order: paid is a success, anything else a failure', async () => {
    vi.mocked(cardsApi.payOrder).mockResolvedValue({ location: undefined });
    vi.mocked(ordersApi.getOrder).mockResolvedValue(order('processing'));
    await expect(payForOrder(7, 3)).rejects.toThrow('Failed to initiate payment with PayFast');
    expect($payment.get()).toBe('idle');

    vi.mocked(ordersApi.getOrder).mockResolvedValue(order('paid'));
    await expect(payForOrder(7, 3)).resolves.toBeUndefined();
    expect($payment.get()).toBe('paid');
  });

  it('a second press while one payment is on its way sends nothing', async () => {
    let answer = (_value: { location: string | undefined }): void => undefined;
    vi.mocked(cardsApi.payOrder).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    vi.mocked(ordersApi.getOrder).mockResolvedValue(order('paid'));
    const first = payForOrder(7, 3);
    await expect(payForOrder(7, 3)).resolves.toBeUndefined();
    await vi.waitFor(() => expect(cardsApi.payOrder).toHaveBeenCalledOnce());
    answer({ location: undefined });
    await first;
    expect(cardsApi.startPayment).toHaveBeenCalledOnce();
  });
});
