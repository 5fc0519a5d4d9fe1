import * as authApi from '../api/auth';
import { ApiError } from '../api/errors';
import type { User } from '../api/users';
import { config } from '../config';
import { safeNextPath } from '../modal-routes';
import { isHttpUrl } from '../http-url';
import { AuthFailure, authMessages, FAILURE_MS } from '../auth-messages';
import { startSession } from './sign-in';
import { createWriteStore } from './write-store';

const SOCIAL_STATE = 'oauth_state';

/** The two social sign-in providers. */
export type SocialProvider = 'google' | 'facebook';

interface SocialState {
  provider: SocialProvider;
  state: string;
  /** The PKCE code verifier (RFC 7636): only this tab knows it, so only this tab can trade the code. */
  verifier: string;
  /** Google's OIDC nonce, which its ID token must carry back. */
  nonce?: string;
  remember: boolean;
  next?: string;
}

function randomBytes(count: number): Uint8Array {
  const bytes = new Uint8Array(count);
  crypto.getRandomValues(bytes);
  return bytes;
}

function randomState(): string {
  return Array.from(randomBytes(16), (b) => b.toString(16).padStart(2, '0')).join('');
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The S256 code challenge of a PKCE verifier: base64url of its SHA-256 digest. */
async function codeChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** Our own callback page of a provider: /auth/{provider}/callback/. */
function socialRedirectUri(provider: SocialProvider, origin = window.location.origin): string {
  return `${origin}/auth/${provider}/callback/`;
}

/**
 * The consent-page URL of a provider: client id, redirect URI, a fresh state, a PKCE S256 challenge and, for Google, an
 * OIDC nonce; the state, verifier and nonce are kept in this tab's sessionStorage for the callback.
 */
export async function socialSignInUrl(provider: SocialProvider, options: { remember?: boolean; next?: string } = {}): Promise<string> {
  const base = provider === 'google' ? config.googleAuthUrl : config.facebookAuthUrl;
  if (!isHttpUrl(base)) throw new AuthFailure(providerFailure(provider), FAILURE_MS.short);
  const record: SocialState = {
    provider,
    state: randomState(),
    verifier: base64url(randomBytes(32)),
    nonce: provider === 'google' ? base64url(randomBytes(16)) : undefined,
    remember: options.remember === true,
    next: safeNextPath(options.next),
  };
  sessionStorage.setItem(SOCIAL_STATE, JSON.stringify(record));
  const url = new URL(base);
  url.searchParams.set('client_id', provider === 'google' ? config.googleClientId : config.facebookAppId);
  url.searchParams.set('redirect_uri', socialRedirectUri(provider));
  url.searchParams.set('state', record.state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', provider === 'google' ? 'openid email profile' : 'email');
  url.searchParams.set('code_challenge', await codeChallenge(record.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (record.nonce) url.searchParams.set('nonce', record.nonce);
  return url.toString();
}

/** Sends the browser to the provider's consent page; rejects with the provider's failure when it cannot. */
export async function signInWithSocial(provider: SocialProvider, options: { remember?: boolean; next?: string } = {}): Promise<void> {
  window.location.assign(await socialSignInUrl(provider, options));
}

function takeSocialState(): SocialState | undefined {
  try {
    const raw = sessionStorage.getItem(SOCIAL_STATE);
    sessionStorage.removeItem(SOCIAL_STATE);
    const parsed = raw ? (JSON.parse(raw) as Partial<SocialState>) : undefined;
    if (!parsed || typeof parsed.state !== 'string' || (parsed.provider !== 'google' && parsed.provider !== 'facebook')) return undefined;
    // Without its verifier this tab cannot finish the flow: the callback is refused as one it did not start.
    if (typeof parsed.verifier !== 'string' || parsed.verifier === '') return undefined;
    return {
      provider: parsed.provider,
      state: parsed.state,
      verifier: parsed.verifier,
      nonce: typeof parsed.nonce === 'string' ? parsed.nonce : undefined,
      remember: parsed.remember === true,
      next: safeNextPath(parsed.next),
    };
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

/** 'Failed to Authenticate with Google' (or Facebook). */
function providerFailure(provider: SocialProvider): string {
  return provider === 'google' ? authMessages.googleFailed : authMessages.facebookFailed;
}

/** Completes a social sign-in on its callback page: checks state, trades the code with its verifier, stores tokens, loads the shopper. */
export async function completeSocialSignIn(provider: SocialProvider, search: URLSearchParams): Promise<SocialResult> {
  const fallback = providerFailure(provider);
  const saved = takeSocialState();
  if (!saved || saved.provider !== provider || saved.state !== search.get('state')) {
    throw new AuthFailure(authMessages.socialState, FAILURE_MS.long);
  }
  if (search.get('error')) {
    throw new AuthFailure((provider === 'google' && search.get('error_description')) || fallback, FAILURE_MS.long);
  }
  // Facebook's redirect flow answers with `code`; its JavaScript SDK answers with a signed_request that carries one.
  const code = search.get('code') || (provider === 'facebook' ? codeFromSignedRequest(search.get('signed_request') ?? '') : undefined);
  if (!code) throw new AuthFailure(fallback, FAILURE_MS.long);
  const grant = { code, codeVerifier: saved.verifier, redirectUri: socialRedirectUri(provider), nonce: saved.nonce };
  try {
    const tokens = provider === 'google' ? await authApi.googleCallback(grant) : await authApi.facebookCallback(grant);
    const user = await startSession(tokens, saved.remember);
    return { user, next: saved.next ?? '/' };
  } catch (error) {
    const description = provider === 'google' && error instanceof ApiError ? error.description : undefined;
    throw new AuthFailure(description || fallback, FAILURE_MS.long);
  }
}

/** The callback page's trade: completes the social sign-in it was sent back with, failing with the provider's failure (5 s) whatever went wrong. */
export const $socialSignIn = createWriteStore<{ provider: SocialProvider; search: URLSearchParams }, SocialResult, AuthFailure>(
  ({ provider, search }) =>
    completeSocialSignIn(provider, search).catch((error: unknown) => {
      throw error instanceof AuthFailure ? error : new AuthFailure(providerFailure(provider), FAILURE_MS.long);
    }),
  [],
  { failure: (error) => error as AuthFailure },
);
