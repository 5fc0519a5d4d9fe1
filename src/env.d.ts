/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_API_HOST?: string;
  readonly PUBLIC_OAUTH_CLIENT_ID?: string;
  readonly PUBLIC_OAUTH_CLIENT_SECRET?: string;
  readonly PUBLIC_GOOGLE_AUTH_URL?: string;
  readonly PUBLIC_GOOGLE_CLIENT_ID?: string;
  readonly PUBLIC_FACEBOOK_AUTH_URL?: string;
  readonly PUBLIC_FACEBOOK_APP_ID?: string;
  readonly PUBLIC_PAYMENT_HOSTS?: string;
  readonly PUBLIC_COURIER_HOSTS?: string;
  readonly PUBLIC_ANALYTICS?: string;
  readonly PUBLIC_REQUEST_TIMEOUT_MS?: string;
}
