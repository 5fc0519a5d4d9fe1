import { config } from '../config';
import { api, requestTokens, type TokenResponse } from './client';

/** Asks the token endpoint for a token pair with the shopper's e-mail and password. */
export function passwordGrant(username: string, password: string): Promise<TokenResponse> {
  const body: Record<string, string> = {
    grant_type: 'password',
    username,
    password,
    client_id: config.oauthClientId,
    scope: config.oauthScope,
  };
  // A public client sends no secret: Doorkeeper rejects an empty one as invalid_client.
  if (config.oauthClientSecret) body.client_secret = config.oauthClientSecret;
  return requestTokens(config.tokenUrl, body);
}

/** What a social callback hands the API: the provider's code, the PKCE verifier it was issued for, our redirect URI, and (Google) the OIDC nonce. */
export interface SocialGrant {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  nonce?: string;
}

/** Trades a Google authorization code, with its PKCE verifier, redirect URI and nonce, for a token pair (in the POST body). */
export function googleCallback(grant: SocialGrant): Promise<TokenResponse> {
  const body: Record<string, string> = { code: grant.code, code_verifier: grant.codeVerifier, redirect_uri: grant.redirectUri };
  if (grant.nonce) body.nonce = grant.nonce;
  return requestTokens(`${config.apiHost}/users/auth/google_oauth2/callback`, body);
}

/** Trades a Facebook code, with its PKCE verifier and our redirect URI, for a token pair (in the POST body: a query string lands in logs). */
export function facebookCallback(grant: SocialGrant): Promise<TokenResponse> {
  const body = { code: grant.code, code_verifier: grant.codeVerifier, redirect_uri: grant.redirectUri };
  return requestTokens(`${config.apiHost}/users/auth/facebook/callback`, body);
}

/** Sends the password-reset e-mail. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api('/users/forgot_password', { method: 'POST', auth: false, body: { user: { email } } });
}

/** What the reset screen sends (SPEC section 3: confirmationCode is the e-mailed token). */
export interface PasswordReset {
  confirmationCode: string;
  password: string;
  confirmPassword: string;
}

/** Sets a new password with the token from the reset e-mail. */
export async function resetPassword(reset: PasswordReset): Promise<void> {
  await api('/users/reset_password', {
    method: 'POST',
    auth: false,
    body: { user: { password: reset.password, confirm_password: reset.confirmPassword, token: reset.confirmationCode } },
  });
}

/** Unlocks an account with the token from the unlock e-mail. */
export async function unlockAccount(token: string): Promise<void> {
  await api('/users/unlock_account', { method: 'POST', auth: false, body: { user: { token } } });
}
