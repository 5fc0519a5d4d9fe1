import { useId, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Formik, Form, useFormikContext } from 'formik';
import type { Address } from '../../lib/api/addresses';
import { $addAddress } from '../../lib/stores/addresses';
import { errorMessage } from '../../lib/error-message';
import { emptyNewAddress, newAddressSchema, type NewAddressValues } from '../../lib/schemas/address';
import { Field, fieldError } from './Field';
import { notify } from './Toasts';

/** Props of the add-address form. */
export interface AddressFormProps {
  /** Called with the new address after the server stored it. */
  onAdded?: (address: Address) => void;
  /** Checkout: a server failure also marks the street field. */
  markStreetOnError?: boolean;
  /** The form's heading text. */
  title?: string;
}

function AddressField({ name, label, autoComplete, prefix }: { name: keyof NewAddressValues; label: string; autoComplete: string; prefix: string }): ReactNode {
  const form = useFormikContext<NewAddressValues>();
  // The server's detail already shows once for the whole form; the marked field points at it.
  const fromServer = fieldError(form, name) === form.status;
  return <Field form={form} name={name} idPrefix={prefix} label={label} autoComplete={autoComplete} reserveError errorShownAt={fromServer ? `${prefix}-status` : undefined} />;
}

/** The add-address form (five required fields); shows 'Address Added' or the server's detail message. */
export function AddressForm({ onAdded, markStreetOnError = false, title = 'Add a new address' }: AddressFormProps): ReactNode {
  const prefix = `address-${useId().replace(/:/g, '')}`;
  const { loading } = useStore($addAddress);
  return (
    <Formik<NewAddressValues>
      initialValues={emptyNewAddress}
      validationSchema={newAddressSchema}
      validateOnChange={false}
      validateOnBlur
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        const done = await $addAddress.mutate({
          name: values.newAddressName.trim(),
          address: values.newAddressStreet.trim(),
          townCity: values.newAddressTownCity.trim(),
          province: values.newAddressProvince.trim(),
          postalCode: values.newAddressPostalCode.trim(),
        });
        if (done && 'error' in done) {
          const detail = errorMessage(done.error);
          helpers.setStatus(detail);
          if (markStreetOnError) {
            helpers.setFieldTouched('newAddressStreet', true, false);
            helpers.setFieldError('newAddressStreet', detail);
          }
        } else if (done) {
          notify.success('Address Added');
          helpers.resetForm();
          onAdded?.(done.data);
        }
      }}
    >
      {({ status }) => (
        <Form className="address-form" noValidate aria-labelledby={`${prefix}-title`}>
          <h3 id={`${prefix}-title`} className="address-form__title">
            {title}
          </h3>
          <AddressField prefix={prefix} name="newAddressName" label="Location name" autoComplete="off" />
          <AddressField prefix={prefix} name="newAddressStreet" label="Street address" autoComplete="street-address" />
          <AddressField prefix={prefix} name="newAddressTownCity" label="Town or city" autoComplete="address-level2" />
          <AddressField prefix={prefix} name="newAddressProvince" label="Province" autoComplete="address-level1" />
          <AddressField prefix={prefix} name="newAddressPostalCode" label="Postal code" autoComplete="postal-code" />
          {typeof status === 'string' && status !== '' ? (
            <p id={`${prefix}-status`} className="field-error" role="alert">
              {status}
            </p>
          ) : null}
          <div>
            <button type="submit" className="button button--ghost" disabled={loading}>
              {loading ? 'Adding…' : 'Add Address'}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
