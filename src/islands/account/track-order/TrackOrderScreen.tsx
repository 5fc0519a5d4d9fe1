import { lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { statusLabel } from '../../../lib/progress';
import type { Order } from '../../../lib/api/orders';
import { orderTitle } from '../../../lib/format';
import { $orders } from '../../../lib/stores/orders';
import { ProgressBar } from '../../ui/ProgressBar';
import { Select, type SelectOption } from '../../ui/Select';
import { Loaded } from '../shared/Loaded';
import { OrderFacts } from '../shared/OrderFacts';
import type { RouteProps } from '../shared/lazy-screen';
import { parseOrderId } from '../shared/order-id';
import { Screen } from '../shared/Screen';

// Only an order with photos fetches the section's code (and swiper comes later still, with a tap on a photo).
const WarehousePhotos = lazy<ComponentType<{ order: Order }>>(() =>
  import('../shared/WarehousePhotos').then(
    (m) => ({ default: m.WarehousePhotos }),
    () => ({ default: () => <p className="notice">Your warehouse photos could not be loaded. Check your connection and reload the page.</p> }),
  ),
);

const orderOption = (o: Order): SelectOption<number> => ({ value: o.id, label: o.orderType === 'return' ? `${orderTitle(o)} (return)` : orderTitle(o) });

function TrackOrder({ orders, initialId }: { orders: Order[]; initialId: number | undefined }): ReactNode {
  const [chosen, setChosen] = useState(initialId);
  const options = useMemo(() => orders.map(orderOption), [orders]);
  const order = orders.find((o) => o.id === chosen) ?? orders[0];
  if (!order) return <p className="empty-text">You've not placed any orders yet</p>;
  return (
    <>
      <div className="field--inline">
        <Select<number>
          id="track-order-select"
          label="Order"
          name="order"
          options={options}
          value={order.id}
          placeholder="Search by order number or shop"
          onChange={(id) => {
            if (id !== null) setChosen(id);
          }}
        />
      </div>
      <section className="account-panel" aria-labelledby="track-title">
        <h2 id="track-title">{orderTitle(order)}</h2>
        <ProgressBar status={order.status} />
        <p className="order-status" aria-live="polite">
          Order status: <strong>{statusLabel(order.status)}</strong>
        </p>
        <OrderFacts order={order} />
        {order.warehousePhotos?.length ? (
          <Suspense fallback={null}>
            <WarehousePhotos order={order} />
          </Suspense>
        ) : null}
      </section>
    </>
  );
}

/** Track order (?order= names the order to show first): pick an order, see its seven-step progress, its status, its facts and its warehouse photos. */
export function TrackOrderScreen({ search }: RouteProps): ReactNode {
  const initialId = parseOrderId(search.order);
  return (
    <Screen page="trackOrder">
      <Loaded read={$orders} label="Loading your orders…">
        {(orders) => <TrackOrder orders={orders} initialId={initialId} />}
      </Loaded>
    </Screen>
  );
}
