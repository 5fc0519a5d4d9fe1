import type { Order, OrderProduct, Quote } from '../../../lib/api/orders';
import { accountMessages } from '../../../lib/account-messages';
import { errorMessage } from '../../../lib/error-message';
import { formatRand, orderTitle } from '../../../lib/format';
import { quoteClock } from '../../../lib/quote-clock';
import type { CostExtras } from '../../../lib/stores/checkout';
import { isOpenOrder, type OrderDetail } from '../../../lib/stores/order-detail';
import type { PaymentOutcome } from '../../../lib/stores/payment';
import { creditUse, type CreditSplit, type QuoteChoice } from '../../../lib/stores/quote-choice';

/**
 * The payment part of the quote page: an expired quote (Make Payment disabled, Query Order offered), the card picker,
 * 'You can pay once the quote has arrived.' while no quote is in, or the closed order's status with its invoice link.
 */
export type PaymentPart = { kind: 'expired' } | { kind: 'pay' } | { kind: 'awaiting-quote' } | { kind: 'closed'; status: string };

/** A payment write as the page reads it: in flight, and how the last one ended. */
export interface PaymentState {
  loading: boolean;
  data?: PaymentOutcome;
}

/** Everything the quote page shows and enables, from the order, the clock and the payment in flight. */
export interface QuotePageView {
  part: PaymentPart;
  /** Make Payment may be pressed (a card must still be chosen). */
  canPay: boolean;
  /** Make Payment says 'Paying…': the write is in flight, or the browser is leaving for the provider's page. */
  paying: boolean;
  /** Each product offers Delete: the order is open and more than one product is left. */
  canDelete: boolean;
  /** The quote clock ('Valid until …' or 'This quote has expired.') shows beside the cost summary. */
  showDeadline: boolean;
  /** The 'Your Payment was a Success!' dialog shows. */
  paidDialog: boolean;
  /** The Query Order link: the contact page prefilled with the order's title. */
  queryHref: string;
  /** Back from the provider's page unpaid: what the service says happened, and that the shopper may try again or pay another way; or why the service refused the shopper's choices of the quote. */
  returnNotice?: string;
  /** 'Pay another way' on PayFast's own page: offered, said to be unavailable (the service lacks it), or not shown (nothing to pay). */
  otherWay: 'offered' | 'unavailable' | 'none';
}

/** The quote page's own messages about paying another way and coming back (issue 45), here so that no other page loads them. */
export const paymentMessages = {
  declined: 'Your payment did not go through: PayFast says it failed, and nothing was charged.',
  ended: 'That payment was stopped and nothing was charged: the order or its quote changed while you were paying. Check the quote below.',
  unconfirmed:
    'PayFast has not confirmed a payment for this order, so it is not marked paid. If you did pay, it shows here once PayFast confirms it.',
  tryAgain: 'Try again with a saved card, or pay another way.',
  otherWayUnavailable: 'Paying another way is not available at the moment: please pay with a saved card.',
} as const;

const RETURN_NOTICES: Partial<Record<string, string>> = {
  cancelled: accountMessages.paymentCancelled,
  failed: paymentMessages.declined,
  ended: paymentMessages.ended,
  unconfirmed: paymentMessages.unconfirmed,
};

/** Payment: a card must be chosen ('Must select a card', SPEC section 5), the card picker's one rule; undefined once one is. */
export function cardChoiceError(cardId: number): string | undefined {
  return cardId > 0 ? undefined : 'Must select a card';
}

/** The contact page prefilled with a query title (the contact page reads ?title=). */
export function contactHref(title: string): string {
  return `/contact-us/?${new URLSearchParams({ title }).toString()}`;
}

/** True when the quote's 48 hours are over; a quote without a readable time never expires here (older servers). */
export function isQuoteExpired(quote: Pick<Quote, 'quotedAt'> | null, now: number): boolean {
  return quote ? quoteClock(quote.quotedAt, now)?.expired === true : false;
}

/** Which payment part an order shows at `now`. */
export function paymentPart(order: Pick<Order, 'status'>, quote: Pick<Quote, 'quotedAt'> | null, now: number): PaymentPart {
  if (order.status === 'processing' && quote) return isQuoteExpired(quote, now) ? { kind: 'expired' } : { kind: 'pay' };
  if (isOpenOrder(order)) return { kind: 'awaiting-quote' };
  return { kind: 'closed', status: order.status };
}

/** True while a payment is in flight or the browser is on its way to the provider's page. */
export function isPaying(payment: PaymentState): boolean {
  return payment.loading || payment.data?.status === 'leaving';
}

/** True when the shopper may delete a product: the order is still open and it is not the last product. */
export function canDeleteProducts(order: Pick<Order, 'status'>, products: readonly unknown[]): boolean {
  return isOpenOrder(order) && products.length > 1;
}

