import { useRef, type ReactNode } from 'react';
import { useFormik } from 'formik';
import { useStore } from '@nanostores/react';
import { modalHref } from '../../../lib/modal-routes';
import { forgotSchema, type ForgotValues } from '../../../lib/schemas/auth';
import { authMessages } from '../../../lib/auth-messages';
import { $forgotPassword } from '../../../lib/stores/recovery';
import { leaveModal } from '../../../lib/stores/modal';
import { showFailure } from '../shared/feedback';
import { Field, useFocusFirstError } from '../../ui/Field';
import { useAdoptTypedValues } from '../../ui/use-adopt-typed-values';
import { HeldButton } from '../../ui/HeldButton';
import { useTryAgain } from '../../ui/use-try-again';
import '../shared/auth.css';

const initialValues: ForgotValues = { email: '' };

/** The forgot-password screen: sends the reset e-mail. */
export function ForgotPassword(): ReactNode {
  const form = useRef<HTMLFormElement>(null);
  const formik = useFormik<ForgotValues>({
    initialValues,
    validationSchema: forgotSchema,
    validateOnChange: false,
    onSubmit: async (values) => {
      const done = await $forgotPassword.mutate(values.email);
      if (done && 'error' in done) showFailure(done.error);
      else if (done) leaveModal(undefined, [{ kind: 'success', message: authMessages.emailSent }]);
    },
  });
  useFocusFirstError(formik, form);
  useAdoptTypedValues(form, formik, initialValues);
  const wait = useTryAgain($forgotPassword.wait);
  const { loading } = useStore($forgotPassword);

  return (
    <>
      <p className="auth-lede">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <form ref={form} className="form auth-form" method="post" noValidate onSubmit={formik.handleSubmit}>
        <Field form={formik} required requiredMark={false} name="email" label="Email" type="email" autoComplete="email" initialFocus />
        <div className="auth-actions">
          <HeldButton wait={wait} waitId="forgot-wait" disabled={loading} busy={loading} noticeClassName="auth-notice">
            Reset Password
          </HeldButton>
        </div>
      </form>
      <p className="auth-switch">
        Remembered it? <a href={modalHref('login')} data-modal>Back to log in</a>
      </p>
    </>
  );
}
