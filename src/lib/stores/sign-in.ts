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
import { isTooMany } from './try-again';
import { fetchCurrentUser } from './user';
import { createWriteStore } from './write-store';

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

/** What a refused sign-in says: after a 429 how long to wait (5 s), a wrong password 'Invalid email or password', else the service's words (3 s). */
function signInFailure(error: unknown): AuthFailure {
  if (error instanceof AuthFailure) return error;
  if (isTooMany(error)) return new AuthFailure(error.message, FAILURE_MS.long);
  if (error instanceof ApiError && error.message === 'invalid_grant') return new AuthFailure(authMessages.invalidCredentials, FAILURE_MS.short);
  return new AuthFailure(error instanceof ApiError && error.description ? error.description : errorMessage(error), FAILURE_MS.short);
}

/**
 * Signs in with e-mail and password (Keep me signed in keeps the tokens in localStorage) and resolves with the shopper;
 * fails with an `AuthFailure`, and waits out the token endpoint's 429.
 */
export const $signIn = createWriteStore<Pick<LoginValues, 'username' | 'password' | 'remember'>, User, AuthFailure>(
  async (values) => {
    const username = values.username.trim();
    const tokens = await authApi.passwordGrant(username, values.password);
    const remember = values.remember === true;
    rememberUsername(username, remember);
    try {
      return await startSession(tokens, remember);
    } catch (error) {
      // Reading the shopper is not a sign-in attempt: its failure (a 429 too) starts no wait.
      throw new AuthFailure(errorMessage(error), FAILURE_MS.short);
    }
  },
  [],
  { waitOut429: 'sign-in attempts', failure: signInFailure },
);
