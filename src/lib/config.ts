// Each PUBLIC_* variable is read by its own name, which the build replaces with its value: a lookup by a computed
// name would put every build-time variable into the page's script.
function env(value: string | undefined, fallback: string): string {
  return value === undefined || value === '' ? fallback : value;
}

const apiHost = env(import.meta.env.PUBLIC_API_HOST, 'http://127.0.0.1:4010').replace(/\/+$/, '');

/** Build-time settings of the client (see .env.example and the README). */
export const config = {
  apiHost,
  apiBase: `${apiHost}/api/web/v1`,
  tokenUrl: `${apiHost}/oauth/token`,
  revokeUrl: `${apiHost}/oauth/revoke`,
  oauthClientId: env(import.meta.env.PUBLIC_OAUTH_CLIENT_ID, 'shopper-web'),
  oauthClientSecret: env(import.meta.env.PUBLIC_OAUTH_CLIENT_SECRET, ''),
  oauthScope: 'read write',
  // The test build sets a shorter one so that the timeout cases do not wait out 5 s each (scripts/e2e.mjs).
  requestTimeoutMs: Number(env(import.meta.env.PUBLIC_REQUEST_TIMEOUT_MS, '5000')) || 5000,
  uploadTimeoutMs: 60000,
  googleAuthUrl: env(import.meta.env.PUBLIC_GOOGLE_AUTH_URL, `${apiHost}/stand-in/google/consent`),
  googleClientId: env(import.meta.env.PUBLIC_GOOGLE_CLIENT_ID, 'sandbox-google'),
  facebookAuthUrl: env(import.meta.env.PUBLIC_FACEBOOK_AUTH_URL, `${apiHost}/stand-in/facebook/consent`),
  facebookAppId: env(import.meta.env.PUBLIC_FACEBOOK_APP_ID, 'sandbox-facebook'),
  paymentHosts: env(import.meta.env.PUBLIC_PAYMENT_HOSTS, '127.0.0.1:4010,localhost:4010,www.payfast.co.za,sandbox.payfast.co.za')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
  // The courier tracking pages the order's page links to (issue 55): any other link the service sends shows as text.
  courierHosts: env(
    import.meta.env.PUBLIC_COURIER_HOSTS,
    'thecourierguy.co.za,www.thecourierguy.co.za,portal.thecourierguy.co.za,pudo.co.za,www.pudo.co.za,www.dhl.com,www.aramex.co.za,www.fastway.co.za,www.postnet.co.za',
  )
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
  analytics: env(import.meta.env.PUBLIC_ANALYTICS, 'none'),
} as const;
