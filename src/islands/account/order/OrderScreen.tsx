import { useMemo, type ReactNode } from 'react';
import { statusLabel } from '../../../lib/progress';
import { orderDetailStore, type OrderDetail } from '../../../lib/stores/order-detail';
import { ProgressBar } from '../../ui/ProgressBar';
import { Loaded } from '../shared/Loaded';
import { OrderFacts } from '../shared/OrderFacts';
import type { RouteProps } from '../shared/lazy-screen';
import { Screen } from '../shared/Screen';

function OrderPage({ detail: { order } }: { detail: OrderDetail }): ReactNode {
  return (
    <section className="account-panel" aria-labelledby="order-progress-title">
      <h2 id="order-progress-title">Progress</h2>
      <ProgressBar status={order.status} />
      <p className="order-status" aria-live="polite">
        Order status: <strong>{statusLabel(order.status)}</strong>
      </p>
      <OrderFacts order={order} />
    </section>
  );
}

/** One order's own page (/my-orders/:id/): where it is and what belongs to it. */
export function OrderScreen({ id }: RouteProps): ReactNode {
  const $detail = useMemo(() => orderDetailStore(id), [id]);
  return (
    <Screen page="order" title={`Order ${id}`}>
      <Loaded read={$detail} label="Loading your order…">
        {(detail) => <OrderPage detail={detail} />}
      </Loaded>
    </Screen>
  );
}
