import { useStore } from '@nanostores/react';
import { useFormik } from 'formik';
import { useMemo, type ReactNode } from 'react';
import type { User } from '../../../lib/api/users';
import { accountMessages } from '../../../lib/account-messages';
import { detailsSchema, emailChanging, needsCurrentPassword, type DetailsValues } from '../../../lib/schemas/account';
import { detailsFieldErrors, detailsInitialValues } from '../../../lib/details-form';
import { NOTIFICATION_METHODS } from '../../../lib/notification-methods';
import { $saveDetails, currentPasswordWait } from '../../../lib/stores/details';
import { Spinner } from '../../ui/Spinner';
import { notify, toastError } from '../../ui/Toasts';
import { Field, fieldError } from '../../ui/Field';
import { HeldButton } from '../../ui/HeldButton';
import { useTryAgain } from '../../ui/use-try-again';

/** Props of the personal details form. */
export interface DetailsFormProps {
  /** The shopper; while it loads the form shows empty and disabled, so nothing below it moves when it arrives. */
  user: User | undefined;
}

/** Personal details: names, e-mail, mobile and notification method (SMS, E-mail or WhatsApp); a new e-mail, mobile or method also asks for the current password; 'Details Updated' on success. */
export function DetailsForm({ user }: DetailsFormProps): ReactNode {
  const { loading: saving } = useStore($saveDetails);
  const schema = useMemo(() => detailsSchema(user), [user]);
  const form = useFormik<DetailsValues>({
    initialValues: detailsInitialValues(user),
    validationSchema: schema,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      const done = await $saveDetails.mutate(values);
      if (done && 'error' in done) {
        const fields = detailsFieldErrors(done.error);
        if (Object.keys(fields).length > 0) helpers.setErrors(fields);
        toastError(done.error);
      } else if (done) {
        // The password typed for this change is not kept in the page.
        await helpers.setFieldValue('currentPassword', '', false);
        notify.success(accountMessages.detailsUpdated);
      }
    },
  });
  const guarded = needsCurrentPassword(form.values, user);
  const newEmail = user !== undefined && emailChanging(form.values.email, user.email);
  const methodError = fieldError(form, 'notificationMethod');
  const loading = user === undefined;
  const wait = useTryAgain(currentPasswordWait);
  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate aria-labelledby="details-title" aria-busy={loading}>
      {loading && <Spinner label="Loading your details…" />}
      <fieldset className="form-plain" disabled={loading}>
        <div className="form-row">
          <Field form={form} idPrefix="details" name="firstName" label="First name" autoComplete="given-name" />
          <Field form={form} idPrefix="details" name="lastName" label="Last name" autoComplete="family-name" />
        </div>
        <div className="form-row">
          <Field form={form} idPrefix="details" name="email" label="E-mail" type="email" autoComplete="email" />
          <Field form={form} idPrefix="details" name="mobile" label="Mobile" type="tel" autoComplete="tel" />
        </div>
        <fieldset className="choice-group" aria-describedby={methodError ? 'details-method-error' : undefined}>
          <legend>Notification method</legend>
          {NOTIFICATION_METHODS.map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="notificationMethod"
                value={value}
                checked={form.values.notificationMethod === value}
                onChange={form.handleChange}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {methodError && (
          <p className="field-error" id="details-method-error">
            {methodError}
          </p>
        )}
        {/* Below the choices, so the field appearing moves none of them from under the finger that changed one. */}
        {guarded && (
          <Field
            form={form}
            idPrefix="details"
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            // Its error line keeps its room: a press on Save that blurs the field must not move the button from under the finger.
            reserveError
            hint={
              newEmail
                ? 'Your e-mail is how you sign in: enter your password to change it. We will tell your old address.'
                : 'Your mobile and notification method decide where your order news goes: enter your password to change them. We will tell you by e-mail.'
            }
          />
        )}
        <div>
          <HeldButton wait={guarded ? wait : undefined} waitId="details-wait" disabled={saving}>
            Save Details
          </HeldButton>
        </div>
      </fieldset>
    </form>
  );
}
