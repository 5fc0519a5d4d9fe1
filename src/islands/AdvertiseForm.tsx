import { useFormik } from 'formik';
import { useRef, type ReactNode } from 'react';
import * as yup from 'yup';
import { sendAdvertiseMessage, type AdvertiseMessage } from '../lib/api/email';
import { email, messages } from '../lib/schemas/rules';
import { Field } from './contact/Field';
import { failureMessage, focusFirstInvalid } from './contact/submit-failure';
import { useAdoptTypedValues } from './contact/use-adopt-typed-values';
import { notify, Toasts } from './ui/Toasts';

const initialValues: AdvertiseMessage = { email: '', mobile: '', companyName: '', description: '' };

/** SPEC section 5: the shared e-mail rule; the other fields are free text. */
export const advertiseSchema = yup.object({
  email: email.required(messages.required),
  mobile: yup.string(),
  companyName: yup.string(),
  description: yup.string(),
});

/** The advertise-with-us form (POST /email/advertise_with_us); 'Email Sent' on success. */
export function AdvertiseForm(): ReactNode {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormik<AdvertiseMessage>({
    initialValues,
    validationSchema: advertiseSchema,
    onSubmit: async (values, helpers) => {
      try {
        await sendAdvertiseMessage(values);
        notify.success('Email Sent');
        helpers.resetForm();
      } catch (error) {
        notify.error(failureMessage(error));
      }
    },
  });
  useAdoptTypedValues(formRef, form, initialValues);

  return (
    <>
      <form
        ref={formRef}
        className="form"
        method="post"
        noValidate
        aria-labelledby="advertise-form-title"
        onSubmit={(event) => {
          form.handleSubmit(event);
          void form.validateForm().then((errors) => focusFirstInvalid(formRef.current, errors));
        }}
      >
        <h2 id="advertise-form-title">Tell us about your shop</h2>
        <p className="form-note">Fields marked * are required.</p>
        <Field form={form} idPrefix="advertise" name="companyName" label="Company name" autoComplete="organization" />
        <Field form={form} idPrefix="advertise" name="email" label="E-mail" type="email" autoComplete="email" required />
        <Field form={form} idPrefix="advertise" name="mobile" label="Mobile number" type="tel" autoComplete="tel" />
        <Field form={form} idPrefix="advertise" name="description" label="Message" multiline hint="What would you like to advertise, and when?" />
        <p className="form-note no-js-only">Sending this form needs JavaScript. You can also e-mail or phone us (see below).</p>
        <div className="js-only">
          <button className="button" type="submit" disabled={form.isSubmitting}>
            {form.isSubmitting ? 'Sending…' : 'Send message'}
          </button>
        </div>
      </form>
      <Toasts />
    </>
  );
}
