import { atom } from 'nanostores';
import * as authApi from '../api/auth';
import type { TokenResponse } from '../api/client';
import { ApiError } from '../api/errors';
import { createUser, type User } from '../api/users';
import { config } from '../config';
import { safeNextPath } from '../modal-routes';
import { isHttpUrl } from '../http-url';
import type { LoginValues, RegisterValues } from '../schemas/auth';
import { clearTokens, storeTokens } from './session';
import { loadCurrentUser } from './user';

/** Messages of SPEC section 8 that the sign-in screens show. */
export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  registrationFailed: 'Registration failed. Please try again.',
  loginFailed: 'Login failed',
  accountCreated: 'Successfully created account',
  emailSent: 'Email Sent',
  passwordReset: 'Password successfully reset',
  passwordChanged: 'Password Changed Successfully',
  unlocked: 'Account successfully unlocked',
  noUnlockToken: 'No unlock token found',
  unlockFailed: 'Something went wrong, please contact support',
  unlockPending: 'Your account is being unlocked...',
  unlockPageMissing: 'Failed, please use the link from the email, your token is missing',
  unlockPageFailed: 'Failed, please use the link from the email',
  googleFailed: 'Failed to Authenticate with Google',
  facebookFailed: 'Failed to Authenticate with Facebook',
  socialState: 'The sign-in could not be verified. Please try again.',
} as const;

/** SPEC section 8 durations: sign-in failures 3 s, the others 5 s. */
export const FAILURE_MS = { short: 3000, long: 5000 } as const;

/** A failed auth action with the message to show, how long, and any field errors from the server. */
export class AuthFailure extends Error {
  /** Milliseconds the toast stays. */
  readonly ms: number;
  /** Server field errors keyed by form field, when the server sent a field map. */
  readonly fieldErrors: Record<string, string>;

  constructor(message: string, ms: number, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = 'AuthFailure';
    this.ms = ms;
    this.fieldErrors = fieldErrors;
  }
}

const REMEMBERED_USERNAME = 'remembered_username';
const SOCIAL_STATE = 'oauth_state';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : authMessages.loginFailed);

/** The e-mail remembered by the last sign-in with Keep me signed in; '' when none. */
export function rememberedUsername(): string {
  try {
    return localStorage.getItem(REMEMBERED_USERNAME) ?? '';
  } catch {
    return '';
  }
}

function rememberUsername(username: string, remember: boolean): void {
  try {
    if (remember) localStorage.setItem(REMEMBERED_USERNAME, username);
    else localStorage.removeItem(REMEMBERED_USERNAME);
  } catch {
    // Remembering the e-mail is a convenience; blocked storage must not fail the sign-in.
  }
}

async function startSession(tokens: TokenResponse, remember: boolean): Promise<User> {
  storeTokens(tokens.access_token, tokens.refresh_token, remember);
  try {
    return await loadCurrentUser(true);
  } catch (error) {
    clearTokens();
    throw error;
  }
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
    const message = error instanceof ApiError && error.description ? error.description : messageOf(error);
    throw new AuthFailure(message, FAILURE_MS.short);
  }
  const remember = values.remember === true;
  rememberUsername(username, remember);
  try {
    return await startSession(tokens, remember);
  } catch (error) {
    throw new AuthFailure(messageOf(error), FAILURE_MS.short);
  }
}

function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  const names: Record<string, string> = {
    first_name: 'firstName',
    last_name: 'lastName',
    birth_date: 'birthDate',
    email: 'email',
    mobile: 'mobile',
    password: 'password',
  };
  const result: Record<string, string> = {};
  for (const [wire, value] of Object.entries(error.errors)) {
    const field = names[wire];
    const first = Array.isArray(value) ? value[0] : value;
    if (field && typeof first === 'string') result[field] = first;
  }
  return result;
}

