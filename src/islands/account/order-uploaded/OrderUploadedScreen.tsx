import { useMemo, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { formatDateTime } from '../../../lib/format';
import { isUnknownOrder, placedOrderStore } from '../../../lib/stores/placed-order';
import { pathTo } from '../../../lib/stores/router';
import type { RouteProps } from '../shared/lazy-screen';
import { LoadError } from '../shared/LoadError';
import { PushOptIn } from '../shared/PushOptIn';
import { Screen } from '../shared/Screen';
import '../shared/order-form.css';

/** The order-uploaded page (/order-uploaded/{id}/): the order is placed, when, and what happens next. */
export function OrderUploadedScreen({ id: orderId }: RouteProps): ReactNode {
  const valid = orderId > 0;
  const $placed = useMemo(() => placedOrderStore(valid ? orderId : 0), [valid, orderId]);
  const { data: placed, loading, error } = useStore($placed);
  if (!valid || isUnknownOrder(error)) {
    return (
      <Screen title="Order not found">
        <div className="order-uploaded">
          <p>We could not find this order. Your placed orders are listed in your order history.</p>
          <p className="order-uploaded__links">
            <a className="button" href={pathTo('orderHistory')}>
              Order History
            </a>
          </p>
        </div>
      </Screen>
    );
  }
  return (
    <Screen page="orderUploaded">
      <div className="order-uploaded">
        <p>Order No. {orderId}</p>
        {/* The line keeps its height while the details load, so the links below do not move when they arrive. */}
        {placed ? (
          <p className="order-uploaded__when">
            Placed on <time dateTime={placed.placedAt}>{formatDateTime(placed.placedAt)}</time>
          </p>
        ) : error ? (
          <LoadError error={error} onRetry={$placed.revalidate} />
        ) : (
          <p className="order-uploaded__when" role="status">
            {loading ? 'Loading the order details…' : ''}
          </p>
        )}
        <PushOptIn place="order" />
        <p className="order-uploaded__links">
          <a className="button" href="/how-it-works/">
            How It Works
          </a>
          <a className="button button--ghost" href="/portals/">
            Our Shops
          </a>
        </p>
      </div>
    </Screen>
  );
}
