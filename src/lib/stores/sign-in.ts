import { atom } from 'nanostores';
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

/** When Sign In may be tried again after the token endpoint answered 429 (epoch ms; 0 when it may now). */
export const $signInBlockedUntil = atom(0);

/** Seconds to wait after a 429 that names no Retry-After. */
export const DEFAULT_SIGN_IN_WAIT_S = 30;

/** What the sign-in screen says while the token endpoint asks to wait. */
export function signInWaitMessage(seconds: number): string {
  return `Too many sign-in attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before you try again.`;
}

/** Seconds left before Sign In may be tried again (0 when it may). */
export function signInWaitLeft(now = Date.now()): number {
  return Math.max(0, Math.ceil(($signInBlockedUntil.get() - now) / 1000));
}

/** Signs in with e-mail and password; Keep me signed in keeps the tokens in localStorage. */
export async function signIn(values: Pick<LoginValues, 'username' | 'password' | 'remember'>): Promise<User> {
  const username = values.username.trim();
  const left = signInWaitLeft();
  if (left > 0) throw new AuthFailure(signInWaitMessage(left), FAILURE_MS.short);
  let tokens: TokenResponse;
  try {
    tokens = await authApi.passwordGrant(username, values.password);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      const seconds = Math.max(1, error.retryAfter ?? DEFAULT_SIGN_IN_WAIT_S);
      $signInBlockedUntil.set(Date.now() + seconds * 1000);
      throw new AuthFailure(signInWaitMessage(seconds), FAILURE_MS.long);
    }
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
