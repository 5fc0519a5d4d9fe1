import * as authApi from '../api/auth';
import type { TokenResponse } from '../api/client';
import { ApiError } from '../api/errors';
import type { User } from '../api/users';
import { releaseOthersPush } from '../push-support';
import { rememberUsername } from '../remembered-username';
import type { LoginValues } from '../schemas/auth';
import { AuthFailure, authMessages, FAILURE_MS } from '../auth-messages';
import { errorMessage } from '../error-message';
import { invalidatePersonal } from './query';
import { clearTokens, storeTokens } from './session';
import { createTryAgain, isTooMany } from './try-again';
import { fetchCurrentUser } from './user';

/** Stores a fresh token pair and reads the shopper it belongs to; a failed read drops the tokens again. */
export async function startSession(tokens: TokenResponse, remember: boolean): Promise<User> {
  storeTokens(tokens.access_token, tokens.refresh_token, remember);
  // A sign-in over a live session may be another shopper's: nothing read before it is kept.
  invalidatePersonal('');
  let user: User;
  try {
    user = await fetchCurrentUser();
  } catch (error) {
    clearTokens();
    throw error;
  }
  await releaseOthersPush(user.id);
  return user;
}

/** Sign In's wait after the token endpoint answered 429. */
export const signInWait = createTryAgain('sign-in attempts');

/** Signs in with e-mail and password; Keep me signed in keeps the tokens in localStorage. */
export async function signIn(values: Pick<LoginValues, 'username' | 'password' | 'remember'>): Promise<User> {
  const username = values.username.trim();
  let tokens: TokenResponse;
  try {
    tokens = await signInWait.send(() => authApi.passwordGrant(username, values.password));
  } catch (error) {
    if (isTooMany(error)) throw new AuthFailure(error.message, FAILURE_MS.long);
    if (error instanceof ApiError && error.message === 'invalid_grant') throw new AuthFailure(authMessages.invalidCredentials, FAILURE_MS.short);
    const message = error instanceof ApiError && error.description ? error.description : errorMessage(error);
    throw new AuthFailure(message, FAILURE_MS.short);
  }
  const remember = values.remember === true;
  rememberUsername(username, remember);
  try {
    return await startSession(tokens, remember);
  } catch (error) {
    throw new AuthFailure(errorMessage(error), FAILURE_MS.short);
  }
}
