// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payOnProviderPage, payOrder, payWithCredit } from '../../src/lib/api/cards';
import { ApiError } from '../../src/lib/api/errors';
import { getCostSummary, hasQuoteExtras, orderFromWire, productFromWire, quoteFromWire, type OrderProduct, type Quote } from '../../src/lib/api/orders';
import {
  checkoutFromWire,
  declarationFromWire,
  ifUnavailableFromWire,
  insuranceFromWire,
  orderWithExtras,
  productWithExtras,
  quoteCreditFromWire,
  quoteWithExtras,
  shippingOptionsFromWire,
} from '../../src/lib/api/quote-extras';
import { formatCountry } from '../../src/lib/country';
import { ifUnavailableText } from '../../src/lib/if-unavailable';
import { checkoutCostExtras } from '../../src/lib/stores/checkout';
import {
  choiceGate,
  choiceRefusal,
  chosenOption,
  declarationProblem,
  deliveryWindow,
  insuranceTerms,
  optionPrice,
  paymentChoice,
  quoteCostExtras,
  totalsWith,
  type QuoteChoice,
} from '../../src/lib/stores/quote-choice';
import { quotePageView } from '../../src/islands/account/quote-payment/quote-page';
import { storeTokens } from '../../src/lib/stores/session';
import { anOrder } from './order-fixture';

// The seeded Amazon quote (sandbox/src/seed.ts) in both dialects: decimal strings in the spec shape, numbers in the envelope.
const SPEC_QUOTE = {
  fees: '470.0', service_fee: '185.0', sub_total: '2705.0', total_vat: '405.75', total: '3110.75', quoted_at: '2026-11-28T10:00:00.000Z',
  shipping_options: [
    { id: 'economy', label: 'Economy', price: '0.0', min_days: 8, max_days: 10 },
    { id: 'express', label: 'Express', price: '350.0', min_days: 3, max_days: 5 },
  ],
  insurance: { rate_percent: 2, minimum_premium: '50.0', insured_value: '2050.0', premium: '50.0', covers: 'Loss, theft and damage' },
};
const ENVELOPE_QUOTE = {
  ...SPEC_QUOTE, fees: 470, service_fee: 185, sub_total: 2705, total_vat: 405.75, total: 3110.75,
  shipping_options: [
    { id: 'economy', label: 'Economy', price: 0, min_days: 8, max_days: 10 },
    { id: 'express', label: 'Express', price: 350, min_days: 3, max_days: 5 },
  ],
  insurance: { rate_percent: 2, minimum_premium: 50, insured_value: 2050, premium: 50, covers: 'Loss, theft and damage' },
};
const ECONOMY = { id: 'economy', label: 'Economy', price: 0, minDays: 8, maxDays: 10 };
const EXPRESS = { id: 'express', label: 'Express', price: 350, minDays: 3, maxDays: 5 };
const INSURANCE = { premium: 50, ratePercent: 2, minimumPremium: 50, insuredValue: 2050, covers: 'Loss, theft and damage' };

const quote = quoteWithExtras(SPEC_QUOTE) as Quote;
const plainQuote = quoteWithExtras({ fees: '470.0', service_fee: '185.0', sub_total: '2705.0', total_vat: '405.75', total: '3110.75' }) as Quote;
const earbuds = (declaredValue: number | null = 1200): OrderProduct => ({
  id: 18, name: 'Wireless earbuds', description: '', quantity: 1, comment: '', costPrice: 1200, customsPrice: 180, deliveryPrice: 90, serviceFee: 92.5, screenshot: '',
  declaration: { description: 'Wireless earbuds', declaredValue, countryOfOrigin: 'CN' },
});
const undeclared: OrderProduct = { ...earbuds(), declaration: undefined };
const fresh: QuoteChoice = { insure: false, confirmed: false };

