import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { statusLabel } from '../../lib/progress';
import { $orders, loadOrders, orderTitle } from '../../lib/stores/orders';
import { ProgressBar } from '../ui/ProgressBar';
import { Spinner } from '../ui/Spinner';
import { LoadError } from './LoadError';
import { OrderFacts } from './OrderFacts';
import { Screen } from './Screen';

/** Props of the track-order screen. */
export interface TrackOrderScreenProps {
  /** The order to show first (?order= in the URL), when it is one of the shopper's. */
  initialId?: number;
}

/** Track order: pick an order, see its seven-step progress, its status and its facts. */
export function TrackOrderScreen({ initialId }: TrackOrderScreenProps): ReactNode {
  const { data, error } = useStore($orders);
  const [chosen, setChosen] = useState<number | undefined>(initialId);
  useEffect(() => {
    void loadOrders(true);
  }, []);

  let body: ReactNode;
  if (!data && error) body = <LoadError message={error.message} onRetry={() => void loadOrders(true)} />;
  else if (!data) body = <Spinner label="Loading your orders…" />;
  else if (data.length === 0) body = <p className="empty-text">You've not placed any orders yet</p>;
  else {
    const order = data.find((o) => o.id === chosen) ?? data[0];
    body = order && (
      <>
        <div className="field field--inline">
          <label htmlFor="track-order-select">Order</label>
          <select id="track-order-select" value={order.id} onChange={(event) => setChosen(Number(event.target.value))}>
            {data.map((o) => (
              <option key={o.id} value={o.id}>
                {orderTitle(o)}
                {o.orderType === 'return' ? ' (return)' : ''}
              </option>
            ))}
          </select>
        </div>
        <section className="account-panel" aria-labelledby="track-title">
          <h2 id="track-title">{orderTitle(order)}</h2>
          <ProgressBar status={order.status} />
          <p className="order-status" aria-live="polite">
            Order status: <strong>{statusLabel(order.status)}</strong>
          </p>
          <OrderFacts order={order} />
        </section>
      </>
    );
  }
  return <Screen title="Track Order">{body}</Screen>;
}
