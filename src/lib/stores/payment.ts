import { payOnProviderPage, payOrder, payWithCredit, startPayment } from '../api/cards';
import { isApiError } from '../api/errors';
import { getOrder, ORDER_STATUSES, type Order } from '../api/orders';
import type { PaymentChoice } from '../api/quote-extras';
import { accountMessages } from '../account-messages';
import { isAllowedPaymentRedirect } from '../payment-redirect';
import type { ProviderFlag } from '../provider-return';
import { ORDERS_KEY, refreshOrders } from './orders';
import { createWriteStore } from './query';
import { choiceRefusal, pickupRefusal } from './quote-choice';
import { pathTo } from './router';

/** How the shopper came back from the provider's page, as the service tells it: the order is paid, or the payment was cancelled, failed, stopped by the service (the order changed or the quote expired while it was open), or is not confirmed. */
export type ReturnStatus = 'paid' | 'cancelled' | 'failed' | 'ended' | 'unconfirmed';

/** Where a payment stands: leaving for the provider's page, back from it (or paid here), paying another way is not offered by this service, or the service refused the shopper's choices of the quote (issue 44) or the order's pickup point (issue 57: `pickup`), saying why. */
export type PaymentOutcome =
  | { status: 'leaving'; location: string }
  | { status: ReturnStatus }
  | { status: 'unavailable' }
  | { status: 'refused'; message: string; pickup?: true };

const PAID_ON: readonly string[] = ORDER_STATUSES.slice(ORDER_STATUSES.indexOf('paid'), ORDER_STATUSES.indexOf('delivered') + 1);

/**
 * The payment of the order on screen: with a saved card (POST /payments, then the card payment), or with no `cardId`
 * on PayFast's own page (Instant EFT, SnapScan and more). When the service names a provider page on an allowed host,
 * the outcome is to leave for it; a card payment without one reads the order again and counts as paid only when the
 * service says so. A service that answers the hosted payment with 404 or 405 does not offer it: the outcome says so.
 * Both send the shopper's `choice` of shipping speed, insurance and declaration; a refusal of it is the outcome, in
 * the service's words (the order reads are asked again, with the new speeds or premium). With `creditOnly` the store
 * credit pays the whole total (issue 56: pay_with_credit, no card, no provider page); a refusal (another tab spent the
 * credit) is the outcome in the service's words too, and the quote's credit is read again with the order. Anything
 * else fails with 'Failed to initiate payment with PayFast'. The order reads are asked again after.
 */
export const $payment = createWriteStore<{ orderId: number; cardId?: number; choice?: PaymentChoice; creditOnly?: boolean }, PaymentOutcome>(
  async ({ orderId, cardId, choice, creditOnly = false }) => {
    const page = `${window.location.origin}${pathTo('quotePayment', { id: String(orderId) })}`;
    const back = { returnUrl: `${page}?success=true`, cancelUrl: `${page}?cancel=true` };
    let location: string | undefined;
    try {
      if (creditOnly) await payWithCredit(orderId, choice);
      else if (cardId === undefined) {
        ({ location } = await payOnProviderPage(orderId, back, choice));
        // Paying another way is PayFast's page or nothing: an answer naming none is a failure, not a payment.
        if (location === undefined) throw new Error('The service named no payment page');
      } else {
        await startPayment();
        ({ location } = await payOrder(orderId, cardId, back, choice));
      }
    } catch (error) {
      if (!creditOnly && cardId === undefined && isApiError(error) && (error.status === 404 || error.status === 405))
        return { status: 'unavailable' };
      const point = pickupRefusal(error);
      if (point) return { status: 'refused', message: point, pickup: true };
      const refusal = choiceRefusal(error);
      if (refusal) return { status: 'refused', message: refusal };
      throw error;
    }
    if (location !== undefined) {
      if (!isAllowedPaymentRedirect(location)) throw new Error("The provider's page is not on an allowed host");
      return { status: 'leaving', location };
    }
    const { status } = await getOrder(orderId);
    if (!PAID_ON.includes(status)) throw new Error(`The order is ${status}, not paid`);
    return { status: 'paid' };
  },
  [ORDERS_KEY],
  accountMessages.paymentFailed,
);

/** What the service's order says of a payment the shopper is back from with `flag`: paid only when the order is; a failure, a stop or a cancel as the service heard it from the provider (or the cancel page); else not confirmed. */
export function returnStatus(flag: ProviderFlag, order: Pick<Order, 'status' | 'paymentStatus'>): ReturnStatus {
  if (PAID_ON.includes(order.status)) return 'paid';
  if (order.paymentStatus === 'failed' || order.paymentStatus === 'ended') return order.paymentStatus;
  return order.paymentStatus === 'cancelled' || flag === 'cancel' ? 'cancelled' : 'unconfirmed';
}

/** The shopper is back from the provider's page with `flag`: the order is read from the service, and the outcome is what it says (a read that fails confirms nothing). */
export async function returnFromProvider(orderId: number, flag: ProviderFlag): Promise<void> {
  $payment.set({ loading: true });
  let status: ReturnStatus = 'unconfirmed';
  try {
    status = returnStatus(flag, await getOrder(orderId));
  } catch {
    // Nothing is confirmed, and the page says so.
  }
  $payment.set({ loading: false, data: { status } });
  refreshOrders();
}

/** Forgets a finished payment (leaving the page); one still in flight stays in flight. */
export function resetPayment(): void {
  $payment.set({ loading: $payment.get().loading });
}
