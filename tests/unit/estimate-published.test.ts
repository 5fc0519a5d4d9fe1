import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { estimate, MINIMUM_ORDER_USD, type EstimateItem, type ShopCurrency } from '../../src/lib/estimate';
import { formatRand } from '../../src/lib/format';

/** The entries of one of the estimator's content files (a YAML list of flat maps, as the studio writes them). */
function entries(file: string): Record<string, string>[] {
  const text = readFileSync(new URL(`../../src/content/estimate/${file}`, import.meta.url), 'utf8');
  const list: Record<string, string>[] = [];
  for (const line of text.split('\n')) {
    const match = /^(- | {2})(\w+): (.*)$/.exec(line);
    if (!match) continue;
    if (match[1] === '- ') list.push({});
    list.at(-1)![match[2]!] = match[3]!.trim();
  }
  return list;
}

const rates = Object.fromEntries(entries('exchange-rates.yaml').map((e) => [e.id, Number(e.rate)])) as Record<ShopCurrency, number>;
const duty = Object.fromEntries(entries('duty-rates.yaml').map((e) => [e.name, Number(e.rate)]));
const bands = entries('shipping-bands.yaml').map((e) => ({ maxKg: Number(e.maxKg), price: Number(e.price) }));
const feeUsd = Number(entries('fees.yaml')[0]?.amountUsd);

/** The estimate /estimate/ shows for these items at the published rates (or a rate the shopper typed), for a 1 kg parcel. */
function shown(currency: ShopCurrency, items: EstimateItem[], rate = rates[currency]) {
  return estimate({ currency, items, rate, usdRate: rates.USD, weightKg: 1, bands, feeUsd });
}

/** formatRand's text with any (no-break) space written as a plain one, as the e2e compared it. */
const rand = (amount: number | null): string => formatRand(amount).replace(/[\s\u00a0]/g, ' ');

describe('the published rates the calculator starts from', () => {
  test('US dollar R17.45, British pound R22.95, euro R20.15; clothing 45 %, electronics 0 %; 1 kg ships for R450; the fee is $10', () => {
    expect(rates).toEqual({ USD: 17.45, GBP: 22.95, EUR: 20.15 });
    expect(duty.Clothing).toBe(45);
    expect(duty['Electronics (phones, laptops, tablets)']).toBe(0);
    expect(bands.find((b) => b.maxKg === 1)?.price).toBe(450);
    expect(feeUsd).toBe(10);
  });
});

describe('the calculator at the published rates', () => {
  const clothing = [{ price: 60, quantity: 2, dutyPercent: duty.Clothing! }];

  test('$60 × 2 of clothing: every line and the total in rand', () => {
    // $120 at R17.45 = R2 094.00; duty 45 % = R942.30; VAT 15 % of (2 094.00 + 209.40 + 942.30) = R486.86;
    // 1 kg ships for R450.00; the $10 fee is R174.50.
    const result = shown('USD', clothing);
    expect(rand(result.customsValue)).toBe('R2 094,00');
    expect(rand(result.duty)).toBe('R942,30');
    expect(rand(result.vat)).toBe('R486,86');
    expect(rand(result.shipping)).toBe('R450,00');
    expect(rand(result.fee)).toBe('R174,50');
    expect(rand(result.total)).toBe('R4 147,66');
  });

  test('$120 of items is over the $100 minimum, so the minimum is not shown', () => {
    expect(shown('USD', clothing).belowMinimum).toBe(false);
    expect(shown('USD', clothing).itemsUsd).toBeGreaterThanOrEqual(MINIMUM_ORDER_USD);
  });

  test('a typed rate of R18 changes the customs value, the fee and the total', () => {
    // R2 160.00 + R972.00 + VAT 15 % of 3 348.00 = R502.20 + R450.00 + $10 × 18 = R180.00.
    const result = shown('USD', clothing, 18);
    expect(rand(result.customsValue)).toBe('R2 160,00');
    expect(rand(result.fee)).toBe('R180,00');
    expect(rand(result.total)).toBe('R4 264,20');
  });

  test('£20 of clothing is under the $100 minimum: R459.00 with R206.55 duty', () => {
    const result = shown('GBP', [{ price: 20, quantity: 1, dutyPercent: duty.Clothing! }]);
    expect(rand(result.customsValue)).toBe('R459,00');
    expect(rand(result.duty)).toBe('R206,55');
    expect(result.belowMinimum).toBe(true);
  });

  test('£20 of clothing and £100 of electronics, each with its own duty: R2 754.00, duty R206.55, over the minimum', () => {
    // £20 clothing = R459.00 with R206.55 duty; £100 electronics = R2 295.00 without duty.
    const result = shown('GBP', [
      { price: 20, quantity: 1, dutyPercent: duty.Clothing! },
      { price: 100, quantity: 1, dutyPercent: duty['Electronics (phones, laptops, tablets)']! },
    ]);
    expect(rand(result.customsValue)).toBe('R2 754,00');
    expect(rand(result.duty)).toBe('R206,55');
    expect(result.belowMinimum).toBe(false);
  });
});
