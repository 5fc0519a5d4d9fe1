import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { accountMessages } from '../../../lib/account-messages';
import type { Order } from '../../../lib/api/orders';
import { $orders, $pastOrders, $pendingOrders } from '../../../lib/stores/orders';
import { Spinner } from '../../ui/Spinner';
import { Loaded } from '../shared/Loaded';
import { LoadError } from '../shared/LoadError';
import { OrderList } from './OrderList';
import { Screen } from '../shared/Screen';

function OrderHistory({ pending, past }: { pending: Order[]; past: Order[] }): ReactNode {
  if (pending.length === 0 && past.length === 0) return <p className="empty-text">{accountMessages.noOrders}</p>;
  return (
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

/** Order history: pending orders (placed, processing), then every other order. */
export function OrderHistoryScreen(): ReactNode {
  const { data, loading, error } = useStore($orders);
  // Subscribed with the screen, not once the list is in: a new listener of an every-mount read asks it again.
  const pending = useStore($pendingOrders);
  const past = useStore($pastOrders);
  return (
    <Screen page="orderHistory">
      {data && loading && <Spinner label="Updating your orders…" />}
      {data && error && <LoadError error={error} onRetry={$orders.revalidate} />}
      <Loaded read={$orders} label="Loading your orders…">
        {() => <OrderHistory pending={pending} past={past} />}
      </Loaded>
    </Screen>
  );
}
