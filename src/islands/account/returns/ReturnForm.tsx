import { useStore } from '@nanostores/react';
import { useFormik } from 'formik';
import { useEffect, useState, type ReactNode } from 'react';
import { accountMessages } from '../../../lib/account-messages';
import { returnSchema, type ReturnValues } from '../../../lib/schemas/account';
import { errorMessage } from '../../../lib/error-message';
import { $deliveredOrders, $returnPortals, $scheduleReturn, chooseReturnPortal } from '../../../lib/stores/returns';
import { Select } from '../../ui/Select';
import { notify, toastError } from '../../ui/Toasts';
import { PhotoField } from './PhotoField';
import { Field, fieldError } from '../../ui/Field';
import {
  initialReturnValues,
  itemOption,
  orderOption,
  portalOption,
  returnChoices,
  returnFieldErrors,
  returnRequest,
  withOrder,
  withPortal,
} from './return-form';

/** The schedule-return form: portal, a delivered order of it, an item, quantity, reason and photo. */
export function ReturnForm(): ReactNode {
  const portals = useStore($returnPortals);
  const delivered = useStore($deliveredOrders);
  const { loading: scheduling } = useStore($scheduleReturn);
  const [generation, setGeneration] = useState(0);
  useEffect(() => () => chooseReturnPortal(0), []);
  const form = useFormik<ReturnValues>({
    initialValues: initialReturnValues,
    validationSchema: returnSchema,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      const done = await $scheduleReturn.mutate(returnRequest(values));
      if (done && 'error' in done) {
        const fields = returnFieldErrors(done.error);
        if (Object.keys(fields).length > 0) helpers.setErrors(fields);
        toastError(done.error);
      } else if (done) {
        notify.success(accountMessages.refundCreated);
        helpers.resetForm();
        setGeneration((g) => g + 1);
        chooseReturnPortal(0);
      }
    },
  });
  const { values } = form;
  const { orders, products, noOrders } = returnChoices(values, delivered);
  const touch = (field: keyof ReturnValues) => () => void form.setFieldTouched(field, true);

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate aria-labelledby="return-form-title">
      <h2 id="return-form-title">Schedule a Return</h2>
      <Select<number>
        id="return-portal"
        label="Portal"
        name="portal"
        options={(portals.data ?? []).map(portalOption)}
        loading={portals.loading}
        value={values.portal || null}
        placeholder="Choose a shop"
        error={fieldError(form, 'portal') ?? (portals.error ? errorMessage(portals.error) : undefined)}
        onBlur={touch('portal')}
        onChange={(portal) => {
          void form.setValues(withPortal(values, portal), false);
          chooseReturnPortal(portal ?? 0);
        }}
      />
      <Select<number>
        id="return-order"
        label="Order"
        name="orderId"
        options={orders.map(orderOption)}
        loading={delivered.loading}
        value={values.orderId || null}
        placeholder={values.portal ? 'Choose a delivered order' : 'Choose a shop first'}
        disabled={values.portal === 0}
        error={fieldError(form, 'orderId') ?? (delivered.error ? errorMessage(delivered.error) : undefined)}
        describedBy={noOrders ? 'return-order-none' : undefined}
        onBlur={touch('orderId')}
        onChange={(orderId) => void form.setValues(withOrder(values, orderId), false)}
      />
      {noOrders && (
        <p className="field-hint" id="return-order-none">
          No delivered orders from this shop yet.
        </p>
      )}
      <Select<number>
        id="return-item"
        label="Item"
        name="item"
        options={products.map(itemOption)}
        value={values.item || null}
        placeholder={values.orderId ? 'Choose the item' : 'Choose an order first'}
        disabled={values.orderId === 0}
        error={fieldError(form, 'item')}
        onBlur={touch('item')}
        onChange={(item) => void form.setFieldValue('item', item ?? 0, false)}
      />
      <Field form={form} idPrefix="return" name="totalItems" label="Quantity" type="number" min={1} inputMode="numeric" />
      <Field form={form} idPrefix="return" name="returnReason" label="Reason" multiline />
      <PhotoField
        key={generation}
        id="return-photo"
        label="Photo of the item"
        name="returnPhoto"
        value={values.returnPhoto}
        error={fieldError(form, 'returnPhoto')}
        onBlur={touch('returnPhoto')}
        onChange={(file) => void form.setFieldValue('returnPhoto', file, form.submitCount > 0)}
      />
      <div>
        <button type="submit" className="button button--accent" disabled={scheduling}>
          {scheduling ? 'Scheduling…' : 'Schedule Return'}
        </button>
      </div>
    </form>
  );
}