describe('decoding the quote extras: both dialects, anything missing or garbled is absent', () => {
  it.each([
    ['spec dialect (decimal strings)', SPEC_QUOTE],
    ['envelope (numbers)', ENVELOPE_QUOTE],
  ])('the shipping speeds and the insurance of the %s', (_dialect, wire) => {
    expect(quoteWithExtras(wire)).toMatchObject({ subTotal: 2705, total: 3110.75, shippingOptions: [ECONOMY, EXPRESS], insurance: INSURANCE });
    // The other pages read orders without them (and do not load their decoders).
    expect(quoteFromWire(wire)).not.toHaveProperty('shippingOptions');
    expect(quoteWithExtras(null)).toBeNull();
  });

  it('a quote without any is today’s quote: no options, no insurance', () => {
    expect(plainQuote.shippingOptions).toBeUndefined();
    expect(plainQuote.insurance).toBeUndefined();
  });

  it('missing, null, empty or garbled speeds are no choice; an option without a readable id or price is dropped', () => {
    for (const garbled of [undefined, null, [], 'express', {}, [null, 3, 'x'], [{ id: '', price: '5' }, { id: 'x', price: 'lots' }, { id: 'y' }]]) {
      expect(shippingOptionsFromWire(garbled)).toBeUndefined();
    }
    expect(shippingOptionsFromWire([{ id: 'express', price: '-1' }, { id: ' courier ', price: '99.5', min_days: 'two' }])).toEqual([
      { id: 'courier', label: 'courier', price: 99.5, minDays: null, maxDays: null },
    ]);
  });

  it('insurance without a readable premium is not offered', () => {
    for (const garbled of [undefined, null, 'yes', {}, { premium: 'soon', covers: 'All' }, { premium: null }]) expect(insuranceFromWire(garbled)).toBeUndefined();
    expect(insuranceFromWire({ premium: '75' })).toEqual({ premium: 75, ratePercent: null, minimumPremium: null, insuredValue: null, covers: '' });
  });

  it('a customs declaration and an "if unavailable" rule on a product, in both dialects; absent or garbled is none', () => {
    const wire = { id: 18, name: 'Wireless earbuds', if_unavailable: { rule: 'buy_alternative', alternative: 'White, same model' } };
    for (const declaredValue of ['1200.0', 1200]) {
      expect(productWithExtras({ ...wire, customs_declaration: { description: 'Wireless earbuds', declared_value: declaredValue, country_of_origin: 'cn' } })).toMatchObject({
        declaration: { description: 'Wireless earbuds', declaredValue: 1200, countryOfOrigin: 'CN' },
        ifUnavailable: { rule: 'buy_alternative', alternative: 'White, same model' },
      });
    }
    expect(productWithExtras({ id: 19 })).toMatchObject({ declaration: undefined, ifUnavailable: undefined });
    expect(productFromWire(wire)).not.toHaveProperty('ifUnavailable');
    for (const garbled of [null, 'CN', [], {}, { declared_value: 'a lot' }]) expect(declarationFromWire(garbled)).toBeUndefined();
    expect(declarationFromWire({ description: 'Speaker', declared_value: 'a lot', country_of_origin: 'VN' })).toEqual({ description: 'Speaker', declaredValue: null, countryOfOrigin: 'VN' });
    for (const garbled of [null, 'ask_me', {}, { rule: '' }]) expect(ifUnavailableFromWire(garbled)).toBeUndefined();
    expect(ifUnavailableFromWire({ rule: ' ASK_ME ', alternative: null })).toEqual({ rule: 'ask_me', alternative: '' });
    expect(ifUnavailableFromWire({ rule: 'phone_me' })).toEqual({ rule: 'phone_me', alternative: '' });
  });

  it('the order’s checkout in both dialects; without readable totals, none', () => {
    const spec = { shipping_option_id: 'express', shipping_price: '350.0', insured: true, insurance_premium: '58.4', declaration_confirmed_at: '2026-11-28T11:00:00.000Z', sub_total: '4163.4', total_vat: '624.51', total: '4787.91' };
    const envelope = { ...spec, shipping_price: 350, insurance_premium: 58.4, sub_total: 4163.4, total_vat: 624.51, total: 4787.91 };
    const expected = { shippingOptionId: 'express', shippingPrice: 350, insured: true, insurancePremium: 58.4, declarationConfirmedAt: '2026-11-28T11:00:00.000Z', subTotal: 4163.4, totalVat: 624.51, total: 4787.91 };
    expect(orderWithExtras({ id: 13, checkout: spec }).checkout).toEqual(expected);
    expect(orderWithExtras({ id: 13, checkout: envelope }).checkout).toEqual(expected);
    expect(orderWithExtras({ id: 13 }).checkout).toBeUndefined();
    expect(orderFromWire({ id: 13, checkout: spec })).not.toHaveProperty('checkout');
    for (const garbled of [null, 'paid', {}, { total: 'x' }]) expect(checkoutFromWire(garbled)).toBeUndefined();
    expect(checkoutFromWire({ total: '100', shipping_option_id: null, insurance_premium: null })).toMatchObject({ shippingOptionId: '', insured: false, insurancePremium: null });
  });

  it('store credit (issue 56): the quote’s balance and the checkout’s credit used and paid now, in both dialects; absent, zero or garbled is none', () => {
    for (const balance of ['1203.5', 1203.5]) expect(quoteWithExtras({ ...SPEC_QUOTE, credit: { balance } })?.credit).toEqual({ balance: 1203.5 });
    for (const garbled of [undefined, null, 'lots', {}, { balance: 'x' }, { balance: '0.0' }, { balance: -5 }]) {
      expect(quoteWithExtras({ ...SPEC_QUOTE, credit: garbled })).not.toHaveProperty('credit');
      expect(quoteCreditFromWire(garbled)).toBeUndefined();
    }
    expect(quoteFromWire({ ...SPEC_QUOTE, credit: { balance: '1203.5' } })).not.toHaveProperty('credit');
    const spec = { sub_total: '925.0', total_vat: '138.75', total: '1063.75', credit_used: '500.0', paid_now: '563.75' };
    const envelope = { ...spec, sub_total: 925, total_vat: 138.75, total: 1063.75, credit_used: 500, paid_now: 563.75 };
    for (const wire of [spec, envelope]) expect(checkoutFromWire(wire)).toMatchObject({ total: 1063.75, creditUsed: 500, paidNow: 563.75 });
    expect(checkoutFromWire({ total: '1063.75', credit_used: '1063.75', paid_now: '0.0' })).toMatchObject({ creditUsed: 1063.75, paidNow: 0 });
    const without = checkoutFromWire({ total: '1063.75' });
    expect(without).not.toHaveProperty('creditUsed');
    expect(without).not.toHaveProperty('paidNow');
    // Only the quote's credit is new on an order without speeds or insurance: the extras' decoders still load for it.
    expect(hasQuoteExtras([{ id: 12 }, { total: '1063.75', credit: { balance: '20.0' } }])).toBe(true);
    expect(hasQuoteExtras([{ id: 12 }, { total: '1063.75' }])).toBe(false);
  });

  it('every order read, in a list too, knows the total charged (shown as its Total amount); none without a readable one', () => {
    expect(orderFromWire({ id: 13, checkout: { total: '4787.91' } }).totalCharged).toBe(4787.91);
    expect(orderFromWire({ id: 13, checkout: { total: 4787.91 } }).totalCharged).toBe(4787.91);
    for (const garbled of [undefined, null, 'paid', {}, { total: 'x' }, { total: -1 }]) expect(orderFromWire({ id: 13, checkout: garbled }).totalCharged).toBeNull();
  });
});

