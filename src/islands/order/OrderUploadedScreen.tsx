import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { ACCOUNT_PAGES } from '../../lib/account-pages';
import { formatDateTime } from '../../lib/format';
import { $placedOrder, loadPlacedOrder } from '../../lib/stores/order-draft';
import { LoadError } from '../account/LoadError';
import { Toasts } from '../ui/Toasts';
import '../ui/form-controls.css';
import './order-form.css';

/** The order-uploaded page (/order-uploaded/{id}/): the order is placed, when, and what happens next. */
export function OrderUploadedScreen({ id }: { id: number | string }): ReactNode {
  const orderId = Number(id);
  const { order, loading, failed, error } = useStore($placedOrder);
  useEffect(() => {
    if (Number.isInteger(orderId) && orderId > 0) void loadPlacedOrder(orderId);
  }, [orderId]);

  const valid = Number.isInteger(orderId) && orderId > 0;
  if (!valid || failed) {
    return (
      <section className="order-uploaded" aria-labelledby="order-uploaded-title">
        <Toasts />
        <h1 id="order-uploaded-title">Order not found</h1>
        <p>We could not find this order. Your placed orders are listed in your order history.</p>
        <p className="order-uploaded__links">
          <a className="ui-button ui-button--primary" href="/my-orders-history/">
            Order History
          </a>
        </p>
      </section>
    );
  }
  const placed = order?.id === orderId ? order : undefined;
  return (
    <section className="order-uploaded" aria-labelledby="order-uploaded-title">
      <Toasts />
      <h1 id="order-uploaded-title">{ACCOUNT_PAGES.orderUploaded.heading}</h1>
      <p className="account-lede">{ACCOUNT_PAGES.orderUploaded.lede}</p>
      <p>Order No. {orderId}</p>
      {placed ? (
        <p>
          Placed on <time dateTime={placed.placedAt}>{formatDateTime(placed.placedAt)}</time>
        </p>
      ) : error ? (
        <LoadError message={error.message} onRetry={() => void loadPlacedOrder(orderId)} />
      ) : (
        <p role="status">{loading ? 'Loading the order details…' : ''}</p>
      )}
      <p className="order-uploaded__links">
        <a className="ui-button ui-button--primary" href="/how-it-works/">
          How It Works
        </a>
        <a className="ui-button ui-button--secondary" href="/portals/">
          Our Shops
        </a>
      </p>
    </section>
  );
}
