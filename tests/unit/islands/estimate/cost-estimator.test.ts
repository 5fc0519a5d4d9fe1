// @vitest-environment node
import { describe, expect, test } from 'vitest';
import {
  chooseRate,
  estimatorMessages,
  estimatorView,
  initialForm,
  parseQuantity,
  publishedRate,
  withCurrency,
  withLineAdded,
  withLineChange,
  withLineRemoved,
  withTyped,
  type EstimatorData,
  type EstimatorForm,
  type PublishedRate,
} from '../../../../src/islands/estimate/cost-estimator';

const RATES: PublishedRate[] = [
  { currency: 'USD', name: 'US dollar', symbol: '$', rate: 17.45, asOf: '20 Nov 2026' },
  { currency: 'GBP', name: 'British pound', symbol: '£', rate: 22.95, asOf: '20 Nov 2026' },
  { currency: 'EUR', name: 'Euro', symbol: '€', rate: 20.15, asOf: '20 Nov 2026' },
];

/** The published figures of src/content/estimate, as the page passes them. */
const DATA: EstimatorData = {
  categories: [
    { id: 'clothing', name: 'Clothing', rate: 45 },
    { id: 'electronics', name: 'Electronics (phones, laptops, tablets)', rate: 0 },
  ],
  rates: RATES,
  bands: [
    { maxKg: 0.5, price: 295 },
    { maxKg: 1, price: 450 },
    { maxKg: 20, price: 4950 },
  ],
  feeUsd: 10,
};

/** The first form with its first line (and any field) typed. */
function typed(first: { price?: string; quantity?: string; category?: string }, rest: Partial<EstimatorForm> = {}): EstimatorForm {
  const form = initialForm(DATA);
  return { ...form, ...rest, lines: [{ ...form.lines[0]!, ...first }] };
}

/** A message with formatRand's (no-break) spaces written as plain ones. */
const plain = (text: string | undefined): string | undefined => text?.replace(/[\s\u00a0]/g, ' ');

describe('parsing what is typed', () => {
  test('a quantity is a whole number of 1 or more, spaces around it allowed', () => {
    expect(parseQuantity('1')).toBe(1);
    expect(parseQuantity(' 3 ')).toBe(3);
    for (const text of ['0', '1.5', '', '-1', 'two', '1e2']) expect(parseQuantity(text), text).toBeUndefined();
  });

  test('a typed rate above 0 is used, with a decimal comma too', () => {
    expect(chooseRate('18', 17.45)).toEqual({ rate: 18, typed: true });
    expect(chooseRate('18,5', 17.45)).toEqual({ rate: 18.5, typed: true });
  });

  test('no rate, 0 or text that is not a number: the published rate is used', () => {
    for (const text of ['', '0', '0.00', 'abc', '-18']) expect(chooseRate(text, 17.45), text).toEqual({ rate: 17.45, typed: false });
  });
});

describe('the published rate', () => {
  test("a currency's own rate; the first published one when the currency has none", () => {
    expect(publishedRate(RATES, 'GBP').rate).toBe(22.95);
    expect(publishedRate([RATES[0]!], 'EUR').currency).toBe('USD');
  });

  test('the form starts in US dollars at the published rate, 1 kg, one empty line of the first category', () => {
    expect(initialForm(DATA)).toEqual({ currency: 'USD', rateText: '17.45', weightText: '1', lines: [{ key: 0, price: '', quantity: '1', category: 'clothing' }] });
  });

  test('changing the currency resets the rate to that currency’s published rate', () => {
    const form = withCurrency({ ...initialForm(DATA), rateText: '18' }, 'EUR', RATES);
    expect([form.currency, form.rateText]).toEqual(['EUR', '20.15']);
  });

  test('a rate that is not a number falls back to the published rate, and says so', () => {
    const view = estimatorView(typed({ price: '60', quantity: '2' }, { rateText: 'abc' }), DATA);
    expect(view.rateError).toBe('Enter a rate above 0. Until then the estimate uses the published rate, R17,45.');
    expect(plain(view.customsValue)).toBe('R2 094,00');
    expect(estimatorView(typed({ price: '60', quantity: '2' }, { rateText: '0' }), DATA).rateError).toBe(view.rateError);
  });

  test('a shop currency without a published rate is estimated at the first one, and the hint names it', () => {
    const view = estimatorView(typed({ price: '10' }, { currency: 'GBP', rateText: '' }), { ...DATA, rates: [RATES[0]!] });
    expect(view.rateHint).toBe("Published rate R17,45, as of 20 Nov 2026. Change it to your bank's rate if you like.");
    expect(plain(view.customsValue)).toBe('R174,50');
  });
});

