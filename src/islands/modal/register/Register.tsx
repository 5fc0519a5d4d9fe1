import { useRef, type ReactNode } from 'react';
import { useFormik } from 'formik';
import { useStore } from '@nanostores/react';
import { modalHref } from '../../../lib/modal-routes';
import { registerSchema, type RegisterValues } from '../../../lib/schemas/auth';
import { $register } from '../../../lib/stores/registration';
import { leaveModal } from '../../../lib/stores/modal';
import { showFailure } from '../shared/feedback';
import { Field, useFocusFirstError } from '../../ui/Field';
import { useAdoptTypedValues } from '../../ui/use-adopt-typed-values';
import { HeldButton } from '../../ui/HeldButton';
import { useTryAgain } from '../../ui/use-try-again';
import '../shared/auth.css';

const initialValues: RegisterValues = {
  firstName: '',
  lastName: '',
  email: '',
  birthDate: '',
  mobile: '',
  password: '',
  confirmPassword: '',
};

/** The registration screen: creates the account, then signs the new shopper in and goes home. */
export function Register(): ReactNode {
  const form = useRef<HTMLFormElement>(null);
  const formik = useFormik<RegisterValues>({
    initialValues,
    validationSchema: registerSchema,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      const done = await $register.mutate(values);
      if (done && 'error' in done) {
        const fields = done.error.fieldErrors;
        if (Object.keys(fields).length > 0) {
          helpers.setErrors(fields);
          void helpers.setTouched(Object.fromEntries(Object.keys(fields).map((key) => [key, true])), false);
        }
        showFailure(done.error);
      } else if (done) leaveModal('/', done.data);
    },
  });
  useFocusFirstError(formik, form);
  useAdoptTypedValues(form, formik, initialValues);
  const wait = useTryAgain($register.wait);
  const { loading } = useStore($register);

  return (
    <>
      <p className="auth-lede">One account gives you access to many online stores, in South Africa and abroad.</p>
      <form ref={form} className="form auth-form" method="post" noValidate onSubmit={formik.handleSubmit}>
        <div className="form-row">
          <Field form={formik} required requiredMark={false} name="firstName" label="First Name" autoComplete="given-name" initialFocus />
          <Field form={formik} required requiredMark={false} name="lastName" label="Last Name" autoComplete="family-name" />
        </div>
        <Field form={formik} required requiredMark={false} name="email" label="Email" type="email" autoComplete="email" />
        <div className="form-row">
          <Field form={formik} required requiredMark={false} name="birthDate" label="Birth Date" type="date" autoComplete="bday" hint="You need to be over 18 to register." />
          <Field form={formik} required requiredMark={false} name="mobile" label="Mobile" type="tel" autoComplete="tel" hint="+27 and 9 digits, or 0 and 9 digits." />
        </div>
        <Field
          form={formik}
          type="password"
          required
          requiredMark={false}
          name="password"
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters with a lowercase letter, an uppercase letter, a number and a symbol."
        />
        <Field form={formik} type="password" required requiredMark={false} name="confirmPassword" label="Confirm Password" autoComplete="new-password" />
        <div className="auth-actions">
          <HeldButton wait={wait} waitId="register-wait" disabled={loading} busy={loading} noticeClassName="auth-notice">
            Register
          </HeldButton>
        </div>
      </form>
      <p className="auth-switch">
        Already have an account? <a href={modalHref('login')} data-modal>Log in</a>
      </p>
    </>
  );
}
