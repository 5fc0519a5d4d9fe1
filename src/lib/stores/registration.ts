import * as authApi from '../api/auth';
import { createUser, userFieldErrors, type User } from '../api/users';
import type { RegisterValues } from '../schemas/auth';
import { AuthFailure, authMessages, FAILURE_MS } from '../auth-messages';
import { startSession } from './sign-in';
import { createTryAgain, isTooMany } from './try-again';

/** Register's wait after a 429. */
export const registrationWait = createTryAgain('registration attempts');

/** Creates the account (POST /users); the caller then signs in with signInAfterRegistration. A 429 says how long to wait. */
export async function register(values: RegisterValues): Promise<User> {
  try {
    return await registrationWait.send(() =>
      createUser({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      birthDate: values.birthDate ?? '',
      mobile: values.mobile.replace(/\s+/g, ''),
      password: values.password,
      }),
    );
  } catch (error) {
    if (isTooMany(error)) throw new AuthFailure(error.message, FAILURE_MS.long);
    throw new AuthFailure(authMessages.registrationFailed, FAILURE_MS.long, userFieldErrors(error));
  }
}

/** Signs a just-registered shopper in; any failure is 'Login failed'. */
export async function signInAfterRegistration(values: Pick<RegisterValues, 'email' | 'password'>): Promise<User> {
  try {
    const tokens = await authApi.passwordGrant(values.email.trim(), values.password);
    return await startSession(tokens, false);
  } catch {
    throw new AuthFailure(authMessages.loginFailed, FAILURE_MS.short);
  }
}
