import * as authApi from '../api/auth';
import { fieldErrors } from '../field-errors';
import { USER_FIELDS } from '../schemas/auth';
import { AuthFailure, FAILURE_MS } from '../auth-messages';
import { errorMessage } from '../error-message';
import { createTryAgain } from './try-again';
import { createWriteStore } from './write-store';

/** The wait of the password-reset e-mail after a 429, shared by Forgot password and Change password on My Details. */
export const resetLinkWait = createTryAgain('password reset requests');

/** Sends the password-reset e-mail to the address typed; failures carry the server message (5 s), a 429 how long to wait. */
export const $forgotPassword = createWriteStore<string, void, AuthFailure>((email) => authApi.requestPasswordReset(email.trim()), [], {
  waitOut429: resetLinkWait,
  failure: (error) => new AuthFailure(errorMessage(error), FAILURE_MS.long),
});

/** Sets a new password with the e-mailed token; failures carry the server message (5 s) and the field errors. */
export const $newPassword = createWriteStore<{ token: string; password: string; confirmPassword: string }, void, AuthFailure>(
  ({ token, password, confirmPassword }) => authApi.resetPassword({ confirmationCode: token, password, confirmPassword }),
  [],
  { failure: (error) => new AuthFailure(errorMessage(error), FAILURE_MS.long, fieldErrors(error, USER_FIELDS)) },
);