describe('the total with a choice (docs/api-contract.md): sub-total plus speed plus premium, VAT 15 % rounded to the cent', () => {
  it('adds the speed and the premium and rounds VAT to the cent', () => {
    expect(totalsWith(2705, 350, 50)).toEqual({ subTotal: 3105, totalVat: 465.75, total: 3570.75 });
    expect(totalsWith(2705, 0, 0)).toEqual({ subTotal: 2705, totalVat: 405.75, total: 3110.75 });
    // The seeded REI order's checkout: 3705 + 350 + 58.40 = 4113.40, VAT 617.01.
    expect(totalsWith(3705, 350, 58.4)).toEqual({ subTotal: 4113.4, totalVat: 617.01, total: 4730.41 });
    expect(totalsWith(0.1, 0.2, 0)).toEqual({ subTotal: 0.3, totalVat: 0.05, total: 0.35 });
  });

  it('the cheapest speed is chosen until the shopper chooses; a withdrawn choice is no choice', () => {
    expect(chosenOption([EXPRESS, ECONOMY], undefined)).toEqual(ECONOMY);
    expect(chosenOption([ECONOMY, EXPRESS], 'express')).toEqual(EXPRESS);
    expect(chosenOption([ECONOMY], 'express')).toBeUndefined();
    expect(chosenOption(undefined, 'express')).toBeUndefined();
  });

  it('the cost summary lines: shipping and insurance before the sub-total, and the total follows; none for today’s quote', () => {
    expect(quoteCostExtras({ quote }, fresh)).toEqual({ rows: [['Shipping (Economy)', 0]], totals: { subTotal: 2705, totalVat: 405.75, total: 3110.75 } });
    expect(quoteCostExtras({ quote }, { shippingId: 'express', insure: true, confirmed: false })).toEqual({
      rows: [['Shipping (Express)', 350], ['Insurance', 50]],
      totals: { subTotal: 3105, totalVat: 465.75, total: 3570.75 },
    });
    expect(quoteCostExtras({ quote: plainQuote }, { shippingId: 'express', insure: true, confirmed: true })).toBeUndefined();
    expect(quoteCostExtras({ quote: null }, fresh)).toBeUndefined();
  });

  it('the invoice shows the choices the order was paid with and the totals charged', () => {
    const checkout = checkoutFromWire({ shipping_option_id: 'express', shipping_price: 350, insured: true, insurance_premium: 58.4, sub_total: 4113.4, total_vat: 617.01, total: 4730.41 });
    expect(checkoutCostExtras(checkout, [ECONOMY, EXPRESS])).toEqual({
      rows: [['Shipping (Express)', 350], ['Insurance', 58.4]],
      totals: { subTotal: 4113.4, totalVat: 617.01, total: 4730.41 },
    });
    expect(checkoutCostExtras(checkout)?.rows[0]).toEqual(['Shipping (express)', 350]);
    expect(checkoutCostExtras(undefined)).toBeUndefined();
  });
});

