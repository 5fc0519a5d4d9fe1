import { describe, expect, it } from 'vitest';
import { paymentLocation } from '../../../../../src/lib/api/cards';
import { ApiError } from '../../../../../src/lib/api/errors';
import type { OrderProduct, Quote } from '../../../../../src/lib/api/orders';
import { accountMessages } from '../../../../../src/lib/account-messages';
import { formatRand } from '../../../../../src/lib/format';
import { QUOTE_VALID_MS } from '../../../../../src/lib/quote-clock';
import {
  cancelTarget,
  cardChoiceError,
  canDeleteProducts,
  contactHref,
  isPaying,
  isQuoteExpired,
  payBar,
  payLabel,
  paymentPart,
  paymentStep,
  quotePageView,
  removedMessage,
  type PaymentState,
} from '../../../../../src/islands/account/quote-payment/quote-page';
import { anOrder } from '../../../order-fixture';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const PAYFAST = 'https://www.payfast.co.za/eng/process?uuid=abc';

/** A quote issued `hours` before NOW; `quotedAt: ''` is a quote from a server that sends no time. */
function quoteFrom(hours: number | undefined): Quote {
  const quotedAt = hours === undefined ? '' : new Date(NOW - hours * HOUR).toISOString();
  return { feesCost: 150, serviceFeeCost: 185, subTotal: 925, totalVat: 138.75, total: 1063.75, quotedAt };
}

const product = (id: number, name: string): OrderProduct => ({
  id, name, description: '', quantity: 1, comment: '', costPrice: 0, customsPrice: 0, deliveryPrice: 0, serviceFee: 0, screenshot: '',
});
const twoProducts = [product(1, 'Kindle Paperwhite'), product(2, 'Kindle cover')];
const idle: PaymentState = { loading: false };

/** The quote page's view of order 7 (Amazon) with this status and quote, at NOW. */
function viewOf(status: string, quote: Quote | null, payment: PaymentState = idle, products = twoProducts) {
  return quotePageView({ order: anOrder({ id: 7, status }), quote, products }, NOW, payment);
}

describe('the payment part of the quote page', () => {
  it('a quote issued 47 hours ago can be paid: the card picker, Make Payment enabled, the clock beside the cost summary', () => {
    const view = viewOf('processing', quoteFrom(47));
    expect(view.part).toEqual({ kind: 'pay' });
    expect(view.canPay).toBe(true);
    expect(view.paying).toBe(false);
    expect(view.showDeadline).toBe(true);
  });

  it("a quote issued 49 hours ago is expired: 'This quote has expired.' with Make Payment disabled and Query Order", () => {
    const view = viewOf('processing', quoteFrom(49));
    expect(view.part).toEqual({ kind: 'expired' });
    expect(view.canPay).toBe(false);
    expect(view.queryHref).toBe('/contact-us/?title=Order+7+-+Amazon');
  });

  it('expires exactly 48 hours after it was issued, not a millisecond before', () => {
    const issued = new Date(NOW).toISOString();
    expect(isQuoteExpired({ quotedAt: issued }, NOW + QUOTE_VALID_MS - 1)).toBe(false);
    expect(isQuoteExpired({ quotedAt: issued }, NOW + QUOTE_VALID_MS)).toBe(true);
    expect(paymentPart({ status: 'processing' }, { quotedAt: issued }, NOW + QUOTE_VALID_MS)).toEqual({ kind: 'expired' });
  });

  it('a quote without a time (an older server) never expires and pays as before', () => {
    expect(isQuoteExpired(quoteFrom(undefined), NOW + 1000 * HOUR)).toBe(false);
    const view = viewOf('processing', quoteFrom(undefined));
    expect(view.part).toEqual({ kind: 'pay' });
    expect(view.canPay).toBe(true);
  });

  it("a placed order, or a processing one whose quote is not in, says 'You can pay once the quote has arrived.'", () => {
    expect(viewOf('placed', null).part).toEqual({ kind: 'awaiting-quote' });
    expect(viewOf('processing', null).part).toEqual({ kind: 'awaiting-quote' });
    expect(viewOf('placed', null).canPay).toBe(false);
    expect(viewOf('placed', null).showDeadline).toBe(false);
  });

  it('any later status is closed, naming its status for the invoice link', () => {
    for (const status of ['paid', 'in transit', 'delivered', 'return']) {
      const view = viewOf(status, quoteFrom(1));
      expect(view.part, status).toEqual({ kind: 'closed', status });
      expect(view.canPay, status).toBe(false);
      expect(view.showDeadline, status).toBe(false);
    }
  });
});

