import type { FetcherStore } from '@nanostores/query';
import { useState, type ReactNode } from 'react';
import type { Order } from '../../lib/api/orders';
import { accountMessages } from '../../lib/account-messages';
import { $returnHistory, $returnsPending, markPickedUp } from '../../lib/stores/returns';
import { notify } from '../ui/Toasts';
import { Loaded } from './Loaded';
import { ReturnCard } from './ReturnCard';
import { ReturnForm } from './ReturnForm';
import { Screen } from './Screen';

interface ReturnListProps {
  list: FetcherStore<Order[]>;
  empty: string;
  onPickedUp?: (order: Order) => void;
  busyId?: number;
}

function ReturnList({ list, empty, onPickedUp, busyId }: ReturnListProps): ReactNode {
  return (
    <Loaded read={list} label="Loading your returns…">
      {(orders) =>
        orders.length === 0 ? (
          <p className="empty-text">{empty}</p>
        ) : (
          <ul className="order-list">
            {orders.map((order) => (
              <li key={order.id}>
                <ReturnCard order={order} onPickedUp={onPickedUp} busy={busyId === order.id} />
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
  const [busy, setBusy] = useState<number | undefined>();

  const pickedUp = async (order: Order) => {
    setBusy(order.id);
    try {
      await markPickedUp(order.id);
      notify.success(accountMessages.pickedUp);
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Screen page="returns">
      <section className="account-panel">
        <ReturnForm />
      </section>
      <section className="account-section" aria-labelledby="returns-pending-title">
        <h2 id="returns-pending-title">Returns Pending</h2>
        <ReturnList list={$returnsPending} empty={accountMessages.noPendingReturns} onPickedUp={pickedUp} busyId={busy} />
      </section>
      <section className="account-section" aria-labelledby="returns-history-title">
        <h2 id="returns-history-title">Return History</h2>
        <ReturnList list={$returnHistory} empty={accountMessages.noReturnHistory} />
      </section>
    </Screen>
  );
}