describe('gates and the payment body', () => {
  const offer = { quote, products: [earbuds(), undeclared] };

  it('asks for the declaration to be confirmed, and a speed when the chosen one was withdrawn', () => {
    expect(choiceGate(offer, fresh)).toBe('Confirm the customs declaration before paying');
    expect(choiceGate(offer, { ...fresh, confirmed: true })).toBeUndefined();
    const withdrawn = { ...quote, shippingOptions: [ECONOMY] };
    expect(choiceGate({ ...offer, quote: withdrawn }, { shippingId: 'express', insure: true, confirmed: true })).toBe('Choose a shipping speed');
  });

  it('a quote whose service sends no declaration, speeds or insurance asks nothing and pays with today’s body', () => {
    const today = { quote: plainQuote, products: [undeclared] };
    expect(choiceGate(today, fresh)).toBeUndefined();
    expect(paymentChoice(today, { shippingId: 'express', insure: true, confirmed: true })).toEqual({});
  });

  it('sends each choice the quote offered, the premium only when insured', () => {
    expect(paymentChoice(offer, { shippingId: 'express', insure: true, confirmed: true })).toEqual({
      shippingOptionId: 'express', insure: true, insurancePremium: 50, declarationConfirmed: true,
    });
    expect(paymentChoice(offer, fresh)).toEqual({ shippingOptionId: 'economy', insure: false, declarationConfirmed: false });
    expect(paymentChoice({ quote: { ...quote, shippingOptions: undefined }, products: [undeclared] }, { ...fresh, insure: true })).toEqual({
      insure: true, insurancePremium: 50,
    });
  });

  it('the quote page shows a refusal of the choices in the service’s words, without "try again" advice', () => {
    const order = anOrder({ id: 12, status: 'processing' });
    const message = 'Express is no longer offered: choose another shipping speed';
    const view = quotePageView({ order, quote: { ...quote, quotedAt: new Date().toISOString() }, products: [] }, Date.now(), { loading: false, data: { status: 'refused', message } });
    expect(view.returnNotice).toBe(message);
    expect(view.canPay).toBe(true);
  });
});

describe('what the refusals say', () => {
  const refused = (errors: Record<string, unknown>, status = 422) => new ApiError('Refused', 'client', { status, errors });

  it.each([
    ['shipping_option_id', 'Express is no longer offered: choose another shipping speed', 'Express is no longer offered: choose another shipping speed'],
    ['shipping_option_id', 'is not a shipping speed of this quote', 'That shipping speed is not offered any more: choose another shipping speed'],
    ['insurance_premium', 'The insurance premium changed from R75.00 to R90.00: check the new total', 'The insurance premium changed from R75.00 to R90.00: check the new total'],
    ['insurance_premium', "can't be blank: send the premium the shopper saw", 'The insurance premium changed: check the new total'],
    ['insure', 'Insurance is not offered for this order', 'Insurance is not offered for this order'],
    ['declaration_confirmed', 'Confirm the customs declaration before paying', 'Confirm the customs declaration before paying'],
    ['quote', 'This quote has expired.', 'This quote has expired.'],
    ['quote', 'is expired', 'This quote has expired.'],
  ])('%s: %s', (field, said, shown) => {
    expect(choiceRefusal(refused({ [field]: [said] }))).toBe(shown);
  });

  it('any other failure is not a refusal of the choices', () => {
    expect(choiceRefusal(refused({ card_id: ['is invalid'] }))).toBeUndefined();
    expect(choiceRefusal(refused({ shipping_option_id: ['gone'] }, 500))).toBeUndefined();
    expect(choiceRefusal(new ApiError('Server is probably offline', 'offline'))).toBeUndefined();
    expect(choiceRefusal(new Error('boom'))).toBeUndefined();
  });
});

