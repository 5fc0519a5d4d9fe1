import type { ReactNode } from 'react';
import type { Order } from '../../../lib/api/orders';
import { formatDate, formatRand } from '../../../lib/format';
import { addressLine } from './OrderCard';

/** Props of the order facts list. */
export interface OrderFactsProps {
  order: Order;
  /** The total with the choices being made on the quote (issue 44); else the total charged, else the quote's own. */
  total?: number;
}

/** The facts of one order as a description list: portal, dates, address, items, total. */
export function OrderFacts({ order, total }: OrderFactsProps): ReactNode {
  const facts: [string, string][] = [
    ['Order No.', String(order.id)],
    ['Portal', order.portalName],
    ['Order date', formatDate(order.createdDate)],
    ['Pickup', formatDate(order.pickup) || 'Not yet'],
    ['Delivery date', formatDate(order.deliveryDate) || 'Not yet'],
    ['Shipping', order.shipping || 'Not yet'],
    // A pickup order has no address: the point's name says where it goes (issue 57).
    order.delivery ? ['Collect at', order.delivery.pickupPoint.name || order.delivery.pickupPoint.code] : ['Address', addressLine(order)],
    ['Total items', String(order.totalItems)],
    ['Total amount', formatRand(total ?? order.totalCharged ?? order.quote?.total)],
  ];
  return (
    <dl className="facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
