import { atom } from 'nanostores';
import { payOrder, startPayment } from '../api/cards';
import { getOrder, ORDER_STATUSES } from '../api/orders';
import { accountMessages } from '../account-messages';
import { isAllowedPaymentRedirect } from '../payment-redirect';
import { refreshOrders } from './orders';
import { pathTo } from './router';

/** Where the payment of the order on screen stands: `leaving` while the browser goes to the provider's page. */
export type PaymentStatus = 'idle' | 'paying' | 'leaving' | 'paid';

/** The payment of the order on screen. */
export const $payment = atom<PaymentStatus>('idle');

const PAID_ON: readonly string[] = ORDER_STATUSES.slice(ORDER_STATUSES.indexOf('paid'), ORDER_STATUSES.indexOf('delivered') + 1);

function failed(): Error {
  $payment.set('idle');
  return new Error(accountMessages.paymentFailed);
}

/**
 * Pays an order's quote with a saved card: POST /payments, then the card payment. When the service names a provider
 * page on an allowed host, resolves with it for the screen to go to; without one, the order is read again and counts
 * as paid only when the service says so. Anything else rejects with 'Failed to initiate payment with PayFast'.
 */
export async function payForOrder(orderId: number, cardId: number): Promise<string | undefined> {
  if ($payment.get() !== 'idle') return undefined;
  $payment.set('paying');
  const page = `${window.location.origin}${pathTo('quotePayment', { id: String(orderId) })}`;
  let location: string | undefined;
  try {
    await startPayment();
    ({ location } = await payOrder(orderId, cardId, { returnUrl: `${page}?success=true`, cancelUrl: `${page}?cancel=true` }));
  } catch {
    throw failed();
  }
  if (location !== undefined) {
    if (!isAllowedPaymentRedirect(location)) throw failed();
    $payment.set('leaving');
    return location;
  }
  let status: string;
  try {
    ({ status } = await getOrder(orderId));
  } catch {
    throw failed();
  } finally {
    // The status may have moved on the server either way: the lists and the page read it again in the background.
    refreshOrders();
  }
  if (!PAID_ON.includes(status)) throw failed();
  $payment.set('paid');
  return undefined;
}

/** The shopper is back from the provider's page having paid: the success dialog shows, and the order is read again. */
export function returnedPaid(): void {
  $payment.set('paid');
  refreshOrders();
}

/** Forgets a finished payment (leaving the page). */
export function resetPayment(): void {
  $payment.set('idle');
}