describe('what the quote says of each product and option', () => {
  it('a declaration of zero, of no readable value or above the product price looks wrong; a sound one says nothing', () => {
    expect(declarationProblem(earbuds(1200))).toBeUndefined();
    expect(declarationProblem(earbuds(999))).toBeUndefined();
    expect(declarationProblem(undeclared)).toBeUndefined();
    expect(declarationProblem(earbuds(0))).toBe('This declaration looks wrong: it declares no value. Query the order to have it corrected before you confirm.');
    expect(declarationProblem(earbuds(null))).toMatch(/^This declaration looks wrong: it declares no value\./);
    expect(declarationProblem(earbuds(1500))).toBe(
      "This declaration looks wrong: it declares more than the product's price of R1\u00a0200,00. Query the order to have it corrected before you confirm.",
    );
  });

  it('the "if unavailable" rule and alternative in words; an unknown rule as sent', () => {
    expect(ifUnavailableText({ rule: 'buy_alternative', alternative: 'White, same model' })).toBe('If unavailable: buy the alternative (White, same model)');
    expect(ifUnavailableText({ rule: 'cancel_item', alternative: '' })).toBe('If unavailable: cancel this item');
    expect(ifUnavailableText({ rule: 'ask_me', alternative: '' })).toBe('If unavailable: ask me');
    expect(ifUnavailableText({ rule: 'phone_me', alternative: '' })).toBe('If unavailable: phone_me');
  });

  it('a speed’s price and window, the insurance terms, a country by name and code', () => {
    expect([optionPrice(EXPRESS), deliveryWindow(EXPRESS)]).toEqual(['R350,00 before VAT', '3 to 5 working days']);
    expect([optionPrice(ECONOMY), deliveryWindow({ minDays: 2, maxDays: 2 }), deliveryWindow({ minDays: null, maxDays: 4 }), deliveryWindow({ minDays: null, maxDays: null })]).toEqual([
      'No extra charge', '2 working days', 'up to 4 working days', '',
    ]);
    expect(insuranceTerms(INSURANCE)).toBe('R50,00 before VAT: 2 % of the insured value of R2\u00a0050,00, at least R50,00. What it covers: Loss, theft and damage.');
    expect(insuranceTerms({ ...INSURANCE, ratePercent: null, covers: '' })).toBe('R50,00 before VAT.');
    expect([formatCountry('CN'), formatCountry('VN'), formatCountry('QQ'), formatCountry('China'), formatCountry('')]).toEqual(['China (CN)', 'Vietnam (VN)', 'QQ', 'China', '']);
  });
});

