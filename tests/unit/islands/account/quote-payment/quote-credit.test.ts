import { describe, expect, it } from 'vitest';
import type { Checkout, Quote } from '../../../../../src/lib/api/orders';
import { formatRand } from '../../../../../src/lib/format';
import { checkoutCostExtras } from '../../../../../src/lib/stores/checkout';
import { creditSplit, paymentChoice, quoteCostExtras, type QuoteChoice } from '../../../../../src/lib/stores/quote-choice';
import { creditOffer, payBar, quotePageView } from '../../../../../src/islands/account/quote-payment/quote-page';
import { anOrder } from '../../../order-fixture';

// Issue 56 point 3 on the quote page: 'Use my credit (R…)' takes min(balance, total) off what is paid now, in cents.

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const QUOTE: Quote = { feesCost: 150, serviceFeeCost: 185, subTotal: 925, totalVat: 138.75, total: 1063.75, quotedAt: new Date(NOW - 3_600_000).toISOString() };
const withCredit = (balance: number, quote: Quote = QUOTE): Quote => ({ ...quote, credit: { balance } });
const SPEEDS: Quote = { ...QUOTE, shippingOptions: [{ id: 'express', label: 'Express', price: 350, minDays: 3, maxDays: 5 }] };
const unticked: QuoteChoice = { insure: false, confirmed: false };
const ticked: QuoteChoice = { ...unticked, useCredit: true };
const order = anOrder({ id: 12, status: 'processing' });
const viewOf = (quote: Quote, status = 'processing') => quotePageView({ order: { ...order, status }, quote, products: [] }, NOW, { loading: false });

describe('the credit split: min(balance, total), to the cent', () => {
  it('takes the whole balance off a larger total and leaves the rest to pay now', () => {
    expect(creditSplit(1063.75, 500.1)).toEqual({ used: 500.1, toPay: 563.65 });
    // Floating point would leave 0.1 + 0.2 style dust: cents never do.
    expect(creditSplit(0.3, 0.1)).toEqual({ used: 0.1, toPay: 0.2 });
    expect(creditSplit(100.7, 0.1)).toEqual({ used: 0.1, toPay: 100.6 });
  });

  it('takes only the total when the balance covers it, and nothing from no balance', () => {
    expect(creditSplit(1063.75, 1203.5)).toEqual({ used: 1063.75, toPay: 0 });
    expect(creditSplit(1063.75, 1063.75)).toEqual({ used: 1063.75, toPay: 0 });
    expect(creditSplit(1063.75, 0)).toEqual({ used: 0, toPay: 1063.75 });
  });
});

describe('the cost summary with the credit', () => {
  it("ticked: 'Store credit' taken off the total and 'To pay now', after the quote's own lines", () => {
    expect(quoteCostExtras({ quote: withCredit(500) }, ticked)).toEqual({
      rows: [],
      totals: { subTotal: 925, totalVat: 138.75, total: 1063.75 },
      after: [
        ['Store credit', -500],
        ['To pay now', 563.75],
      ],
    });
  });

  it('follows the chosen speed: the credit comes off the total with VAT on the new sub-total', () => {
    // 925 + 350 = 1275 before VAT; VAT 191.25; total 1466.25.
    expect(quoteCostExtras({ quote: withCredit(1203.5, SPEEDS) }, { ...ticked, shippingId: 'express' })?.after).toEqual([
      ['Store credit', -1203.5],
      ['To pay now', 262.75],
    ]);
  });

  it("unticked, or a quote without credit: today's summary", () => {
    expect(quoteCostExtras({ quote: withCredit(500) }, unticked)).toBeUndefined();
    expect(quoteCostExtras({ quote: QUOTE }, ticked)).toBeUndefined();
    expect(quoteCostExtras({ quote: withCredit(500, SPEEDS) }, unticked)).not.toHaveProperty('after');
  });

  it("the invoice: 'Credit used' and 'Paid by card / PayFast' when the checkout used credit; no card line when the credit paid it all", () => {
    const checkout: Checkout = { shippingOptionId: '', shippingPrice: 0, insured: false, insurancePremium: null, declarationConfirmedAt: '', subTotal: 925, totalVat: 138.75, total: 1063.75 };
    expect(checkoutCostExtras({ ...checkout, creditUsed: 500, paidNow: 563.75 })?.after).toEqual([
      ['Credit used', 500],
      ['Paid by card / PayFast', 563.75],
    ]);
    expect(checkoutCostExtras({ ...checkout, creditUsed: 1063.75, paidNow: 0 })?.after).toEqual([['Credit used', 1063.75]]);
    expect(checkoutCostExtras(checkout)).not.toHaveProperty('after');
  });
});

