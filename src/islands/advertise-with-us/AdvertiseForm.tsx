import type { ReactNode } from 'react';
import * as yup from 'yup';
import type { AdvertiseMessage } from '../../lib/api/email';
import { $advertiseMessage } from '../../lib/stores/site-messages';
import { email, messages } from '../../lib/schemas/rules';
import { Field } from '../ui/Field';
import { MessageForm } from '../ui/MessageForm';

const initialValues: AdvertiseMessage = { email: '', mobile: '', companyName: '', description: '' };

/** SPEC section 5: the shared e-mail rule; the other fields are free text. */
const advertiseSchema = yup.object({
  email: email.required(messages.required),
  mobile: yup.string(),
  companyName: yup.string(),
  description: yup.string(),
});

/** The advertise-with-us form (POST /email/advertise_with_us); 'Email Sent' on success. */
export function AdvertiseForm(): ReactNode {
  return (
    <MessageForm<AdvertiseMessage>
      initialValues={initialValues}
      schema={advertiseSchema}
      write={$advertiseMessage}
      successMessage="Email Sent"
      titleId="advertise-form-title"
      title="Tell us about your shop"
    >
      {(form) => (
        <>
          <Field form={form} idPrefix="advertise" name="companyName" label="Company name" autoComplete="organization" />
          <Field form={form} idPrefix="advertise" name="email" label="E-mail" type="email" autoComplete="email" required />
          <Field form={form} idPrefix="advertise" name="mobile" label="Mobile number" type="tel" autoComplete="tel" />
          <Field
            form={form}
            idPrefix="advertise"
            name="description"
            label="Message"
            multiline
            hint="What would you like to advertise, and when?"
          />
        </>
      )}
    </MessageForm>
  );
}
