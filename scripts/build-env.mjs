/** Build-time environment for a site that talks to the sandbox on `apiPort` and is served on `sitePort`. */
export function sandboxBuildEnv({ sitePort = 4321, apiPort = 4010, outDir = 'dist' } = {}) {
  const api = `127.0.0.1:${apiPort}`;
  return {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    ASTRO_OUT_DIR: outDir,
    SITE_URL: process.env.SITE_URL ?? `http://127.0.0.1:${sitePort}`,
    PUBLIC_API_HOST: process.env.PUBLIC_API_HOST ?? `http://${api}`,
    PUBLIC_PAYMENT_HOSTS: process.env.PUBLIC_PAYMENT_HOSTS ?? `${api},localhost:${apiPort},www.payfast.co.za,sandbox.payfast.co.za`,
    PUBLIC_GOOGLE_AUTH_URL: process.env.PUBLIC_GOOGLE_AUTH_URL ?? `http://${api}/stand-in/google/consent`,
    PUBLIC_FACEBOOK_AUTH_URL: process.env.PUBLIC_FACEBOOK_AUTH_URL ?? `http://${api}/stand-in/facebook/consent`,
  };
}