describe('paying from the quote page', () => {
  it("says 'Paying…' while the write is in flight and while the browser leaves for PayFast", () => {
    expect(isPaying({ loading: true })).toBe(true);
    expect(isPaying({ loading: false, data: { status: 'leaving', location: PAYFAST } })).toBe(true);
    expect(isPaying({ loading: false, data: { status: 'paid' } })).toBe(false);
    expect(isPaying(idle)).toBe(false);
    expect(viewOf('processing', quoteFrom(1), { loading: true }).paying).toBe(true);
  });

  it('an allowed provider page is left for, after the toast', () => {
    expect(paymentStep({ data: { status: 'leaving', location: PAYFAST } })).toEqual({ kind: 'leave', location: PAYFAST });
  });

  it("paid here shows 'Your Payment was a Success!'", () => {
    expect(paymentStep({ data: { status: 'paid' } })).toEqual({ kind: 'none' });
    expect(viewOf('processing', quoteFrom(1), { loading: false, data: { status: 'paid' } }).paidDialog).toBe(true);
  });

  it("a failed payment (no provider page and the order not paid, or a refused host) toasts 'Failed to initiate payment with PayFast', shows no dialog and leaves Make Payment enabled", () => {
    // A 2xx answer naming no provider page: the store reads the order again and fails when it is not paid.
    expect(paymentLocation({ status: 'accepted' })).toBeUndefined();
    const failed = new ApiError(accountMessages.paymentFailed, 'unknown');
    expect(paymentStep({ error: failed })).toEqual({ kind: 'failed', message: 'Failed to initiate payment with PayFast' });
    const view = viewOf('processing', quoteFrom(1), { loading: false });
    expect(view.paidDialog).toBe(false);
    expect(view.paying).toBe(false);
    expect(view.canPay).toBe(true);
  });

  it('a second press while one payment is in flight does nothing', () => {
    expect(paymentStep(undefined)).toEqual({ kind: 'none' });
  });
});

describe('the card picker', () => {
  it("asks for a card with 'Must select a card' until one is chosen; paying another way needs none", () => {
    expect(cardChoiceError(0)).toBe('Must select a card');
    expect(cardChoiceError(4)).toBeUndefined();
  });
});

describe('paying another way, and coming back from PayFast', () => {
  it("offers 'Pay another way' beside the cards whenever the quote can be paid, and not otherwise", () => {
    expect(viewOf('processing', quoteFrom(1)).otherWay).toBe('offered');
    expect(viewOf('processing', quoteFrom(49)).otherWay).toBe('none');
    expect(viewOf('placed', null).otherWay).toBe('none');
    expect(viewOf('paid', quoteFrom(1)).otherWay).toBe('none');
  });

  it("a service without the hosted payment (404 or 405): the option says it is not available, and Make Payment stays", () => {
    expect(paymentStep({ data: { status: 'unavailable' } })).toEqual({
      kind: 'failed',
      message: 'Paying another way is not available at the moment: please pay with a saved card.',
    });
    const view = viewOf('processing', quoteFrom(1), { loading: false, data: { status: 'unavailable' } });
    expect(view.otherWay).toBe('unavailable');
    expect(view.canPay).toBe(true);
    expect(view.paying).toBe(false);
  });

  it.each([
    ['cancelled', 'Payment cancelled: nothing was charged, and you can pay when you are ready.'],
    ['failed', 'Your payment did not go through: PayFast says it failed, and nothing was charged.'],
    ['ended', 'That payment was stopped and nothing was charged: the order or its quote changed while you were paying. Check the quote below.'],
    ['unconfirmed', 'PayFast has not confirmed a payment for this order, so it is not marked paid. If you did pay, it shows here once PayFast confirms it.'],
  ] as const)('back %s: says so, offers to try again or pay another way, and the deadline still shows', (status, message) => {
    const view = viewOf('processing', quoteFrom(1), { loading: false, data: { status } });
    expect(view.returnNotice).toBe(`${message} Try again with a saved card, or pay another way.`);
    expect(view).toMatchObject({ canPay: true, paying: false, paidDialog: false, otherWay: 'offered', showDeadline: true });
  });

  it('back paid: the dialog, no notice', () => {
    const view = viewOf('processing', quoteFrom(1), { loading: false, data: { status: 'paid' } });
    expect(view).toMatchObject({ paidDialog: true, returnNotice: undefined });
  });

  it('no notice once the quote cannot be paid (expired)', () => {
    expect(viewOf('processing', quoteFrom(49), { loading: false, data: { status: 'failed' } }).returnNotice).toBeUndefined();
  });
});

