import { useFormik } from 'formik';
import { useRef, type ReactNode } from 'react';
import * as yup from 'yup';
import { sendContactMessage, type ContactMessage } from '../lib/api/email';
import { email, messages } from '../lib/schemas/rules';
import { Field } from './contact/Field';
import { failureMessage, focusFirstInvalid } from './contact/submit-failure';
import { useAdoptTypedValues } from './contact/use-adopt-typed-values';
import { notify, Toasts } from './ui/Toasts';

const initialValues: ContactMessage = { email: '', firstname: '', lastname: '', mobile: '', querytitle: '', querydescription: '' };

/** SPEC section 5: the shared e-mail rule; the other fields are free text. */
export const contactSchema = yup.object({
  email: email.required(messages.required),
  firstname: yup.string(),
  lastname: yup.string(),
  mobile: yup.string(),
  querytitle: yup.string(),
  querydescription: yup.string(),
});

/** The contact-us form (POST /email/contact_us); 'Successfully Sent' on success. */
export function ContactForm(): ReactNode {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormik<ContactMessage>({
    initialValues,
    validationSchema: contactSchema,
    onSubmit: async (values, helpers) => {
      try {
        await sendContactMessage(values);
        notify.success('Successfully Sent');
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
        aria-labelledby="contact-form-title"
        onSubmit={(event) => {
          form.handleSubmit(event);
          void form.validateForm().then((errors) => focusFirstInvalid(formRef.current, errors));
        }}
      >
        <h2 id="contact-form-title">Send us a message</h2>
        <p className="form-note">Fields marked * are required.</p>
        <Field form={form} idPrefix="contact" name="email" label="E-mail" type="email" autoComplete="email" required />
        <div className="form-row">
          <Field form={form} idPrefix="contact" name="firstname" label="First name" autoComplete="given-name" />
          <Field form={form} idPrefix="contact" name="lastname" label="Last name" autoComplete="family-name" />
        </div>
        <Field form={form} idPrefix="contact" name="mobile" label="Mobile number" type="tel" autoComplete="tel" />
        <Field form={form} idPrefix="contact" name="querytitle" label="Query title" />
        <Field form={form} idPrefix="contact" name="querydescription" label="Your query" multiline />
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
