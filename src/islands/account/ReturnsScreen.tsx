import { useStore } from '@nanostores/react';
import type { FetcherStore } from '@nanostores/query';
import { useState, type ReactNode } from 'react';
import type { Order } from '../../lib/api/orders';
import { accountMessages } from '../../lib/account-messages';
import { errorMessage } from '../../lib/stores/query';
import { $returnHistory, $returnsPending, markPickedUp } from '../../lib/stores/returns';
import { Spinner } from '../ui/Spinner';
import { notify } from '../ui/Toasts';
import { LoadError } from './LoadError';
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
  const { data, error } = useStore(list);
  if (!data && error) return <LoadError message={errorMessage(error)} onRetry={list.revalidate} />;
  if (!data) return <Spinner label="Loading your returns…" />;
  if (data.length === 0) return <p className="empty-text">{empty}</p>;
  return (
    <ul className="order-list">
      {data.map((order) => (
        <li key={order.id}>
          <ReturnCard order={order} onPickedUp={onPickedUp} busy={busyId === order.id} />
        </li>
      ))}
    </ul>
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
