import type { ReactNode } from 'react';
import type { Address } from '../../lib/api/addresses';

/** Props of an address card. */
export interface AddressCardProps {
  address: Address;
  /** Offers a Delete button only when given. */
  onDelete?: (address: Address) => void;
  /** True while a delete is under way. */
  busy?: boolean;
}

/** One address: province, town or city, address and postal code; deletable when a handler is supplied. */
export function AddressCard({ address, onDelete, busy = false }: AddressCardProps): ReactNode {
  return (
    <article className="address-card" aria-label={`Address ${address.name}`}>
      {address.name && <h3 className="address-card__name">{address.name}</h3>}
      <dl className="address-card__lines">
        <div>
          <dt>Province</dt>
          <dd>{address.province}</dd>
        </div>
        <div>
          <dt>Town or City</dt>
          <dd>{address.townCity}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>{address.address}</dd>
        </div>
        <div>
          <dt>Postal Code</dt>
          <dd>{address.postalCode}</dd>
        </div>
      </dl>
      {onDelete && (
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          aria-label={`Delete address ${address.name}`}
          onClick={() => onDelete(address)}
        >
          Delete
        </button>
      )}
    </article>
  );
}
