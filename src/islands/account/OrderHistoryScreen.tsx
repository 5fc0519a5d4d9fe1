import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { accountMessages } from '../../lib/account-messages';
import { $orders, $pastOrders, $pendingOrders } from '../../lib/stores/orders';
import { errorMessage } from '../../lib/stores/query';
import { Spinner } from '../ui/Spinner';
import { LoadError } from './LoadError';
import { OrderList } from './OrderList';
import { Screen } from './Screen';

/** Order history: pending orders (placed, processing), then every other order. */
export function OrderHistoryScreen(): ReactNode {
  const { data, loading, error } = useStore($orders);
  const pending = useStore($pendingOrders);
  const past = useStore($pastOrders);

  let body: ReactNode;
  if (!data && error) body = <LoadError message={errorMessage(error)} onRetry={$orders.revalidate} />;
  else if (!data) body = <Spinner label="Loading your orders…" />;
  else if (pending.length === 0 && past.length === 0) body = <p className="empty-text">{accountMessages.noOrders}</p>;
  else {
    body = (
      <>
        <section className="account-section" aria-labelledby="pending-title">
          <h2 id="pending-title">
            Pending <span className="count">({pending.length})</span>
          </h2>
          <OrderList orders={pending} empty="No pending orders" />
        </section>
        <section className="account-section" aria-labelledby="history-title">
          <h2 id="history-title">
            Order History <span className="count">({past.length})</span>
          </h2>
          <OrderList orders={past} empty="No orders in your history yet" />
        </section>
      </>
    );
  }
  return (
    <Screen page="orderHistory">
      {data && loading && <Spinner label="Updating your orders…" />}
      {data && error && <LoadError message={errorMessage(error)} onRetry={$orders.revalidate} />}
      {body}
    </Screen>
  );
}
