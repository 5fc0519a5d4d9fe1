import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent, type ReactNode } from 'react';
import type { Address } from '../../../lib/api/addresses';
import type { Order } from '../../../lib/api/orders';
import { $addressOptions, $addresses } from '../../../lib/stores/addresses';
import { errorMessage } from '../../../lib/error-message';
import { $changeOrderAddress, isOpenOrder } from '../../../lib/stores/order-detail';
import { notify, toastError } from '../../ui/Toasts';
import { Select } from '../../ui/Select';
import { addressLine } from '../shared/OrderCard';

/** Props of the shipping address part. */
export interface ShippingAddressProps {
  order: Order;
}

const sameAddress = (a: Address, b: Address): boolean => a.id === b.id;

/** The change-address form; it reads the addresses, so it is shown only while the order is open. */
function ChangeAddress({ order }: ShippingAddressProps): ReactNode {
  const options = useStore($addressOptions);
  const { error } = useStore($addresses);
  const { loading: saving } = useStore($changeOrderAddress);
  const [choice, setChoice] = useState<Address | null>(null);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!choice || choice.id === order.address?.id) return;
    const done = await $changeOrderAddress.mutate({ orderId: order.id, addressId: choice.id });
    if (done && 'error' in done) toastError(done.error);
    else if (done) {
      notify.success('Shipping address updated');
      setChoice(null);
    }
  };

  return (
    <form className="inline-form" onSubmit={submit} noValidate>
          <Select<Address>
            label="Change shipping address"
            name="shippingAddress"
            id="shipping-address"
            options={options}
            value={choice}
            isEqual={sameAddress}
            placeholder="Choose an address"
            error={error ? errorMessage(error) : undefined}
            onChange={setChoice}
          />
          <button type="submit" className="button button--ghost" disabled={saving || !choice}>
            Change Address
          </button>
    </form>
  );
}

/** The order's shipping address, changeable while the order is open. */
export function ShippingAddress({ order }: ShippingAddressProps): ReactNode {
  return (
    <section className="account-panel" aria-labelledby="shipping-title">
      <h2 id="shipping-title">Shipping Address</h2>
      <p className="shipping-address">{addressLine(order)}</p>
      {isOpenOrder(order) && <ChangeAddress order={order} />}
    </section>
  );
}
