import { requestPasswordReset } from '../api/auth';
import { createWriteStore } from './query';

/**
 * Sends the signed-in shopper a link to choose a new password, to their own e-mail address (POST
 * /users/forgot_password: the service needs no other endpoint); using it signs out every session.
 */
export const $passwordLink = createWriteStore<string>((email) => requestPasswordReset(email), []);
