import { useRef, type ReactNode } from 'react';
import { useFormik } from 'formik';
import { modalHref } from '../../../lib/modal-routes';
import { forgotSchema, type ForgotValues } from '../../../lib/schemas/auth';
import { authMessages } from '../../../lib/auth-messages';
import { forgotPassword, resetLinkWait } from '../../../lib/stores/recovery';
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
      try {
        await forgotPassword(values.email);
        leaveModal(undefined, [{ kind: 'success', message: authMessages.emailSent }]);
      } catch (error) {
        showFailure(error);
      }
    },
  });
  useFocusFirstError(formik, form);
  useAdoptTypedValues(form, formik, initialValues);
  const wait = useTryAgain(resetLinkWait);

  return (
    <>
      <p className="auth-lede">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <form ref={form} className="form auth-form" method="post" noValidate onSubmit={formik.handleSubmit}>
        <Field form={formik} required requiredMark={false} name="email" label="Email" type="email" autoComplete="email" initialFocus />
        <div className="auth-actions">
          <HeldButton wait={wait} waitId="forgot-wait" disabled={formik.isSubmitting} busy={formik.isSubmitting} noticeClassName="auth-notice">
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
