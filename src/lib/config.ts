/** Reads a PUBLIC_* build-time variable, falling back to the sandbox default. */
function env(name: string, fallback: string): string {
  const value = (import.meta.env as Record<string, string | undefined>)[name];
  return value === undefined || value === '' ? fallback : value;
}

const apiHost = env('PUBLIC_API_HOST', 'http://127.0.0.1:4010').replace(/\/+$/, '');

/** Build-time settings of the client (see .env.example and the README). */
export const config = {
  apiHost,
  apiBase: `${apiHost}/api/web/v1`,
  tokenUrl: `${apiHost}/oauth/token`,
  revokeUrl: `${apiHost}/oauth/revoke`,
  oauthClientId: env('PUBLIC_OAUTH_CLIENT_ID', 'shopper-web'),
  oauthClientSecret: env('PUBLIC_OAUTH_CLIENT_SECRET', ''),
  oauthScope: 'read write',
  // The test build sets a shorter one so that the timeout cases do not wait out 5 s each (scripts/e2e.mjs).
  requestTimeoutMs: Number(env('PUBLIC_REQUEST_TIMEOUT_MS', '5000')) || 5000,
  uploadTimeoutMs: 60000,
  googleAuthUrl: env('PUBLIC_GOOGLE_AUTH_URL', `${apiHost}/stand-in/google/consent`),
  googleClientId: env('PUBLIC_GOOGLE_CLIENT_ID', 'sandbox-google'),
  facebookAuthUrl: env('PUBLIC_FACEBOOK_AUTH_URL', `${apiHost}/stand-in/facebook/consent`),
  facebookAppId: env('PUBLIC_FACEBOOK_APP_ID', 'sandbox-facebook'),
  paymentHosts: env('PUBLIC_PAYMENT_HOSTS', '127.0.0.1:4010,localhost:4010,www.payfast.co.za,sandbox.payfast.co.za')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
  analytics: env('PUBLIC_ANALYTICS', 'none'),
} as const;
