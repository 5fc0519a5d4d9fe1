import { sendAdvertiseMessage, sendContactMessage, type AdvertiseMessage, type ContactMessage } from '../api/email';

/** Sends the contact-us form's message (public call; SPEC section 3). */
export function sendContactForm(message: ContactMessage): Promise<void> {
  return sendContactMessage(message);
}

/** Sends the advertise-with-us form's message (public call; SPEC section 3). */
export function sendAdvertiseForm(message: AdvertiseMessage): Promise<void> {
  return sendAdvertiseMessage(message);
}
