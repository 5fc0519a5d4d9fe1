import type { ReactNode } from 'react';
import type { Order } from '../../../lib/api/orders';
import { formatDate } from '../../../lib/format';

/** Props of a return card. */
export interface ReturnCardProps {
  order: Order;
  /** Offers 'Mark as Picked Up' only when given. */
  onPickedUp?: (order: Order) => void;
  busy?: boolean;
}

/** A return order: its number, the order it returns, the item, quantity, reason and dates. */
export function ReturnCard({ order, onPickedUp, busy = false }: ReturnCardProps): ReactNode {
  const product = order.products[0];
  const facts: [string, string][] = [
    ['Portal', order.portalName],
    ['Returned order', order.parentOrderId ? `Order ${order.parentOrderId}` : ''],
    ['Item', product?.name ?? ''],
    ['Quantity', String(order.totalItems)],
    ['Reason', product?.comment || 'Not given'],
    ['Scheduled', formatDate(order.createdDate)],
    ['Pickup', formatDate(order.pickup) || 'Not yet'],
    ['Picked up', formatDate(order.deliveryDate) || 'Not yet'],
  ];
  return (
    <article className="order-card" aria-labelledby={`return-${order.id}-title`}>
      <header className="order-card__head">
        <h3 id={`return-${order.id}-title`}>Return {order.id}</h3>
        <span className="order-card__status">{order.status}</span>
      </header>
      <dl className="order-card__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {onPickedUp && (
        <div className="order-card__links">
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            aria-label={`Mark as Picked Up: return ${order.id}`}
            onClick={() => onPickedUp(order)}
          >
            Mark as Picked Up
          </button>
        </div>
      )}
    </article>
  );
}
