import * as authApi from '../api/auth';
import { ApiError } from '../api/errors';
import type { User } from '../api/users';
import { config } from '../config';
import { safeNextPath } from '../modal-routes';
import { isHttpUrl } from '../http-url';
import { AuthFailure, authMessages, FAILURE_MS } from './auth-messages';
import { startSession } from './sign-in';

const SOCIAL_STATE = 'oauth_state';

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
