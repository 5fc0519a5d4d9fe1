import { describe, expect, test } from 'vitest';
import { estimate, formatUsd, MINIMUM_ORDER_USD, parseAmount, roundCents, shippingBandFor, toCents, type EstimateInput } from '../../src/lib/estimate';

const BANDS = [
  { maxKg: 0.5, price: 295 },
  { maxKg: 1, price: 450 },
  { maxKg: 2, price: 750 },
  { maxKg: 5, price: 1450 },
];

/** An estimate input with the test bands and the $10 fee; each case sets the rest. */
function input(partial: Pick<EstimateInput, 'currency' | 'items' | 'rate' | 'weightKg'> & { usdRate?: number }): EstimateInput {
  return { usdRate: 17.45, bands: BANDS, feeUsd: 10, ...partial };
}

describe('estimate', () => {
  test('a USD clothing order: 45 % duty, VAT on customs value + 10 % + duty', () => {
    // 2 × $45.00 + 1 × $25.50 = $115.50 at R18.00.
    const result = estimate(
      input({
        currency: 'USD',
        items: [
          { price: 45, quantity: 2, dutyPercent: 45 },
          { price: 25.5, quantity: 1, dutyPercent: 45 },
        ],
        rate: 18,
        weightKg: 1.5,
      }),
    );
    // Customs value: 90 × 18 = 1 620.00 and 25.50 × 18 = 459.00.
    expect(result.customsValue).toBe(2079);
    // Duty: 45 % of 1 620.00 = 729.00 and of 459.00 = 206.55.
    expect(result.duty).toBe(935.55);
    // VAT: 15 % of (2 079.00 + 207.90 + 935.55 = 3 222.45) = 483.3675.
    expect(result.vat).toBe(483.37);
    // 1.5 kg falls in the up-to-2-kg band.
    expect(result.shipping).toBe(750);
    // The fee converts at the estimate's own rate when the shop prices in US dollars: $10 × 18.
    expect(result.fee).toBe(180);
    expect(result.total).toBe(4427.92);
    expect(result.itemsUsd).toBe(115.5);
    expect(result.belowMinimum).toBe(false);
  });

  test('a GBP electronics order: zero duty, VAT on customs value + 10 %', () => {
    const result = estimate(
      input({
        currency: 'GBP',
        items: [
          { price: 129.99, quantity: 1, dutyPercent: 0 },
          { price: 15.49, quantity: 2, dutyPercent: 0 },
        ],
        rate: 22.95,
        weightKg: 0.4,
      }),
    );
    // 129.99 × 22.95 = 2 983.2705 → 2 983.27; 30.98 × 22.95 = 710.991 → 710.99.
    expect(result.customsValue).toBe(3694.26);
    expect(result.duty).toBe(0);
    // 15 % of (3 694.26 + 369.426) = 15 % of 4 063.686 = 609.5529.
    expect(result.vat).toBe(609.55);
    expect(result.shipping).toBe(295);
    // $10 at the US dollar rate R17.45, not the pound's.
    expect(result.fee).toBe(174.5);
    expect(result.total).toBe(4773.31);
    // 3 694.26 / 17.45 = 211.705…
    expect(result.itemsUsd).toBe(211.71);
    expect(result.belowMinimum).toBe(false);
  });

  test('a EUR order under the $100 minimum, with a line value exactly on a half cent', () => {
    const result = estimate(input({ currency: 'EUR', items: [{ price: 39.9, quantity: 1, dutyPercent: 20 }], rate: 20.15, weightKg: 0.8 }));
    // 39.90 × 20.15 = 803.985, rounded half up (binary floating point makes it 803.98499…).
    expect(result.customsValue).toBe(803.99);
    // 20 % of 803.99 = 160.798.
    expect(result.duty).toBe(160.8);
    // 15 % of (803.99 + 80.399 + 160.80 = 1 045.189) = 156.77835.
    expect(result.vat).toBe(156.78);
    expect(result.shipping).toBe(450);
    expect(result.fee).toBe(174.5);
    expect(result.total).toBe(1746.07);
    // 803.99 / 17.45 = 46.07 US dollars.
    expect(result.itemsUsd).toBe(46.07);
    expect(result.itemsUsd).toBeLessThan(MINIMUM_ORDER_USD);
    expect(result.belowMinimum).toBe(true);
  });

  test('exactly $100 of items meets the minimum', () => {
    expect(estimate(input({ currency: 'USD', items: [{ price: 50, quantity: 2, dutyPercent: 0 }], rate: 17, weightKg: 1 })).belowMinimum).toBe(false);
    expect(estimate(input({ currency: 'USD', items: [{ price: 99.99, quantity: 1, dutyPercent: 0 }], rate: 17, weightKg: 1 })).belowMinimum).toBe(true);
  });

  test('editing the exchange rate changes every rand line but the shipping', () => {
    const items = [{ price: 100, quantity: 1, dutyPercent: 45 }];
    const before = estimate(input({ currency: 'USD', items, rate: 17, weightKg: 1 }));
    const after = estimate(input({ currency: 'USD', items, rate: 18, weightKg: 1 }));
    expect([before.customsValue, before.duty, before.vat, before.fee]).toEqual([1700, 765, 395.25, 170]);
    expect([after.customsValue, after.duty, after.vat, after.fee]).toEqual([1800, 810, 418.5, 180]);
    expect(after.shipping).toBe(before.shipping);
    expect(after.total).toBeGreaterThan(before.total);
  });

  test('a parcel heavier than every band has no shipping line, and the total leaves it out', () => {
    const result = estimate(input({ currency: 'USD', items: [{ price: 200, quantity: 1, dutyPercent: 0 }], rate: 10, weightKg: 5.01 }));
    expect(result.shipping).toBeNull();
    // 2 000.00 + VAT 15 % of 2 200.00 = 330.00 + fee $10 × 10 = 100.00.
    expect(result.total).toBe(2430);
  });

  test('no items: every line but shipping and the fee is R0', () => {
    const result = estimate(input({ currency: 'USD', items: [], rate: 17.45, weightKg: 1 }));
    expect([result.customsValue, result.duty, result.vat, result.itemsUsd]).toEqual([0, 0, 0, 0]);
    expect(result.total).toBe(450 + 174.5);
    expect(result.belowMinimum).toBe(true);
  });
});

