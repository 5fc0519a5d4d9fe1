import { sendAdvertiseMessage, sendContactMessage, type AdvertiseMessage, type ContactMessage } from '../api/email';
import { createWriteStore } from './write-store';

/** Sends the contact-us form's message (public call; SPEC section 3); a 429 says how long to wait. */
export const $contactMessage = createWriteStore<ContactMessage>((message) => sendContactMessage(message), [], { waitOut429: 'messages sent' });

/** Sends the advertise-with-us form's message (public call; SPEC section 3); a 429 says how long to wait. */
export const $advertiseMessage = createWriteStore<AdvertiseMessage>((message) => sendAdvertiseMessage(message), [], {
  waitOut429: 'messages sent',
});
