import { useRef, type ReactNode } from 'react';
import { useFormik } from 'formik';
import { useStore } from '@nanostores/react';
import { modalHref } from '../../../lib/modal-routes';
import { resetSchema, type ResetValues } from '../../../lib/schemas/auth';
import { $newPassword } from '../../../lib/stores/recovery';
import { openModal } from '../../../lib/stores/modal';
import { showFailure } from '../shared/feedback';
import { Field, useFocusFirstError } from '../../ui/Field';
import { useAdoptTypedValues } from '../../ui/use-adopt-typed-values';
import '../shared/auth.css';

const initialValues: ResetValues = { password: '', confirmPassword: '' };

/** The new-password screen: reads the e-mailed `token` and saves the new password, then opens login. */
export function NewPassword({ params }: { params: URLSearchParams }): ReactNode {
  const form = useRef<HTMLFormElement>(null);
  const token = params.get('token') ?? '';
  const formik = useFormik<ResetValues>({
    initialValues,
    validationSchema: resetSchema,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      const done = await $newPassword.mutate({ token, password: values.password, confirmPassword: values.confirmPassword });
      if (done && 'error' in done) {
        if (done.error.fieldErrors.password) helpers.setFieldError('password', done.error.fieldErrors.password);
        showFailure(done.error);
      } else if (done) openModal(modalHref('login', { reset: 'successful' }));
    },
  });
  useFocusFirstError(formik, form);
  useAdoptTypedValues(form, formik, initialValues);
  const { loading } = useStore($newPassword);

  return (
    <>
      <p className="auth-lede">Choose a new password for your account.</p>
      <form ref={form} className="form auth-form" method="post" noValidate onSubmit={formik.handleSubmit}>
        <Field
          form={formik}
          type="password"
          required
          requiredMark={false}
          name="password"
          label="New Password"
          autoComplete="new-password"
          hint="At least 8 characters with a lowercase letter, an uppercase letter, a number and a symbol."
          initialFocus
        />
        <Field form={formik} type="password" required requiredMark={false} name="confirmPassword" label="Re-enter New Password" autoComplete="new-password" />
        <div className="auth-actions">
          <button type="submit" className="button" disabled={loading} aria-busy={loading}>
            Save New Password
          </button>
        </div>
      </form>
      <p className="auth-switch">
        Link expired? <a href={modalHref('forgotPassword')} data-modal>Send a new one</a>
      </p>
    </>
  );
}
