import { memo, type ReactNode } from 'react';
import type { Order } from '../../../lib/api/orders';
import { formatDate, formatRand } from '../../../lib/format';
import { statusLabel } from '../../../lib/progress';
import { accountMessages } from '../../../lib/account-messages';
import { pathTo } from '../../../lib/stores/router';
import { RouteLink } from './RouteLink';
import { QuoteDeadline } from './QuoteDeadline';

/** Props of an order card. */
export interface OrderCardProps {
  order: Order;
}

/** One line of the address, or the spec's text when the order has none. */
export function addressLine(order: Pick<Order, 'address'>): string {
  const a = order.address;
  if (!a || (a.address === '' && a.townCity === '')) return accountMessages.noAddress;
  return [a.address, a.townCity, a.province, a.postalCode].filter(Boolean).join(', ');
}

function OrderLinks({ order }: OrderCardProps): ReactNode {
  if (order.status === 'placed') return <p className="order-card__note">{accountMessages.orderPlaced}</p>;
  if (order.status === 'processing') {
    return (
      <>
        <RouteLink
          className="button button--small"
          href={pathTo('quotePayment', { id: String(order.id) })}
          aria-label={`Quote for order ${order.id}`}
        >
          Quote
        </RouteLink>
        <QuoteDeadline quote={order.quote} />
      </>
    );
  }
  return (
    <RouteLink
      className="button button--ghost button--small"
      href={pathTo('invoice', { id: String(order.id) })}
      aria-label={`Invoice for order ${order.id}`}
    >
      Invoice
    </RouteLink>
  );
}

/** An order in a list: number, address, pickup, items, portal, dates, total, and the link its status allows. */
export const OrderCard = memo(function OrderCard({ order }: OrderCardProps): ReactNode {
  return (
    <article className="order-card" aria-labelledby={`order-${order.id}-title`}>
      <header className="order-card__head">
        <h3 id={`order-${order.id}-title`}>Order {order.id}</h3>
        <span className="order-card__status">{statusLabel(order.status)}</span>
      </header>
      <dl className="order-card__facts">
        <div>
          <dt>Portal</dt>
          <dd>{order.portalName}</dd>
        </div>
        <div className="order-card__wide">
          <dt>Address</dt>
          <dd>{addressLine(order)}</dd>
        </div>
        <div>
          <dt>Pickup</dt>
          <dd>{formatDate(order.pickup) || 'Not yet'}</dd>
        </div>
        <div>
          <dt>Total items</dt>
          <dd>{order.totalItems}</dd>
        </div>
        <div>
          <dt>Order date</dt>
          <dd>{formatDate(order.createdDate)}</dd>
        </div>
        <div>
          <dt>Delivery date</dt>
          <dd>{formatDate(order.deliveryDate) || 'Not yet'}</dd>
        </div>
        <div>
          <dt>Total amount</dt>
          <dd className="order-card__total">{formatRand(order.totalCharged ?? order.quote?.total)}</dd>
        </div>
      </dl>
      <div className="order-card__links">
        <OrderLinks order={order} />
      </div>
    </article>
  );
});
