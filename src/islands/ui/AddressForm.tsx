import { useId, type ReactNode } from 'react';
import { Formik, Form, useField, useFormikContext } from 'formik';
import type { Address } from '../../lib/api/addresses';
import { ApiError } from '../../lib/api/errors';
import { addAddress, addressErrorDetail } from '../../lib/stores/addresses';
import { emptyNewAddress, newAddressSchema, type NewAddressValues } from '../../lib/schemas/order';
import { notify } from './Toasts';
import './form-controls.css';

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
  const [field, meta] = useField<string>(name);
  const { status } = useFormikContext<NewAddressValues>();
  const id = `${prefix}-${name}`;
  const invalid = meta.touched && !!meta.error;
  // The server's detail already shows once for the whole form; the marked field points at it.
  const fromServer = invalid && meta.error === status;
  const errorId = fromServer ? `${prefix}-status` : `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...field}
        id={id}
        className="field__input"
        type="text"
        autoComplete={autoComplete}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
      />
      {/* The slot keeps its height so that a message going away on blur never moves the button being clicked. */}
      <p id={`${id}-error`} className="field__error field__error--slot">
        {invalid && !fromServer ? meta.error : null}
      </p>
    </div>
  );
}

/** The add-address form (five required fields); shows 'Address Added' or the server's detail message. */
export function AddressForm({ onAdded, markStreetOnError = false, title = 'Add a new address' }: AddressFormProps): ReactNode {
  const prefix = `address-${useId().replace(/:/g, '')}`;
  return (
    <Formik<NewAddressValues>
      initialValues={emptyNewAddress}
      validationSchema={newAddressSchema}
      validateOnChange={false}
      validateOnBlur
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        try {
          const created = await addAddress({
            name: values.newAddressName.trim(),
            address: values.newAddressStreet.trim(),
            townCity: values.newAddressTownCity.trim(),
            province: values.newAddressProvince.trim(),
            postalCode: values.newAddressPostalCode.trim(),
          });
          notify.success('Address Added');
          helpers.resetForm();
          onAdded?.(created);
        } catch (error) {
          const detail = error instanceof ApiError ? addressErrorDetail(error) : 'Something terrible happened';
          helpers.setStatus(detail);
          if (markStreetOnError) {
            helpers.setFieldTouched('newAddressStreet', true, false);
            helpers.setFieldError('newAddressStreet', detail);
          }
        }
      }}
    >
      {({ isSubmitting, status }) => (
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
            <p id={`${prefix}-status`} className="field__error" role="alert">
              {status}
            </p>
          ) : null}
          <div>
            <button type="submit" className="ui-button ui-button--secondary" disabled={isSubmitting}>
              {isSubmitting ? 'Adding…' : 'Add Address'}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
