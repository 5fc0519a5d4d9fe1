import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent, type ReactNode } from 'react';
import type { Address } from '../../../lib/api/addresses';
import type { Order } from '../../../lib/api/orders';
import type { DeliveryMethod } from '../../../lib/schemas/order';
import { $addressOptions, $addresses } from '../../../lib/stores/addresses';
import { errorMessage } from '../../../lib/error-message';
import { $changeOrderAddress, $changeOrderDelivery, isOpenOrder } from '../../../lib/stores/order-detail';
import { resetPayment } from '../../../lib/stores/payment';
import { $pickupPointsOffered } from '../../../lib/stores/pickup-points';
import { notify, toastError } from '../../ui/Toasts';
import { Select } from '../../ui/Select';
import { addressLine } from '../shared/OrderCard';
import { DELIVERY_WORDS } from '../shared/delivery-choice';
import { usePickupFinder } from '../shared/use-pickup-finder';
import { PickupPointCard } from '../shared/PickupPointCard';
import { DeliveryRadios, PickupSearch } from '../shared/PickupSearch';
import type { PaymentState } from './quote-page';
import { pointRefusal, quoteDeliveryView } from './quote-delivery';

/** Props of the shipping address part. */
export interface ShippingAddressProps {
  order: Order;
  /** The payment in flight or refused: a refusal of the pickup point shows beside it. */
  payment: PaymentState;
}

/** What a part that changes the delivery needs: the order, and what to do once the service took the change. */
interface ChangeProps {
  order: Order;
  onChanged: () => void;
}

const sameAddress = (a: Address, b: Address): boolean => a.id === b.id;

/** The change-address form; it reads the addresses, so it is shown only while the order is open. A pickup order goes back to an address through the delivery change (issue 57). */
function ChangeAddress({ order, onChanged }: ChangeProps): ReactNode {
  const options = useStore($addressOptions);
  const { error } = useStore($addresses);
  const { loading: changingAddress } = useStore($changeOrderAddress);
  const { loading: changingDelivery } = useStore($changeOrderDelivery);
  const [choice, setChoice] = useState<Address | null>(null);
  const pickup = order.delivery !== undefined;

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!choice || (!pickup && choice.id === order.address?.id)) return;
    const done = pickup
      ? await $changeOrderDelivery.mutate({ orderId: order.id, choice: { method: 'address', addressId: choice.id } })
      : await $changeOrderAddress.mutate({ orderId: order.id, addressId: choice.id });
    if (done && 'error' in done) toastError(done.error);
    else if (done) {
      notify.success('Shipping address updated');
      setChoice(null);
      onChanged();
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
      <button type="submit" className="button button--ghost" disabled={changingAddress || changingDelivery || !choice}>
        Change Address
      </button>
    </form>
  );
}

/** The pickup search on the quote: a point picked in the list is taken by 'Collect at this point' (the quote is priced again). */
function ChangePoint({ order, onChanged }: ChangeProps): ReactNode {
  const { loading } = useStore($changeOrderDelivery);
  const [chosen, setChosen] = useState('');
  const finder = usePickupFinder();
  const take = async () => {
    if (!chosen) return;
    const done = await $changeOrderDelivery.mutate({ orderId: order.id, choice: { method: 'pickup', pickupPointCode: chosen } });
    if (done && 'error' in done) toastError(done.error);
    else if (done) {
      notify.success('Pickup point updated');
      onChanged();
    }
  };
  return (
    <PickupSearch finder={finder} chosen={chosen} onChoose={(row) => setChosen(row.code)}>
      <button type="button" className="button button--ghost" disabled={loading || !chosen} aria-busy={loading || undefined} onClick={() => void take()}>
        Collect at this point
      </button>
    </PickupSearch>
  );
}

/** The order's shipping address, changeable while the order is open; where the service has pickup points (issue 57), how it reaches the shopper: one of their addresses or a pickup point, with the point, how collection works and what is wrong with it. */
export function ShippingAddress({ order, payment }: ShippingAddressProps): ReactNode {
  const { data: offered, error: offerUnknown } = useStore($pickupPointsOffered);
  const [picked, setPicked] = useState<DeliveryMethod>();
  const [another, setAnother] = useState(false);
  const view = quoteDeliveryView(order, { offered, picked, another, payment });
  const open = isOpenOrder(order);
  const changed = () => {
    setPicked(undefined);
    setAnother(false);
    // The refused point is gone: its refusal with it (the speed, insurance and credit choices stay on the page).
    if (pointRefusal(payment)) resetPayment();
  };
  // An open order's panel waits until the service says whether it has pickup points (or cannot say): the choice would
  // otherwise arrive above the address and move it.
  if (open && offered === undefined && offerUnknown === undefined) {
    return (
      <section className="account-panel" aria-labelledby="shipping-title" aria-busy="true">
        <h2 id="shipping-title">Shipping Address</h2>
      </section>
    );
  }
  return (
    <section className="account-panel" aria-labelledby="shipping-title">
      <h2 id="shipping-title">Shipping Address</h2>
      {view.choice ? (
        <>
          <h3 id="quote-delivery-title">{DELIVERY_WORDS.heading}</h3>
          <DeliveryRadios method={view.method} labelledBy="quote-delivery-title" onChoose={setPicked} />
        </>
      ) : null}
      {view.method === 'address' ? (
        <>
          {order.delivery ? null : <p className="shipping-address">{addressLine(order)}</p>}
          {open && <ChangeAddress order={order} onChanged={changed} />}
        </>
      ) : (
        <>
          {view.point ? <PickupPointCard view={view.point} /> : <p className="notice">{DELIVERY_WORDS.noPoint}</p>}
          {view.offerAnother ? (
            <button type="button" className="button button--ghost" onClick={() => setAnother(true)}>
              Choose another pickup point
            </button>
          ) : null}
          {view.searchOpen ? <ChangePoint order={order} onChanged={changed} /> : null}
        </>
      )}
    </section>
  );
}
