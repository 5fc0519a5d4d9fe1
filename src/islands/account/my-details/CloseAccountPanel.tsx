import { useStore } from '@nanostores/react';
import { useFormik } from 'formik';
import { useMemo, type ReactNode } from 'react';
import type { User } from '../../../lib/api/users';
import { detailsFieldErrors } from '../../../lib/details-form';
import { closeAccountSchema, type CloseAccountValues } from '../../../lib/schemas/account';
import { $accountClosure, closeMyAccount } from '../../../lib/stores/account-closure';
import { currentPasswordWait } from '../../../lib/stores/details';
import { Field } from '../../ui/Field';
import { HeldButton } from '../../ui/HeldButton';
import { useTryAgain } from '../../ui/use-try-again';
import { toastError } from '../../ui/Toasts';

/** Props of the close-account panel. */
export interface CloseAccountPanelProps {
  /** The shopper; undefined until their details are in. */
  user: User | undefined;
}

/** Close my account: the shopper types their e-mail address and current password to confirm; then the session ends as at Log Out. */
export function CloseAccountPanel({ user }: CloseAccountPanelProps): ReactNode {
  const { loading } = useStore($accountClosure);
  const wait = useTryAgain(currentPasswordWait);
  const schema = useMemo(() => closeAccountSchema(user?.email ?? ''), [user?.email]);
  const form = useFormik<CloseAccountValues>({
    initialValues: { email: '', currentPassword: '' },
    validationSchema: schema,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      if (!user) return;
      const done = await closeMyAccount(user.id, values.currentPassword);
      if (done && 'error' in done) {
        const { currentPassword } = detailsFieldErrors(done.error);
        if (currentPassword) helpers.setErrors({ currentPassword });
        toastError(done.error);
      }
    },
  });
  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate aria-labelledby="close-title">
      <p>
        Closing your account signs you out on every phone and computer, and you can no longer sign in. Orders you have paid for
        are still delivered. Within 30 days you can ask us to reopen it. To confirm, type your e-mail address and your password.
      </p>
      <fieldset className="form-plain" disabled={!user}>
        <Field
          form={form}
          idPrefix="close"
          name="email"
          label="Type the e-mail address of your account to confirm"
          type="email"
          autoComplete="off"
          reserveError
        />
        <Field
          form={form}
          idPrefix="close"
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          reserveError
        />
        <div>
          <HeldButton className="button button--danger" wait={wait} waitId="close-wait" disabled={loading}>
            {loading ? 'Closing…' : 'Close my account'}
          </HeldButton>
        </div>
      </fieldset>
    </form>
  );
}
