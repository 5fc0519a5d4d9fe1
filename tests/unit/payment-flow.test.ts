// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/lib/api/orders';
import { anOrder } from './order-fixture';

vi.mock('../../src/lib/api/cards', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/cards')>()),
  startPayment: vi.fn(),
  payOrder: vi.fn(),
  payOnProviderPage: vi.fn(),
  payWithCredit: vi.fn(),
}));
vi.mock('../../src/lib/api/orders', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/orders')>()),
  getOrder: vi.fn(),
}));

const cardsApi = await import('../../src/lib/api/cards');
const ordersApi = await import('../../src/lib/api/orders');
const { paymentLocation } = cardsApi;
const { ApiError } = await import('../../src/lib/api/errors');
const { $payment, resetPayment, returnFromProvider, returnStatus } = await import('../../src/lib/stores/payment');

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

beforeEach(() => {
  vi.clearAllMocks();
  resetPayment();
});

describe('the payment write', () => {
  const pay = () => $payment.mutate({ orderId: 7, cardId: 3 });

  it('sends the return and cancel pages, and leaves for an allowed provider page without calling the order paid', async () => {
    vi.mocked(cardsApi.payOrder).mockResolvedValue({ location: PAYFAST });
    await expect(pay()).resolves.toEqual({ data: { status: 'leaving', location: PAYFAST } });
    expect(cardsApi.startPayment).toHaveBeenCalledOnce();
    expect(cardsApi.payOrder).toHaveBeenCalledWith(
      7,
      3,
      { returnUrl: `${window.location.origin}/quote-payment/7/?success=true`, cancelUrl: `${window.location.origin}/quote-payment/7/?cancel=true` },
      undefined,
    );
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

  it('sends the choices of the quote with both payments, and a refusal of them is the outcome in the service’s words (issue 44)', async () => {
    const choice = { shippingOptionId: 'express', insure: true, insurancePremium: 75, declarationConfirmed: true };
    const premiumChanged = 'The insurance premium changed from R75.00 to R90.00: check the new total';
    vi.mocked(cardsApi.payOrder).mockRejectedValue(new ApiError('Refused', 'client', { status: 422, errors: { insurance_premium: [premiumChanged] } }));
    await expect($payment.mutate({ orderId: 7, cardId: 3, choice })).resolves.toEqual({ data: { status: 'refused', message: premiumChanged } });
    expect(cardsApi.payOrder).toHaveBeenCalledWith(7, 3, expect.anything(), choice);
    const gone = 'Express is no longer offered: choose another shipping speed';
    vi.mocked(cardsApi.payOnProviderPage).mockRejectedValue(new ApiError('Refused', 'client', { status: 422, errors: { shipping_option_id: [gone] } }));
    await expect($payment.mutate({ orderId: 7, choice })).resolves.toEqual({ data: { status: 'refused', message: gone } });
    expect(cardsApi.payOnProviderPage).toHaveBeenCalledWith(7, expect.anything(), choice);
    // Any other 422 is today's failure.
    vi.mocked(cardsApi.payOrder).mockRejectedValue(new ApiError('Refused', 'client', { status: 422, errors: { card_id: ['is invalid'] } }));
    await expect($payment.mutate({ orderId: 7, cardId: 3, choice })).resolves.toMatchObject({ error: { message: 'Failed to initiate payment with PayFast' } });
  });

  it('store credit (issue 56): use_credit goes with a payment only when ticked; credit that covers it all pays with pay_with_credit, no card', async () => {
    const { paymentChoice } = await import('../../src/lib/stores/quote-choice');
    const detail = { quote: { subTotal: 925, totalVat: 138.75, total: 1063.75, credit: { balance: 500 } }, products: [] };
    vi.mocked(cardsApi.payOrder).mockResolvedValue({ location: undefined });
    vi.mocked(ordersApi.getOrder).mockResolvedValue(order('paid'));
    await $payment.mutate({ orderId: 7, cardId: 3, choice: paymentChoice(detail, { insure: false, confirmed: false, useCredit: true }) });
    await $payment.mutate({ orderId: 7, cardId: 3, choice: paymentChoice(detail, { insure: false, confirmed: false }) });
    // A quote without credit sends today's body even with the box's state left ticked.
    await $payment.mutate({ orderId: 7, cardId: 3, choice: paymentChoice({ ...detail, quote: { ...detail.quote, credit: undefined } }, { insure: false, confirmed: false, useCredit: true }) });
    expect(vi.mocked(cardsApi.payOrder).mock.calls.map((call) => call[3])).toEqual([{ useCredit: true }, {}, {}]);

    vi.clearAllMocks();
    vi.mocked(ordersApi.getOrder).mockResolvedValue(order('paid'));
    await expect($payment.mutate({ orderId: 7, choice: { useCredit: true }, creditOnly: true })).resolves.toEqual({ data: { status: 'paid' } });
    expect(cardsApi.payWithCredit).toHaveBeenCalledWith(7, { useCredit: true });
    expect(cardsApi.startPayment).not.toHaveBeenCalled();
    expect(cardsApi.payOrder).not.toHaveBeenCalled();
    expect(cardsApi.payOnProviderPage).not.toHaveBeenCalled();
  });

  it('credit another tab spent meanwhile is refused in the service’s words, nothing paid; a 404 is a failure, not "unavailable"', async () => {
    const short = 'Your credit no longer covers this total: pay the rest by card or another way';
    vi.mocked(cardsApi.payWithCredit).mockRejectedValue(new ApiError(short, 'client', { status: 422, errors: { use_credit: [short] } }));
    await expect($payment.mutate({ orderId: 7, creditOnly: true })).resolves.toEqual({ data: { status: 'refused', message: short } });
    expect(ordersApi.getOrder).not.toHaveBeenCalled();
    vi.mocked(cardsApi.payWithCredit).mockRejectedValue(new ApiError('Not found', 'client', { status: 404 }));
    await expect($payment.mutate({ orderId: 7, creditOnly: true })).resolves.toMatchObject({ error: { message: 'Failed to initiate payment with PayFast' } });
  });

  it('leaving the page forgets a finished payment', async () => {
    vi.mocked(cardsApi.payOrder).mockResolvedValue({ location: undefined });
    vi.mocked(ordersApi.getOrder).mockResolvedValue(order('paid'));
    await pay();
    resetPayment();
    expect($payment.get()).toEqual({ loading: false });
  });
});

describe("paying another way: PayFast's own page, no saved card", () => {
  const payOtherWay = () => $payment.mutate({ orderId: 7 });

  it('asks the service for the hosted page with the return and cancel pages on our origin, and leaves for it on an allowed host; no card, no POST /payments', async () => {
    vi.mocked(cardsApi.payOnProviderPage).mockResolvedValue({ location: PAYFAST });
    await expect(payOtherWay()).resolves.toEqual({ data: { status: 'leaving', location: PAYFAST } });
    expect(cardsApi.payOnProviderPage).toHaveBeenCalledWith(
      7,
      { returnUrl: `${window.location.origin}/quote-payment/7/?success=true`, cancelUrl: `${window.location.origin}/quote-payment/7/?cancel=true` },
      undefined,
    );
    expect(cardsApi.startPayment).not.toHaveBeenCalled();
    expect(cardsApi.payOrder).not.toHaveBeenCalled();
  });

  it("refuses a host that is not allowed, and an answer naming no page, with 'Failed to initiate payment with PayFast'", async () => {
    vi.mocked(cardsApi.payOnProviderPage).mockResolvedValue({ location: 'https://payfast.evil.example/eng/process' });
    await expect(payOtherWay()).resolves.toMatchObject({ error: { message: 'Failed to initiate payment with PayFast' } });
    vi.mocked(cardsApi.payOnProviderPage).mockResolvedValue({ location: undefined });
    await expect(payOtherWay()).resolves.toMatchObject({ error: { message: 'Failed to initiate payment with PayFast' } });
    expect(ordersApi.getOrder).not.toHaveBeenCalled();
  });

  it('a service without the endpoint (404, 405) does not offer it; other failures are failures', async () => {
    for (const status of [404, 405]) {
      vi.mocked(cardsApi.payOnProviderPage).mockRejectedValueOnce(new ApiError('Not found', 'client', { status }));
      await expect(payOtherWay()).resolves.toEqual({ data: { status: 'unavailable' } });
    }
    vi.mocked(cardsApi.payOnProviderPage).mockRejectedValueOnce(new ApiError('Injected fault 503', 'server', { status: 503 }));
    await expect(payOtherWay()).resolves.toMatchObject({ error: { message: 'Failed to initiate payment with PayFast' } });
  });

  it('a double press sends one request', async () => {
    vi.mocked(cardsApi.payOnProviderPage).mockResolvedValue({ location: PAYFAST });
    const [first, second] = await Promise.all([payOtherWay(), payOtherWay()]);
    expect(first).toEqual({ data: { status: 'leaving', location: PAYFAST } });
    expect(second).toBeUndefined();
    expect(cardsApi.payOnProviderPage).toHaveBeenCalledOnce();
  });
});

describe('back from the provider: the state is read from the service', () => {
  it('paid only when the order says paid (or later); failed or cancelled as the service heard it; a success flag the service does not confirm is not paid', () => {
    expect(returnStatus('success', { status: 'paid', paymentStatus: 'paid' })).toBe('paid');
    expect(returnStatus('cancel', { status: 'goods purchased', paymentStatus: '' })).toBe('paid');
    expect(returnStatus('success', { status: 'processing', paymentStatus: 'failed' })).toBe('failed');
    expect(returnStatus('success', { status: 'processing', paymentStatus: 'cancelled' })).toBe('cancelled');
    expect(returnStatus('success', { status: 'processing', paymentStatus: 'ended' })).toBe('ended');
    expect(returnStatus('cancel', { status: 'processing', paymentStatus: '' })).toBe('cancelled');
    expect(returnStatus('success', { status: 'processing', paymentStatus: 'pending' })).toBe('unconfirmed');
    expect(returnStatus('success', { status: 'processing', paymentStatus: '' })).toBe('unconfirmed');
  });

  it('reads the order, in flight meanwhile, and keeps what the service says; a read that fails confirms nothing', async () => {
    vi.mocked(ordersApi.getOrder).mockResolvedValue(order('paid'));
    const back = returnFromProvider(7, 'success');
    expect($payment.get().loading).toBe(true);
    await back;
    expect(ordersApi.getOrder).toHaveBeenCalledWith(7);
    expect($payment.get()).toEqual({ loading: false, data: { status: 'paid' } });

    vi.mocked(ordersApi.getOrder).mockRejectedValue(new ApiError('Server is probably offline', 'offline'));
    await returnFromProvider(7, 'success');
    expect($payment.get()).toEqual({ loading: false, data: { status: 'unconfirmed' } });
  });
});
