import type { Order } from '../../../lib/api/orders';
import type { DeliveryMethod } from '../../../lib/schemas/order';
import { isOpenOrder } from '../../../lib/stores/order-detail';
import type { PaymentState } from './quote-page';
import { pickupPointView, type PickupPointView } from '../shared/pickup-point';

// "How it reaches you" on the quote (issue 57): while the order is open and the service has pickup points, the shopper
// switches between one of their addresses and a pickup point; a point that closed, or that the service refused at
// payment (closed, or too small for the parcel), is said beside it and the search opens.

/** What the quote's shipping part shows. */
export interface QuoteDeliveryView {
  /** The radio group shows: the order is open and the service has pickup points. */
  choice: boolean;
  /** The choice the page shows: the shopper's pick of the radios, else the order's. */
  method: DeliveryMethod;
  /** The order's pickup point with how collection works; its `closed` holds what is wrong with it ('' while fine). */
  point?: PickupPointView;
  /** The pickup search shows: pickup is picked and the order has no point yet, its point is refused, or the shopper asked for another. */
  searchOpen: boolean;
  /** 'Choose another pickup point' shows (a pickup order whose point is fine, the search closed). */
  offerAnother: boolean;
}

/** What the shopper has done on the page: the radio picked (undefined: none yet), whether they asked for another point, and the payment in flight or refused. */
export interface QuoteDeliveryInput {
  offered: boolean | undefined;
  picked?: DeliveryMethod;
  another: boolean;
  payment: PaymentState;
}

/** The quote's words for a point that closed after it was chosen (the service's refusal says the same). */
export function closedPointWords(name: string): string {
  return `${name} has closed: choose another pickup point`;
}

/** The service's refusal of the order's pickup point at the last payment, in its words; undefined when there is none. */
export function pointRefusal(payment: PaymentState): string | undefined {
  return payment.data?.status === 'refused' && payment.data.pickup ? payment.data.message : undefined;
}

/** The quote's shipping part for `order`. */
export function quoteDeliveryView(order: Pick<Order, 'status' | 'delivery'>, { offered, picked, another, payment }: QuoteDeliveryInput): QuoteDeliveryView {
  const open = isOpenOrder(order);
  const delivery = order.delivery;
  const choice = open && offered === true;
  const method: DeliveryMethod = choice && picked ? picked : delivery ? 'pickup' : 'address';
  let point: PickupPointView | undefined;
  let problem = '';
  if (delivery) {
    const view = pickupPointView(delivery, open);
    const closed = delivery.pickupPoint.status === 'closed' ? closedPointWords(view.name) : '';
    problem = open ? (pointRefusal(payment) ?? closed) : '';
    point = { ...view, closed: open ? problem : view.closed };
  }
  const searchOpen = choice && method === 'pickup' && (!delivery || problem !== '' || another);
  return { choice, method, ...(point && { point }), searchOpen, offerAnother: choice && method === 'pickup' && delivery !== undefined && !searchOpen };
}
