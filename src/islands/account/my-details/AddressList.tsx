import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { Address } from '../../../lib/api/addresses';
import { $addresses, $removeAddress, $restoreAddress } from '../../../lib/stores/addresses';
import { AddressCard } from '../../ui/AddressCard';
import { notify, toastError } from '../../ui/Toasts';
import { Loaded } from '../shared/Loaded';

async function restore(address: Address): Promise<void> {
  const done = await $restoreAddress.mutate(address.id);
  if (done && 'error' in done) toastError(done.error);
}

/** The shopper's addresses, each deletable with an undo toast. */
export function AddressList(): ReactNode {
  const { loading: removing } = useStore($removeAddress);

  const remove = async (address: Address) => {
    const done = await $removeAddress.mutate(address.id);
    if (done && 'error' in done) toastError(done.error);
    else if (done) notify.undo(`Address ${done.data || address.name} deleted`, () => void restore(address));
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
                <AddressCard address={address} onDelete={remove} busy={removing} />
              </li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}
