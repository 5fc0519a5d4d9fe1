import * as authApi from '../api/auth';
import { createUser, type User } from '../api/users';
import type { Flash } from '../flash';
import { fieldErrors } from '../field-errors';
import { USER_FIELDS, type RegisterValues } from '../schemas/auth';
import { AuthFailure, authMessages, FAILURE_MS, welcomeMessage } from '../auth-messages';
import { startSession } from './sign-in';
import { isTooMany } from './try-again';
import { createWriteStore } from './write-store';

/** Signs a just-registered shopper in; any failure is 'Login failed'. */
export async function signInAfterRegistration(values: Pick<RegisterValues, 'email' | 'password'>): Promise<User> {
  try {
    const tokens = await authApi.passwordGrant(values.email.trim(), values.password);
    return await startSession(tokens, false);
  } catch {
    throw new AuthFailure(authMessages.loginFailed, FAILURE_MS.short);
  }
}

/**
 * Creates the account (POST /users) and signs the new shopper in: resolves with what the next page says ('Successfully
 * created account', then the welcome or 'Login failed'). A refusal is 'Registration failed. Please try again.' with the
 * server's field errors; a 429 says how long to wait.
 */
export const $register = createWriteStore<RegisterValues, Flash[], AuthFailure>(
  async (values) => {
    await createUser({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      birthDate: values.birthDate ?? '',
      mobile: values.mobile.replace(/\s+/g, ''),
      password: values.password,
    });
    const created: Flash = { kind: 'success', message: authMessages.accountCreated };
    // The account exists whatever the sign-in answers: its failure is said on the next page, and starts no wait.
    try {
      return [created, { kind: 'success', message: welcomeMessage(await signInAfterRegistration(values)) }];
    } catch {
      return [created, { kind: 'error', message: authMessages.loginFailed }];
    }
  },
  [],
  {
    waitOut429: 'registration attempts',
    failure: (error) =>
      isTooMany(error)
        ? new AuthFailure(error.message, FAILURE_MS.long)
        : new AuthFailure(authMessages.registrationFailed, FAILURE_MS.long, fieldErrors(error, USER_FIELDS)),
  },
);
