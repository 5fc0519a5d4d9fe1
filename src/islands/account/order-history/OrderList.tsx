import { useStore } from '@nanostores/react';
import { memo, type ReactNode } from 'react';
import type { Order, Quote } from '../../../lib/api/orders';
import { $now } from '../../../lib/stores/clock';
import { pathTo } from '../../../lib/stores/router';
import { RouteLink } from '../shared/RouteLink';
import { historyRow, payBy, type RowAction } from './order-history';

/** Props of an order list. */
export interface OrderListProps {
  orders: Order[];
  /** Text shown when the list is empty. */
  empty: string;
}

function PayBy({ quote }: { quote: Pick<Quote, 'quotedAt'> | null }): ReactNode {
  // Only a processing order's row reads the clock, so 1,000 placed orders do not re-render on its tick.
  const now = useStore($now);
  const due = payBy(quote, now);
  if (!due) return null;
  return <p className={due.expired ? 'order-row__due order-row__due--expired' : 'order-row__due'}>{due.text}</p>;
}

function Action({ action, quote }: { action: RowAction; quote: Order['quote'] }): ReactNode {
  if (action.kind === 'note') return <p className="order-row__note">{action.text}</p>;
  if (action.kind === 'quote') {
    return (
      <>
        <RouteLink className="button button--small" href={pathTo('quotePayment', { id: String(action.id) })} aria-label={action.label} data-order-id={action.id}>
          Quote
        </RouteLink>
        <PayBy quote={quote} />
      </>
    );
  }
  return (
    <RouteLink className="button button--ghost button--small" href={pathTo('invoice', { id: String(action.id) })} aria-label={action.label} data-order-id={action.id}>
      Invoice
    </RouteLink>
  );
}

/** One compact row: the order's number opens its page (the whole row is its target), its status chip and total; then shop, date and the action its status allows. */
export const OrderRow = memo(function OrderRow({ order }: { order: Order }): ReactNode {
  const row = historyRow(order);
  return (
    <article className="order-row" aria-labelledby={`order-${row.id}-title`}>
      <div className="order-row__line">
        <h3 className="order-row__title" id={`order-${row.id}-title`}>
          <RouteLink className="order-row__open" href={pathTo('order', { id: String(row.id) })} data-order-id={row.id}>
            {row.title}
          </RouteLink>
        </h3>
        <p className={`status-chip status-chip--${row.tone}`}>
          <span className="visually-hidden">Status: </span>
          <span>{row.status}</span>
        </p>
        <p className="order-row__total">
          <span className="visually-hidden">Total: </span>
          <span>{row.total}</span>
        </p>
      </div>
      <div className="order-row__line">
        <p className="order-row__shop">
          <span className="visually-hidden">Shop: </span>
          <span>{row.shop}</span>
        </p>
        <p className="order-row__date">
          <span className="visually-hidden">Ordered on </span>
          <span>{row.date}</span>
        </p>
        <div className="order-row__action">
          <Action action={row.action} quote={order.quote} />
        </div>
      </div>
      {row.shipsWith ? <p className="order-row__ships">{row.shipsWith}</p> : null}
    </article>
  );
});

/** A list of compact order rows, or the empty text. */
export function OrderList({ orders, empty }: OrderListProps): ReactNode {
  if (orders.length === 0) return <p className="empty-text">{empty}</p>;
  return (
    <ul className="order-rows">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderRow order={order} />
        </li>
      ))}
    </ul>
  );
}
