import { lineAmount } from '../../../../../src/islands/account/shared/product-lines';

describe("an invoice line's amount", () => {
  it('is quantity times price, customs and delivery', () => {
    expect(lineAmount({ quantity: 2, costPrice: 1200, customsPrice: 180, deliveryPrice: 90 })).toBe(2940);
  });

  it('is added in whole cents, so it never shows a float remainder', () => {
    // In floats 3 * (0.1 + 0.2) is 0.9000000000000001, and 1.15 * 3 + ... drifts the same way.
    expect(lineAmount({ quantity: 3, costPrice: 0.1, customsPrice: 0.2, deliveryPrice: 0 })).toBe(0.9);
    expect(lineAmount({ quantity: 7, costPrice: 19.99, customsPrice: 1.15, deliveryPrice: 0.07 })).toBe(148.47);
  });
});
