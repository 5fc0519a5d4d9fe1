import type { ReactNode } from 'react';
import type { Order } from '../../../lib/api/orders';
import { OrderCard } from '../shared/OrderCard';

/** Props of an order list. */
export interface OrderListProps {
  orders: Order[];
  /** Text shown when the list is empty. */
  empty: string;
}

/** A list of order cards, or the empty text. */
export function OrderList({ orders, empty }: OrderListProps): ReactNode {
  if (orders.length === 0) return <p className="empty-text">{empty}</p>;
  return (
    <ul className="order-list">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} />
        </li>
      ))}
    </ul>
  );
}