describe('the form’s changes', () => {
  test('what was typed before the island was live is kept; an unknown currency is not', () => {
    const fields: Record<string, string> = { currency: 'GBP', rate: '23', weight: '2,5', 'price-0': '20', 'quantity-0': '3', 'category-0': 'electronics' };
    const form = withTyped(initialForm(DATA), (name) => fields[name]);
    expect(form).toEqual({ currency: 'GBP', rateText: '23', weightText: '2,5', lines: [{ key: 0, price: '20', quantity: '3', category: 'electronics' }] });
    expect(withTyped(initialForm(DATA), (name) => (name === 'currency' ? 'JPY' : undefined))).toEqual(initialForm(DATA));
  });

  test('a new line takes the last line’s category; lines are changed and removed by key and place', () => {
    let form = withLineChange(initialForm(DATA), 0, { category: 'electronics', price: '5' });
    form = withLineAdded(form, 1, 'clothing');
    expect(form.lines[1]).toEqual({ key: 1, price: '', quantity: '1', category: 'electronics' });
    form = withLineRemoved(form, 0);
    expect(form.lines).toEqual([{ key: 1, price: '', quantity: '1', category: 'electronics' }]);
    expect(withLineAdded(withLineRemoved(form, 0), 2, 'clothing').lines[0]?.category).toBe('clothing');
  });
});

describe('the estimate in rand', () => {
  test('$60 × 2 of clothing at the published rate: every line, the total and its status', () => {
    const view = estimatorView(typed({ price: '60', quantity: '2' }), DATA);
    expect([view.customsValue, view.duty, view.vat, view.shipping, view.fee, view.total].map(plain)).toEqual([
      'R2 094,00',
      'R942,30',
      'R486,86',
      'R450,00',
      'R174,50',
      'R4 147,66',
    ]);
    expect(view.totalLabel).toBe('Estimated total');
    expect(plain(view.status)).toBe('Estimated total R4 147,66');
    expect([view.rateError, view.weightError, view.lines[0]?.priceError, view.lines[0]?.quantityError, view.minimumNotice]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  test('a typed rate changes the customs value and the fee', () => {
    const view = estimatorView(typed({ price: '60', quantity: '2' }, { rateText: '18' }), DATA);
    expect([view.customsValue, view.fee, view.total].map(plain)).toEqual(['R2 160,00', 'R180,00', 'R4 264,20']);
  });

  test('a line that is not a price or a quantity has its message and is left out of the sum', () => {
    const form = withLineChange(withLineAdded(typed({ price: '4x' }), 1, 'clothing'), 1, { price: '10', quantity: '0' });
    const view = estimatorView(form, DATA);
    expect(view.lines.map((l) => [l.priceError, l.quantityError])).toEqual([
      [estimatorMessages.price, undefined],
      [undefined, estimatorMessages.quantity],
    ]);
    expect(view.customsValue).toBe('R0');
  });

  test('a weight that is not a number has its message; a parcel over the heaviest band is quoted separately', () => {
    expect(estimatorView(typed({}, { weightText: 'heavy' }), DATA).weightError).toBe('Enter the weight in kilograms, such as 1.5.');
    const heavy = estimatorView(typed({ price: '200' }, { weightText: '21' }), DATA);
    expect(heavy.shipping).toBe('Over 20 kg: quoted separately');
    expect(heavy.totalLabel).toBe('Estimated total, without shipping');
  });

  test('under the minimum: the notice gives $100 in rand at the US dollar rate and the items in dollars', () => {
    const view = estimatorView(typed({ price: '20' }, { currency: 'GBP', rateText: '22.95' }), DATA);
    // £20 × R22.95 = R459.00, which is $26.30 at R17.45; $100 is R1 745.00.
    expect(plain(view.minimumNotice)).toBe('The minimum order value is $100 of products from one shop (about R1 745,00). These items come to about $26,30.');
  });

  test('in US dollars the minimum is converted at the typed rate, rounded half up to the cent', () => {
    // $100 × R17.45555 = R1 745.555, which binary floating point holds as 1 745.55499…: in cents it is R1 745.56.
    const view = estimatorView(typed({ price: '20' }, { rateText: '17.45555' }), DATA);
    expect(plain(view.minimumNotice)).toMatch(/^The minimum order value is \$100 of products from one shop \(about R1 745,56\)\./);
  });
});

describe('labels', () => {
  test('the rate and price labels name the currency; each line its number; Remove only when there are two', () => {
    const one = estimatorView(typed({}, { currency: 'EUR' }), DATA);
    expect([one.rateLabel, one.lines[0]?.priceLabel, one.lines[0]?.legend, one.lines[0]?.removeLabel]).toEqual(['Exchange rate (rand per 1 EUR)', 'Price (EUR)', 'Item 1', undefined]);
    const two = estimatorView(withLineAdded(initialForm(DATA), 1, 'clothing'), DATA);
    expect(two.lines.map((l) => [l.legend, l.removeLabel])).toEqual([
      ['Item 1', 'Remove item 1'],
      ['Item 2', 'Remove item 2'],
    ]);
  });

  test('currencies and categories are offered by name', () => {
    const view = estimatorView(initialForm(DATA), DATA);
    expect(view.currencies.map((c) => c.label)).toEqual(['US dollar (USD)', 'British pound (GBP)', 'Euro (EUR)']);
    expect(view.categories.map((c) => c.label)).toEqual(['Clothing: 45 % duty', 'Electronics (phones, laptops, tablets): 0 % duty']);
  });
});
