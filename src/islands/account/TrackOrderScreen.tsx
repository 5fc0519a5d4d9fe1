import { useStore } from '@nanostores/react';
import { useMemo, useState, type ReactNode } from 'react';
import { statusLabel } from '../../lib/progress';
import type { Order } from '../../lib/api/orders';
import { $orders, orderTitle } from '../../lib/stores/orders';
import { errorMessage } from '../../lib/stores/query';
import { ProgressBar } from '../ui/ProgressBar';
import { Select, type SelectOption } from '../ui/Select';
import { Spinner } from '../ui/Spinner';
import { LoadError } from './LoadError';
import { OrderFacts } from './OrderFacts';
import type { RouteProps } from './lazy-screen';
import { Screen } from './Screen';

const orderOption = (o: Order): SelectOption<number> => ({ value: o.id, label: o.orderType === 'return' ? `${orderTitle(o)} (return)` : orderTitle(o) });

/** Track order (?order= names the order to show first): pick an order, see its seven-step progress, its status and its facts. */
export function TrackOrderScreen({ search }: RouteProps): ReactNode {
  const { data, error } = useStore($orders);
  const [chosen, setChosen] = useState<number | undefined>(() => (/^\d{1,12}$/.test(search.order ?? '') ? Number(search.order) : undefined));
  const options = useMemo(() => (data ?? []).map(orderOption), [data]);

  let body: ReactNode;
  if (!data && error) body = <LoadError message={errorMessage(error)} onRetry={$orders.revalidate} />;
  else if (!data) body = <Spinner label="Loading your orders…" />;
  else if (data.length === 0) body = <p className="empty-text">You've not placed any orders yet</p>;
  else {
    const order = data.find((o) => o.id === chosen) ?? data[0];
    body = order && (
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
        </section>
      </>
    );
  }
  return <Screen page="trackOrder">{body}</Screen>;
}
