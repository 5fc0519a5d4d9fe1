import { payOrder, startPayment } from '../api/cards';
import { getOrder, ORDER_STATUSES } from '../api/orders';
import { accountMessages } from '../account-messages';
import { isAllowedPaymentRedirect } from '../payment-redirect';
import { ORDERS_KEY, refreshOrders } from './orders';
import { createWriteStore } from './query';
import { pathTo } from './router';

/** How a payment ended well: the provider's page the browser is leaving for, or paid here. */
type PaymentOutcome = { status: 'leaving'; location: string } | { status: 'paid' };

const PAID_ON: readonly string[] = ORDER_STATUSES.slice(ORDER_STATUSES.indexOf('paid'), ORDER_STATUSES.indexOf('delivered') + 1);

/**
 * The payment of the order on screen with a saved card: POST /payments, then the card payment. When the service names a
 * provider page on an allowed host, the outcome is to leave for it; without one, the order is read again and counts as
 * paid only when the service says so. Anything else fails with 'Failed to initiate payment with PayFast'. The order
 * reads are asked again after, in the background; `data` keeps the outcome for the screen.
 */
export const $payment = createWriteStore<{ orderId: number; cardId: number }, PaymentOutcome>(
  async ({ orderId, cardId }) => {
    const page = `${window.location.origin}${pathTo('quotePayment', { id: String(orderId) })}`;
    await startPayment();
    const { location } = await payOrder(orderId, cardId, { returnUrl: `${page}?success=true`, cancelUrl: `${page}?cancel=true` });
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

/** The shopper is back from the provider's page having paid: the success dialog shows, and the order is read again. */
export function returnedPaid(): void {
  $payment.set({ loading: $payment.get().loading, data: { status: 'paid' } });
  refreshOrders();
}

/** Forgets a finished payment (leaving the page); one still in flight stays in flight. */
export function resetPayment(): void {
  $payment.set({ loading: $payment.get().loading });
}