/** Creates the account (POST /users); the caller then signs in with signInAfterRegistration. */
export async function register(values: RegisterValues): Promise<User> {
  try {
    return await createUser({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      birthDate: values.birthDate ?? '',
      mobile: values.mobile.replace(/\s+/g, ''),
      password: values.password,
    });
  } catch (error) {
    throw new AuthFailure(authMessages.registrationFailed, FAILURE_MS.long, fieldErrorsOf(error));
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

/** Sends the password-reset e-mail; failures carry the server message (5 s). */
export async function forgotPassword(email: string): Promise<void> {
  try {
    await authApi.requestPasswordReset(email.trim());
  } catch (error) {
    throw new AuthFailure(messageOf(error), FAILURE_MS.long);
  }
}

/** Sets a new password with the e-mailed token; failures carry the server message (5 s). */
export async function resetPassword(token: string, password: string, confirmPassword: string): Promise<void> {
  try {
    await authApi.resetPassword({ confirmationCode: token, password, confirmPassword });
  } catch (error) {
    throw new AuthFailure(messageOf(error), FAILURE_MS.long, fieldErrorsOf(error));
  }
}

/** What the unlock page shows: the toast and the page text of SPEC section 8. */
export interface UnlockFailure {
  toast: string;
  text: string;
}

/** Unlocks the account with the e-mailed token; resolves undefined on success, else what to show. */
export async function unlockAccount(token: string | null): Promise<UnlockFailure | undefined> {
  if (!token) return { toast: authMessages.noUnlockToken, text: authMessages.unlockPageMissing };
  try {
    await authApi.unlockAccount(token);
    return undefined;
  } catch {
    return { toast: authMessages.unlockFailed, text: authMessages.unlockPageFailed };
  }
}

/** The two social sign-in providers. */
export type SocialProvider = 'google' | 'facebook';

interface SocialState {
  provider: SocialProvider;
  state: string;
  remember: boolean;
  next?: string;
}

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Our own callback page of a provider: /auth/{provider}/callback/. */
export function socialRedirectUri(provider: SocialProvider, origin = window.location.origin): string {
  return `${origin}/auth/${provider}/callback/`;
}

/** The consent-page URL of a provider with client id, redirect URI and a fresh state kept in sessionStorage. */
export function socialSignInUrl(provider: SocialProvider, options: { remember?: boolean; next?: string } = {}): string {
  const base = provider === 'google' ? config.googleAuthUrl : config.facebookAuthUrl;
  if (!isHttpUrl(base)) throw new AuthFailure(provider === 'google' ? authMessages.googleFailed : authMessages.facebookFailed, FAILURE_MS.short);
  const record: SocialState = { provider, state: randomState(), remember: options.remember === true, next: safeNextPath(options.next) };
  sessionStorage.setItem(SOCIAL_STATE, JSON.stringify(record));
  const url = new URL(base);
  url.searchParams.set('client_id', provider === 'google' ? config.googleClientId : config.facebookAppId);
  url.searchParams.set('redirect_uri', socialRedirectUri(provider));
  url.searchParams.set('state', record.state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', provider === 'google' ? 'openid email profile' : 'email');
  return url.toString();
}

/** Sends the browser to the provider's consent page. */
export function signInWithSocial(provider: SocialProvider, options: { remember?: boolean; next?: string } = {}): void {
  window.location.assign(socialSignInUrl(provider, options));
}

/** Sends the browser to Google's consent page. */
export const signInWithGoogle = (options: { remember?: boolean; next?: string } = {}): void => signInWithSocial('google', options);

/** Sends the browser to Facebook's consent page. */
export const signInWithFacebook = (options: { remember?: boolean; next?: string } = {}): void => signInWithSocial('facebook', options);

function takeSocialState(): SocialState | undefined {
  try {
    const raw = sessionStorage.getItem(SOCIAL_STATE);
    sessionStorage.removeItem(SOCIAL_STATE);
    const parsed = raw ? (JSON.parse(raw) as Partial<SocialState>) : undefined;
    if (!parsed || typeof parsed.state !== 'string' || (parsed.provider !== 'google' && parsed.provider !== 'facebook')) return undefined;
    return { provider: parsed.provider, state: parsed.state, remember: parsed.remember === true, next: safeNextPath(parsed.next) };
  } catch {
    return undefined;
  }
}

/** The `code` inside a Facebook signed_request (`signature.payload`, base64url JSON); the signature needs the app secret, so only the server can check it. */
export function codeFromSignedRequest(signedRequest: string): string | undefined {
  const payload = signedRequest.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = JSON.parse(new TextDecoder().decode(bytes)) as { code?: unknown };
    return typeof data.code === 'string' && data.code !== '' ? data.code : undefined;
  } catch {
    return undefined;
  }
}

/** Where a finished social sign-in goes, with the shopper it signed in. */
export interface SocialResult {
  user: User;
  next: string;
}

/** Completes a social sign-in on its callback page: checks state, trades the code, stores tokens, loads the shopper. */
export async function completeSocialSignIn(provider: SocialProvider, search: URLSearchParams): Promise<SocialResult> {
  const fallback = provider === 'google' ? authMessages.googleFailed : authMessages.facebookFailed;
  const saved = takeSocialState();
  if (!saved || saved.provider !== provider || saved.state !== search.get('state')) {
    throw new AuthFailure(authMessages.socialState, FAILURE_MS.long);
  }
  if (search.get('error')) {
    throw new AuthFailure((provider === 'google' && search.get('error_description')) || fallback, FAILURE_MS.long);
  }
  const code = provider === 'google' ? search.get('code') : codeFromSignedRequest(search.get('signed_request') ?? '');
  if (!code) throw new AuthFailure(fallback, FAILURE_MS.long);
  try {
    const tokens = provider === 'google' ? await authApi.googleCallback(code) : await authApi.facebookCallback(code);
    const user = await startSession(tokens, saved.remember);
    return { user, next: saved.next ?? '/' };
  } catch (error) {
    const description = provider === 'google' && error instanceof ApiError ? error.description : undefined;
    throw new AuthFailure(description || fallback, FAILURE_MS.long);
  }
}
