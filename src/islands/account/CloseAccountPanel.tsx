import { useStore } from '@nanostores/react';
import { useFormik } from 'formik';
import { useMemo, type ReactNode } from 'react';
import type { User } from '../../lib/api/users';
import { closeAccountSchema, type CloseAccountValues } from '../../lib/schemas/account';
import { $accountClosure, closeMyAccount } from '../../lib/stores/account-closure';
import { Field } from '../ui/Field';
import { toastError } from '../ui/Toasts';

/** Props of the close-account panel. */
export interface CloseAccountPanelProps {
  /** The shopper; undefined until their details are in. */
  user: User | undefined;
}

/** Close my account: the shopper types their e-mail address to confirm; then the session ends as at Log Out. */
export function CloseAccountPanel({ user }: CloseAccountPanelProps): ReactNode {
  const { loading } = useStore($accountClosure);
  const schema = useMemo(() => closeAccountSchema(user?.email ?? ''), [user?.email]);
  const form = useFormik<CloseAccountValues>({
    initialValues: { email: '' },
    validationSchema: schema,
    validateOnChange: false,
    onSubmit: async () => {
      if (!user) return;
      const done = await closeMyAccount(user.id);
      if (done && 'error' in done) toastError(done.error);
    },
  });
  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate aria-labelledby="close-title">
      <p>
        Closing your account signs you out on every phone and computer, and you can no longer sign in. Orders you have paid for
        are still delivered. Within 30 days you can ask us to reopen it.
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
        <div>
          <button type="submit" className="button button--danger" disabled={loading}>
            {loading ? 'Closing…' : 'Close my account'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
