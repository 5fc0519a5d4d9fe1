import * as authApi from '../api/auth';
import { userFieldErrors } from '../api/users';
import { AuthFailure, FAILURE_MS } from '../auth-messages';
import { errorMessage } from '../error-message';
import { createTryAgain } from './try-again';

/** The wait of the password-reset e-mail (Forgot password, and Change password on My Details) after a 429. */
export const resetLinkWait = createTryAgain('password reset requests');

/** Sends the password-reset e-mail; failures carry the server message (5 s), a 429 how long to wait. */
export async function forgotPassword(email: string): Promise<void> {
  try {
    await resetLinkWait.send(() => authApi.requestPasswordReset(email.trim()));
  } catch (error) {
    throw new AuthFailure(errorMessage(error), FAILURE_MS.long);
  }
}

/** Sets a new password with the e-mailed token; failures carry the server message (5 s). */
export async function resetPassword(token: string, password: string, confirmPassword: string): Promise<void> {
  try {
    await authApi.resetPassword({ confirmationCode: token, password, confirmPassword });
  } catch (error) {
    throw new AuthFailure(errorMessage(error), FAILURE_MS.long, userFieldErrors(error));
  }
}