describe('shippingBandFor', () => {
  test('a weight on a band limit takes that band; a heavier one the next; beyond the last none', () => {
    expect(shippingBandFor(0.5, BANDS)?.price).toBe(295);
    expect(shippingBandFor(0.51, BANDS)?.price).toBe(450);
    expect(shippingBandFor(5, BANDS)?.price).toBe(1450);
    expect(shippingBandFor(5.5, BANDS)).toBeUndefined();
  });

  test('the bands may come in any order', () => {
    expect(shippingBandFor(0.7, [...BANDS].reverse())?.maxKg).toBe(1);
  });
});

describe('rounding, parsing and writing amounts', () => {
  test('cents round half up, unfooled by binary fractions', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(2.675)).toBe(268);
    expect(roundCents(0.125)).toBe(0.13);
    expect(roundCents(0.124)).toBe(0.12);
  });

  test('amounts may use a decimal comma and spaces; other text is not an amount', () => {
    expect(parseAmount('49.99')).toBe(49.99);
    expect(parseAmount('49,99')).toBe(49.99);
    expect(parseAmount(' 1 299.50 ')).toBe(1299.5);
    expect(parseAmount('')).toBe(0);
    for (const text of ['abc', '-5', '1.2.3', '.', '1e3']) expect(parseAmount(text), text).toBeUndefined();
  });

  test('US dollars: whole dollars without cents, else two decimals with a decimal comma', () => {
    expect(formatUsd(100)).toBe('$100');
    expect(formatUsd(12.5)).toBe('$12,50');
    expect(formatUsd(0)).toBe('$0');
  });
});