describe("'Use my credit' on the quote page", () => {
  it('offers the box with the balance in rand while the quote can be paid and carries credit', () => {
    const quote = withCredit(1203.5);
    const offer = creditOffer(viewOf(quote), { order, quote }, undefined, unticked);
    expect(offer).toEqual({ label: `Use my credit (${formatRand(1203.5)})`, covers: false, payLabel: 'Pay R0 with my credit', question: 'Pay R0 of your store credit for order 12?' });
    expect(offer?.label).toMatch(/^Use my credit \(R1\s203,50\)$/);
  });

  it("no box without credit, for an expired quote or a paid order: today's quote", () => {
    expect(creditOffer(viewOf(QUOTE), { order, quote: QUOTE }, undefined, ticked)).toBeUndefined();
    const expired = { ...withCredit(500), quotedAt: new Date(NOW - 49 * 3_600_000).toISOString() };
    expect(creditOffer(viewOf(expired), { order, quote: expired }, undefined, ticked)).toBeUndefined();
    expect(creditOffer(viewOf(withCredit(500), 'paid'), { order, quote: withCredit(500) }, undefined, ticked)).toBeUndefined();
  });

  it('partly: the card picker stays; the pay bar shows what is left to pay now and submits the card form', () => {
    const quote = withCredit(500);
    const view = viewOf(quote);
    const offer = creditOffer(view, { order, quote }, undefined, ticked);
    expect(offer).toMatchObject({ split: { used: 500, toPay: 563.75 }, covers: false });
    expect(payBar(view, quote, undefined, undefined, offer)).toEqual({ term: 'To pay now', total: formatRand(563.75), label: 'Make Payment', disabled: false, action: 'card' });
    expect(paymentChoice({ quote, products: [] }, ticked)).toEqual({ useCredit: true });
    expect(paymentChoice({ quote, products: [] }, unticked)).toEqual({});
  });

  it("wholly: one button 'Pay R… with my credit' asks 'Pay R… of your store credit for order N?', in the bar too", () => {
    const quote = withCredit(1203.5, SPEEDS);
    const view = viewOf(quote);
    const choice = { ...ticked, shippingId: 'express' };
    const extras = quoteCostExtras({ quote }, choice);
    expect(creditOffer(view, { order, quote }, extras, choice)?.covers).toBe(false);
    const economy = withCredit(1203.5);
    const offer = creditOffer(viewOf(economy), { order, quote: economy }, undefined, ticked);
    expect(offer).toMatchObject({ covers: true, payLabel: `Pay ${formatRand(1063.75)} with my credit`, question: `Pay ${formatRand(1063.75)} of your store credit for order 12?` });
    expect(payBar(viewOf(economy), economy, undefined, undefined, offer)).toMatchObject({ term: 'To pay now', total: 'R0', label: offer?.payLabel, action: 'credit' });
    const paying = quotePageView({ order, quote: economy, products: [] }, NOW, { loading: true });
    expect(payBar(paying, economy, undefined, undefined, offer)).toMatchObject({ label: 'Paying…', disabled: true });
  });

  it('unticked, the pay bar and the total are the quote’s own', () => {
    const quote = withCredit(1203.5);
    const offer = creditOffer(viewOf(quote), { order, quote }, undefined, unticked);
    expect(payBar(viewOf(quote), quote, undefined, undefined, offer)).toMatchObject({ term: 'Total', total: formatRand(1063.75), label: 'Make Payment', action: 'card' });
  });
});
