import type { ReactNode } from 'react';
import { useFormikContext } from 'formik';
import type { DeliveryMethod, OrderFormValues } from '../../../lib/schemas/order';
import { useFieldError } from '../../ui/Field';
import { chosenPointWords, DELIVERY_WORDS, withDelivery, withPoint, type PickupFinder } from '../shared/delivery-choice';
import { DeliveryRadios, PickupSearch } from '../shared/PickupSearch';

/** The id of the pickup point's error, read by the search field too. */
const POINT_ERROR_ID = 'order-pickup-error';

/** "How it reaches you": deliver to an address (`address`, today's select) or collect at a pickup point, with the point chosen or what is missing. */
export function DeliveryChoice({ method, address }: { method: DeliveryMethod; address: ReactNode }): ReactNode {
  const { values, setValues, submitCount } = useFormikContext<OrderFormValues>();
  const error = useFieldError('pickupPointCode');
  const chosen = chosenPointWords(values);
  return (
    <>
      <DeliveryRadios method={method} labelledBy="order-address-title" onChoose={(next) => void setValues((prev) => withDelivery(prev, next), submitCount > 0)} />
      {method === 'address' ? (
        address
      ) : (
        <div className="delivery-choice__point">
          <p id="order-pickup-chosen" className={chosen ? 'delivery-choice__chosen' : 'notice'}>
            {chosen || DELIVERY_WORDS.noPoint}
          </p>
          <p id={POINT_ERROR_ID} className="field-error field-error--slot">
            {error ?? ''}
          </p>
        </div>
      )}
    </>
  );
}

/** The order form's pickup search: the point chosen in the list is the form's. */
export function OrderPickupSearch({ finder }: { finder: PickupFinder }): ReactNode {
  const { values, setValues, setFieldTouched, submitCount } = useFormikContext<OrderFormValues>();
  const error = useFieldError('pickupPointCode');
  return (
    <PickupSearch
      finder={finder}
      chosen={values.pickupPointCode ?? ''}
      errorId={error ? POINT_ERROR_ID : undefined}
      onChoose={(row) => {
        void setFieldTouched('pickupPointCode', true, false);
        void setValues((prev) => withPoint(prev, row), submitCount > 0);
      }}
    />
  );
}
