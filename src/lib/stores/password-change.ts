import { requestPasswordReset } from '../api/auth';
import { resetLinkWait } from './recovery';
import { createWriteStore } from './write-store';

/**
 * Sends the signed-in shopper a link to choose a new password, to their own e-mail address (POST
 * /users/forgot_password: the service needs no other endpoint, and its wait after a 429 is Forgot password's); using it signs out every session.
 */
export const $passwordLink = createWriteStore<string>((email) => requestPasswordReset(email), [], { waitOut429: resetLinkWait });
