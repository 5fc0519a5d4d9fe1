import { useStore } from '@nanostores/react';
import type { FetcherStore } from '@nanostores/query';
import type { ReactNode } from 'react';
import type { Order } from '../../../lib/api/orders';
import { accountMessages } from '../../../lib/account-messages';
import { $markPickedUp, $returnHistory, $returnsPending } from '../../../lib/stores/returns';
import { notify, toastError } from '../../ui/Toasts';
import { Loaded } from '../shared/Loaded';
import { ReturnCard } from './ReturnCard';
import { ReturnForm } from './ReturnForm';
import { Screen } from '../shared/Screen';

interface ReturnListProps {
  list: FetcherStore<Order[]>;
  empty: string;
  onPickedUp?: (order: Order) => void;
  busy?: boolean;
}

function ReturnList({ list, empty, onPickedUp, busy }: ReturnListProps): ReactNode {
  return (
    <Loaded read={list} label="Loading your returns…">
      {(orders) =>
        orders.length === 0 ? (
          <p className="empty-text">{empty}</p>
        ) : (
          <ul className="order-list">
            {orders.map((order) => (
              <li key={order.id}>
                <ReturnCard order={order} onPickedUp={onPickedUp} busy={busy} />
              </li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}

/** Returns: the schedule-return form, returns pending (with Mark as Picked Up) and return history. */
export function ReturnsScreen(): ReactNode {
  const { loading: marking } = useStore($markPickedUp);

  const pickedUp = async (order: Order) => {
    const done = await $markPickedUp.mutate(order.id);
    if (done && 'error' in done) toastError(done.error);
    else if (done) notify.success(accountMessages.pickedUp);
  };

  return (
    <Screen page="returns">
      <section className="account-panel">
        <ReturnForm />
      </section>
      <section className="account-section" aria-labelledby="returns-pending-title">
        <h2 id="returns-pending-title">Returns Pending</h2>
        <ReturnList list={$returnsPending} empty={accountMessages.noPendingReturns} onPickedUp={pickedUp} busy={marking} />
      </section>
      <section className="account-section" aria-labelledby="returns-history-title">
        <h2 id="returns-history-title">Return History</h2>
        <ReturnList list={$returnHistory} empty={accountMessages.noReturnHistory} />
      </section>
    </Screen>
  );
}
