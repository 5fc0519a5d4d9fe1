import { sendAdvertiseMessage, sendContactMessage, type AdvertiseMessage, type ContactMessage } from '../api/email';
import { createTryAgain } from './try-again';

/** The contact form's wait after a 429. */
export const contactWait = createTryAgain('messages sent');

/** The advertise form's wait after a 429. */
export const advertiseWait = createTryAgain('messages sent');

/** Sends the contact-us form's message (public call; SPEC section 3); a 429 says how long to wait. */
export function sendContactForm(message: ContactMessage): Promise<void> {
  return contactWait.send(() => sendContactMessage(message));
}

/** Sends the advertise-with-us form's message (public call; SPEC section 3); a 429 says how long to wait. */
export function sendAdvertiseForm(message: AdvertiseMessage): Promise<void> {
  return advertiseWait.send(() => sendAdvertiseMessage(message));
}
