import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import type { Address } from '../../lib/api/addresses';
import { $addresses, removeAddress, undoRemoveAddress } from '../../lib/stores/addresses';
import { errorMessage } from '../../lib/stores/query';
import { AddressCard } from '../ui/AddressCard';
import { Spinner } from '../ui/Spinner';
import { notify } from '../ui/Toasts';
import { LoadError } from './LoadError';

/** The shopper's addresses, each deletable with an undo toast. */
export function AddressList(): ReactNode {
  const { data, error } = useStore($addresses);
  const [busy, setBusy] = useState<number | undefined>();

  const remove = async (address: Address) => {
    setBusy(address.id);
    try {
      const name = await removeAddress(address.id);
      notify.undo(`Address ${name || address.name} deleted`, () => {
        undoRemoveAddress(address.id).catch((error: Error) => notify.error(error.message));
      });
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  if (!data && error) return <LoadError message={errorMessage(error)} onRetry={$addresses.revalidate} />;
  if (!data) return <Spinner label="Loading your addresses…" />;
  if (data.length === 0) return <p className="empty-text">No saved addresses yet.</p>;
  return (
    <ul className="tile-grid">
      {data.map((address) => (
        <li key={address.id}>
          <AddressCard address={address} onDelete={remove} busy={busy === address.id} />
        </li>
      ))}
    </ul>
  );
}
