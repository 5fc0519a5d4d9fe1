import type { ReactNode } from 'react';
import * as yup from 'yup';
import type { ContactMessage } from '../../lib/api/email';
import { $contactMessage } from '../../lib/stores/site-messages';
import { email, messages } from '../../lib/schemas/rules';
import { Field } from '../ui/Field';
import { MessageForm } from '../ui/MessageForm';

const initialValues: ContactMessage = {
  email: '',
  firstname: '',
  lastname: '',
  mobile: '',
  querytitle: '',
  querydescription: '',
};

/** SPEC section 5: the shared e-mail rule; the other fields are free text. */
const contactSchema = yup.object({
  email: email.required(messages.required),
  firstname: yup.string(),
  lastname: yup.string(),
  mobile: yup.string(),
  querytitle: yup.string(),
  querydescription: yup.string(),
});

/** The contact-us form (POST /email/contact_us); 'Successfully Sent' on success. */
export function ContactForm(): ReactNode {
  return (
    <MessageForm<ContactMessage>
      initialValues={initialValues}
      schema={contactSchema}
      write={$contactMessage}
      successMessage="Successfully Sent"
      titleId="contact-form-title"
      title="Send us a message"
    >
      {(form) => (
        <>
          <Field form={form} idPrefix="contact" name="email" label="E-mail" type="email" autoComplete="email" required />
          <div className="form-row">
            <Field form={form} idPrefix="contact" name="firstname" label="First name" autoComplete="given-name" />
            <Field form={form} idPrefix="contact" name="lastname" label="Last name" autoComplete="family-name" />
          </div>
          <Field form={form} idPrefix="contact" name="mobile" label="Mobile number" type="tel" autoComplete="tel" />
          <Field form={form} idPrefix="contact" name="querytitle" label="Query title" />
          <Field form={form} idPrefix="contact" name="querydescription" label="Your query" multiline />
        </>
      )}
    </MessageForm>
  );
}