describe('the payment calls carry the choices', () => {
  let bodies: unknown[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  beforeEach(() => {
    localStorage.clear();
    storeTokens('access', 'refresh', true);
    bodies = [];
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', (_input: unknown, init: RequestInit = {}) => {
      bodies.push(init.body ? JSON.parse(String(init.body)) : undefined);
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } }));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const back = { returnUrl: 'https://site/r', cancelUrl: 'https://site/c' };

  it('on both calls, and exactly today’s body without a choice', async () => {
    answer = { status: 200, body: {} };
    const choice = { shippingOptionId: 'express', insure: true, insurancePremium: 50, declarationConfirmed: true };
    await payOrder(12, 3, back, choice);
    await payOnProviderPage(12, back, choice);
    await payOrder(12, 3, back);
    await payOnProviderPage(12, back, {});
    await payOrder(12, 3, back, { insure: false, insurancePremium: 50 });
    const extras = { shipping_option_id: 'express', insure: true, insurance_premium: 50, declaration_confirmed: true };
    expect(bodies).toEqual([
      { order: { card_id: 3, ...extras, return_url: 'https://site/r', cancel_url: 'https://site/c' } },
      { order: { ...extras, return_url: 'https://site/r', cancel_url: 'https://site/c' } },
      { order: { card_id: 3, return_url: 'https://site/r', cancel_url: 'https://site/c' } },
      { order: { return_url: 'https://site/r', cancel_url: 'https://site/c' } },
      // The premium goes only with insure: true.
      { order: { card_id: 3, insure: false, return_url: 'https://site/r', cancel_url: 'https://site/c' } },
    ]);
  });

  it('use_credit (issue 56) only when the shopper uses their credit, on both calls; pay_with_credit sends the choices with use_credit', async () => {
    answer = { status: 200, body: {} };
    await payOrder(12, 3, back, { useCredit: true });
    await payOnProviderPage(12, back, { shippingOptionId: 'express', useCredit: true });
    await payOrder(12, 3, back, { useCredit: false });
    await payWithCredit(12, { shippingOptionId: 'express', declarationConfirmed: true });
    expect(bodies).toEqual([
      { order: { card_id: 3, use_credit: true, return_url: 'https://site/r', cancel_url: 'https://site/c' } },
      { order: { shipping_option_id: 'express', use_credit: true, return_url: 'https://site/r', cancel_url: 'https://site/c' } },
      { order: { card_id: 3, return_url: 'https://site/r', cancel_url: 'https://site/c' } },
      { order: { shipping_option_id: 'express', declaration_confirmed: true, use_credit: true } },
    ]);
  });

  it('a credit that no longer covers the total is refused in the service’s words (issue 56)', async () => {
    const short = 'Your credit no longer covers this total: pay the rest by card or another way';
    answer = { status: 422, body: { error: short, errors: { use_credit: [short] } } };
    expect(choiceRefusal(await payWithCredit(12).catch((error: unknown) => error))).toBe(short);
    answer = { status: 422, body: { errors: { use_credit: ['is invalid'] } } };
    expect(choiceRefusal(await payOrder(12, 3, back, { useCredit: true }).catch((error: unknown) => error))).toBe(
      'Your store credit changed since this quote was loaded: check what is left to pay',
    );
  });

  it('a 422 under a choice’s field keeps the service’s words for the page', async () => {
    answer = { status: 422, body: { error: 'Shipping option id Express is no longer offered', errors: { shipping_option_id: ['Express is no longer offered: choose another shipping speed'] } } };
    const failure = await payOrder(12, 3, back, { shippingOptionId: 'express' }).catch((error: unknown) => error);
    expect(choiceRefusal(failure)).toBe('Express is no longer offered: choose another shipping speed');
  });

  it('the cost summary read decodes the extras too', async () => {
    answer = { status: 200, body: { data: ENVELOPE_QUOTE } };
    expect(await getCostSummary(12, quoteWithExtras)).toMatchObject({ shippingOptions: [ECONOMY, EXPRESS], insurance: INSURANCE });
  });
});

describe('the order on the quote and invoice pages reads the extras only when the service sent them', () => {
  const answers = new Map<string, unknown>();
  beforeEach(() => {
    storeTokens('access', 'refresh', true);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname.replace(/^.*\/orders\//, '');
      return Promise.resolve(new Response(JSON.stringify(answers.get(path) ?? null), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('with: the speeds, the insurance, the declaration and the rule; without: today’s order, quote and products', async () => {
    const { orderDetailStore } = await import('../../src/lib/stores/order-detail');
    const products = [{ id: 18, name: 'Wireless earbuds', if_unavailable: { rule: 'ask_me', alternative: '' }, customs_declaration: { description: 'Earbuds', declared_value: '1200.0', country_of_origin: 'CN' } }];
    answers.set('12', { id: 12, status: 'processing' }).set('12/cost_summary', SPEC_QUOTE).set('12/products', products);
    expect(((await orderDetailStore(12).fetch()) as { data?: unknown }).data).toMatchObject({
      quote: { shippingOptions: [ECONOMY, EXPRESS], insurance: INSURANCE },
      products: [{ declaration: { countryOfOrigin: 'CN' }, ifUnavailable: { rule: 'ask_me' } }],
    });
    const { shipping_options: _options, insurance: _insurance, ...today } = SPEC_QUOTE;
    answers.set('2', { id: 2, status: 'processing' }).set('2/cost_summary', today).set('2/products', [{ id: 3, name: 'Shirt' }]);
    const detail = ((await orderDetailStore(2).fetch()) as { data?: { quote: unknown; products: unknown[]; order: unknown } }).data;
    expect(detail?.quote).not.toHaveProperty('shippingOptions');
    expect(detail?.products[0]).not.toHaveProperty('declaration');
    expect(detail?.order).not.toHaveProperty('checkout');
  });
});
