import { api } from './client';

/** A contact-us message with the form's client names (SPEC section 3). */
export interface ContactMessage {
  email: string;
  firstname: string;
  lastname: string;
  mobile: string;
  querytitle: string;
  querydescription: string;
}

/** An advertise-with-us message with the form's client names (SPEC section 3). */
export interface AdvertiseMessage {
  email: string;
  mobile: string;
  companyName: string;
  description: string;
}

/** Sends a contact-us message (public call). */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  await api('/email/contact_us', {
    method: 'POST',
    auth: false,
    body: {
      contact: {
        email: message.email.trim(),
        first_name: message.firstname,
        last_name: message.lastname,
        mobile: message.mobile,
        query_title: message.querytitle,
        query_body: message.querydescription,
      },
    },
  });
}

/** Sends an advertise-with-us message (public call). */
export async function sendAdvertiseMessage(message: AdvertiseMessage): Promise<void> {
  await api('/email/advertise_with_us', {
    method: 'POST',
    auth: false,
    body: {
      contact: {
        email: message.email.trim(),
        mobile: message.mobile,
        company_name: message.companyName,
        message: message.description,
      },
    },
  });
}