/** What the quote page shows and enables for this order at `now`, with this payment state. */
export function quotePageView({ order, quote, products }: OrderDetail, now: number, payment: PaymentState): QuotePageView {
  const part = paymentPart(order, quote, now);
  const status = payment.data?.status ?? '';
  const notice = part.kind === 'pay' ? RETURN_NOTICES[status] : undefined;
  // A refusal of the pickup point shows beside the point (quote-delivery.ts), not here.
  const refusal = part.kind === 'pay' && payment.data?.status === 'refused' && !payment.data.pickup ? payment.data.message : undefined;
  return {
    returnNotice: refusal ?? (notice && `${notice} ${paymentMessages.tryAgain}`),
    otherWay: part.kind !== 'pay' ? 'none' : status === 'unavailable' ? 'unavailable' : 'offered',
    part,
    canPay: part.kind === 'pay',
    paying: isPaying(payment),
    canDelete: canDeleteProducts(order, products),
    showDeadline: order.status === 'processing',
    paidDialog: payment.data?.status === 'paid',
    queryHref: contactHref(orderTitle(order)),
  };
}

/** Make Payment's words: 'Paying…' while the payment is under way. */
export function payLabel(paying: boolean): string {
  return paying ? 'Paying…' : 'Make Payment';
}

/** 'Use my credit' on a quote that carries store credit (issue 56). */
export interface CreditOffer {
  /** The box's words with the balance, e.g. 'Use my credit (R1 203,50)'. */
  label: string;
  /** Ticked: what the credit pays of the total with the choices and what is left to pay now; undefined unticked. */
  split?: CreditSplit;
  /** Ticked and the credit covers the whole total: one confirmed press pays it, no card (pay_with_credit). */
  covers: boolean;
  /** The button that pays with the credit alone, e.g. 'Pay R3 110,75 with my credit'. */
  payLabel: string;
  /** Its confirmation, e.g. 'Pay R3 110,75 of your store credit for order 12?'. */
  question: string;
}

/** The credit offer while the quote can be paid and carries credit; undefined otherwise (today's quote). `extras` are the choices' cost lines (their totals, else the quote's). */
export function creditOffer(
  view: Pick<QuotePageView, 'canPay'>,
  { order, quote }: { order: Pick<Order, 'id'>; quote: Pick<Quote, 'total' | 'credit'> | null },
  extras: Pick<CostExtras, 'totals'> | undefined,
  choice: QuoteChoice,
): CreditOffer | undefined {
  if (!view.canPay || !quote?.credit) return undefined;
  const split = creditUse({ quote }, choice, extras?.totals.total ?? quote.total);
  const used = formatRand(split?.used ?? 0);
  return {
    label: `Use my credit (${formatRand(quote.credit.balance)})`,
    ...(split && { split }),
    covers: split !== undefined && split.toPay === 0 && split.used > 0,
    payLabel: `Pay ${used} with my credit`,
    question: `Pay ${used} of your store credit for order ${order.id}?`,
  };
}

/** The bar at the foot of a phone's screen (issue 55): the total following the choices (or what is left to pay now after store credit), the button's words, whether it may be pressed and why not. */
export interface PayBar {
  /** 'Total', or 'To pay now' when store credit pays part or all of it (issue 56). */
  term: string;
  total: string;
  label: string;
  disabled: boolean;
  /** What must be done before paying (the choice gate); the button is described by it. */
  note?: string;
  /** 'card': the button submits the card picker's form; 'credit': it asks to pay with the store credit alone (issue 56). */
  action: 'card' | 'credit';
}

/** The pay bar while the quote can be paid (none for an expired, missing or closed quote: nothing to press), from the page's view, the quote, the choices' totals, the gate and the credit offer. */
export function payBar(
  view: Pick<QuotePageView, 'part' | 'canPay' | 'paying'>,
  quote: Pick<Quote, 'total'> | null,
  extras: Pick<CostExtras, 'totals'> | undefined,
  gate: string | undefined,
  credit?: CreditOffer,
): PayBar | undefined {
  if (view.part.kind !== 'pay' || !quote) return undefined;
  const split = credit?.split;
  return {
    term: split ? 'To pay now' : 'Total',
    total: formatRand(split ? split.toPay : (extras?.totals.total ?? quote.total)),
    label: credit?.covers && !view.paying ? credit.payLabel : payLabel(view.paying),
    disabled: view.paying || !view.canPay || gate !== undefined,
    ...(gate ? { note: gate } : {}),
    action: credit?.covers ? 'credit' : 'card',
  };
}

/** What follows Make Payment or Pay another way: a toast with the failure, leaving for the provider's page, or nothing more (paid here shows the dialog; a press while one was in flight sent nothing). */
export type PaymentStep = { kind: 'failed'; message: string } | { kind: 'leave'; location: string } | { kind: 'none' };

/** The next step after a payment write ended with `outcome` (undefined: nothing was sent). */
export function paymentStep(outcome: { data: PaymentOutcome } | { error: unknown } | undefined): PaymentStep {
  if (!outcome) return { kind: 'none' };
  if ('error' in outcome) return { kind: 'failed', message: errorMessage(outcome.error) };
  const { data } = outcome;
  if (data.status === 'leaving') return { kind: 'leave', location: data.location };
  return data.status === 'unavailable' ? { kind: 'failed', message: paymentMessages.otherWayUnavailable } : { kind: 'none' };
}

/** The undo toast after a product was removed: '<name> removed', with the name the removal answered, else the one on screen. */
export function removedMessage(product: Pick<OrderProduct, 'name'>, answer: string | undefined): string {
  return `${answer || product.name} removed`;
}

/** Where Cancel Order goes: back where the shopper came from, or to the order history from a deep link (nowhere to go back to). */
export function cancelTarget(historyLength: number): 'back' | 'orderHistory' {
  return historyLength > 1 ? 'back' : 'orderHistory';
}
