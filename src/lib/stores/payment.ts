import { atom } from 'nanostores';
import { payOrder, startPayment } from '../api/cards';
import { accountMessages } from '../account-messages';
import { refreshOrders } from './orders';

/** Where the payment of the order on screen stands. */
export type PaymentStatus = 'idle' | 'paying' | 'paid';

/** The payment of the order on screen. */
export const $payment = atom<PaymentStatus>('idle');

/** Pays an order's quote with a saved card (POST /payments, then the card payment); rejects with 'Failed to initiate payment with PayFast'. */
export async function payForOrder(orderId: number, cardId: number): Promise<void> {
  if ($payment.get() === 'paying') return;
  $payment.set('paying');
  try {
    await startPayment();
    await payOrder(orderId, cardId);
  } catch {
    $payment.set('idle');
    throw new Error(accountMessages.paymentFailed);
  }
  $payment.set('paid');
  // The status moved on the server: the lists and the page read it again in the background.
  refreshOrders();
}

/** Forgets a finished payment (leaving the page). */
export function resetPayment(): void {
  $payment.set('idle');
}