describe('the rest of the quote page', () => {
  it('offers Delete while the order is open and two products are left, not for the last one', () => {
    expect(canDeleteProducts({ status: 'processing' }, twoProducts)).toBe(true);
    expect(canDeleteProducts({ status: 'placed' }, twoProducts)).toBe(true);
    expect(canDeleteProducts({ status: 'processing' }, twoProducts.slice(0, 1))).toBe(false);
    expect(canDeleteProducts({ status: 'paid' }, twoProducts)).toBe(false);
    expect(viewOf('processing', quoteFrom(1), idle, twoProducts.slice(1)).canDelete).toBe(false);
  });

  it("names the removed product in the undo toast: '<name> removed'", () => {
    expect(removedMessage({ name: 'Kindle cover' }, 'Kindle cover')).toBe('Kindle cover removed');
    expect(removedMessage({ name: 'Kindle cover' }, '')).toBe('Kindle cover removed');
    expect(removedMessage({ name: 'Kindle cover' }, undefined)).toBe('Kindle cover removed');
  });

  it('prefills the contact page with the order title for Query Order', () => {
    expect(contactHref('Order 12 - Amazon')).toBe('/contact-us/?title=Order+12+-+Amazon');
    expect(contactHref('Order 3 - H&M')).toBe('/contact-us/?title=Order+3+-+H%26M');
    expect(viewOf('processing', quoteFrom(1)).queryHref).toBe('/contact-us/?title=Order+7+-+Amazon');
  });

  it('Cancel Order goes back, or to the order history from a deep link', () => {
    expect(cancelTarget(2)).toBe('back');
    expect(cancelTarget(1)).toBe('orderHistory');
  });
});

describe('the pay bar of a narrow screen (issue 55)', () => {
  const choiceTotals = { totals: { subTotal: 1000, totalVat: 150, total: 1150 } };

  it('shows the total following the choices, else the quote\'s own, and Make Payment ready to press', () => {
    const view = viewOf('processing', quoteFrom(1));
    expect(payBar(view, quoteFrom(1), undefined, undefined)).toEqual({ term: 'Total', total: formatRand(1063.75), label: 'Make Payment', disabled: false, action: 'card' });
    expect(payBar(view, quoteFrom(1), choiceTotals, undefined)?.total).toBe(formatRand(1150));
  });

  it('says what must be done first and holds the button while a choice is missing or a payment is under way', () => {
    expect(payBar(viewOf('processing', quoteFrom(1)), quoteFrom(1), undefined, 'Choose a shipping speed')).toMatchObject({ disabled: true, note: 'Choose a shipping speed' });
    const paying = payBar(viewOf('processing', quoteFrom(1), { loading: true }), quoteFrom(1), undefined, undefined);
    expect(paying).toMatchObject({ label: 'Paying…', disabled: true });
    expect([payLabel(false), payLabel(true)]).toEqual(['Make Payment', 'Paying…']);
  });

  it('is not there when nothing can be paid: an expired quote, no quote yet, a closed order', () => {
    expect(payBar(viewOf('processing', quoteFrom(49)), quoteFrom(49), undefined, undefined)).toBeUndefined();
    expect(payBar(viewOf('placed', null), null, undefined, undefined)).toBeUndefined();
    expect(payBar(viewOf('paid', quoteFrom(1)), quoteFrom(1), undefined, undefined)).toBeUndefined();
  });
});
