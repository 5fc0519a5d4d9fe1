import { useState, type ReactNode } from 'react';
import type { Address } from '../../lib/api/addresses';
import { $addresses, removeAddress, undoRemoveAddress } from '../../lib/stores/addresses';
import { AddressCard } from '../ui/AddressCard';
import { notify } from '../ui/Toasts';
import { Loaded } from './Loaded';

/** The shopper's addresses, each deletable with an undo toast. */
export function AddressList(): ReactNode {
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

  return (
    <Loaded read={$addresses} label="Loading your addresses…">
      {(addresses) =>
        addresses.length === 0 ? (
          <p className="empty-text">No saved addresses yet.</p>
        ) : (
          <ul className="tile-grid">
            {addresses.map((address) => (
              <li key={address.id}>
                <AddressCard address={address} onDelete={remove} busy={busy === address.id} />
              </li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}
