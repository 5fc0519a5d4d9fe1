// @ts-check
// The content studio's GitHub sign-in relay (README.md beside this file). It speaks the protocol Sveltia CMS's
// pop-up sign-in speaks (GET /auth, GET /callback, the `authorizing:github` handshake, then
// `authorization:github:success:{json}` or `…:error:{json}`), but hands the token to one origin only: the studio's,
// set by the deployer. What the caller sends (site_id, scope) decides nothing.

/** @typedef {{ GITHUB_CLIENT_ID?: string, GITHUB_CLIENT_SECRET?: string, STUDIO_ORIGIN?: string, GITHUB_SCOPE?: string, GITHUB_ORIGIN?: string }} RelayEnv */

/** The scopes the relay may ask GitHub for: each writes a repository, neither reaches the editor's profile. */
export const SCOPES = ['public_repo', 'repo'];

/** The cookie that binds a callback to the pop-up that started the sign-in (the __Host- prefix: Secure, Path=/, this host only). */
export const STATE_COOKIE = '__Host-studio-auth-state';

const STATE_SECONDS = 600;
const HANDSHAKE = 'authorizing:github';

/**
 * The origin `value` names, when it is one (no path, query or user) and is https:, or http: on this machine.
 * @param {string | undefined} value
 */
function originOf(value) {
  try {
    const url = new URL(value ?? '');
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    if (url.origin !== value || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback))) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The relay's settings from its environment; `studioOrigin` is null, and `complete` false, when a setting is missing or wrong.
 * @param {RelayEnv} env
 */
export function relaySettings(env) {
  const studioOrigin = originOf(env.STUDIO_ORIGIN);
  const github = originOf(env.GITHUB_ORIGIN ?? 'https://github.com');
  const scope = env.GITHUB_SCOPE ?? 'public_repo';
  const complete = !!(studioOrigin && github && env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET && SCOPES.includes(scope));
  return { studioOrigin, github, scope, complete, clientId: env.GITHUB_CLIENT_ID ?? '', clientSecret: env.GITHUB_CLIENT_SECRET ?? '' };
}

/** @param {unknown} value A JavaScript literal that is safe inside an inline script. */
const literal = (value) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** @param {string} text */
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const randomHex = (bytes = 32) => [...crypto.getRandomValues(new Uint8Array(bytes))].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** Headers every answer carries: never stored, never framed, no address passed on. */
const BASE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Content-Type-Options': 'nosniff' };

/** Ends the state: a callback uses it once. */
const CLEAR_STATE = `${STATE_COOKIE}=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax`;

/**
 * The last page, in the pop-up: it tells the studio's window it is there, and hands the result over only when the
 * answer comes from the studio's origin and from the window that opened it. postMessage with the studio's origin as
 * target: a window of any other origin is not sent even the handshake.
 * @param {string | null} studioOrigin
 * @param {{ token: string } | { error: string, errorCode: string }} result
 */
function handOver(studioOrigin, result) {
  const headers = { ...BASE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Set-Cookie': CLEAR_STATE };
  const nonce = randomHex(16);
  const policy = `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  if (!studioOrigin) {
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in relay not set up</title></head><body>
<p>This sign-in relay is not set up: its STUDIO_ORIGIN setting is missing or not an https: origin. Tell a developer.</p>
</body></html>`;
    return new Response(page, { status: 500, headers: { ...headers, 'Content-Security-Policy': policy } });
  }
  const state = 'token' in result ? 'success' : 'error';
  const message = `authorization:github:${state}:${JSON.stringify({ provider: 'github', ...result })}`;
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head><body>
<p>Signing in to the content studio at ${escapeHtml(studioOrigin)}… If this window stays open, close it and sign in from the studio.</p>
<script nonce="${nonce}">
(() => {
  const studio = ${literal(studioOrigin)};
  window.addEventListener('message', (event) => {
    if (event.origin !== studio || event.source !== window.opener || event.data !== ${literal(HANDSHAKE)}) return;
    window.opener.postMessage(${literal(message)}, studio);
  });
  window.opener?.postMessage(${literal(HANDSHAKE)}, studio);
})();
</script>
</body></html>`;
  return new Response(page, { headers: { ...headers, 'Content-Security-Policy': policy } });
}

/** @param {string | null} studioOrigin */
const misconfigured = (studioOrigin) =>
  handOver(studioOrigin, { error: 'OAuth app client ID or secret is not configured.', errorCode: 'MISCONFIGURED_CLIENT' });

/**
 * GET /auth: a new state in this pop-up's cookie, then GitHub's consent page for the configured scope.
 * @param {URL} url
 * @param {RelayEnv} env
 */
function startSignIn(url, env) {
  const settings = relaySettings(env);
  if (url.searchParams.get('provider') !== 'github')
    return handOver(settings.studioOrigin, { error: 'Your Git backend is not supported by the authenticator.', errorCode: 'UNSUPPORTED_BACKEND' });
  if (!settings.complete) return misconfigured(settings.studioOrigin);
  const state = randomHex();
  const consent = new URL('/login/oauth/authorize', settings.github ?? '');
  consent.search = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: `${url.origin}/callback`,
    scope: settings.scope,
    state,
    allow_signup: 'false',
  }).toString();
  const cookie = `${STATE_COOKIE}=${state}; Max-Age=${STATE_SECONDS}; Path=/; Secure; HttpOnly; SameSite=Lax`;
  return new Response(null, { status: 302, headers: { ...BASE_HEADERS, Location: consent.href, 'Set-Cookie': cookie } });
}

/**
 * The state this pop-up's /auth set, from the request's cookies.
 * @param {Request} request
 */
function stateCookie(request) {
  for (const pair of (request.headers.get('Cookie') ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === STATE_COOKIE && value && /^[0-9a-f]{64}$/.test(value)) return value;
  }
  return null;
}

/**
 * GET /callback: only with the state this pop-up's /auth set (used once), the code is exchanged for a token, which
 * the last page hands to the studio.
 * @param {Request} request
 * @param {URL} url
 * @param {RelayEnv} env
 */
async function finishSignIn(request, url, env) {
  const settings = relaySettings(env);
  if (!settings.complete) return misconfigured(settings.studioOrigin);
  const expected = stateCookie(request);
  if (!expected || url.searchParams.get('state') !== expected)
    return handOver(settings.studioOrigin, { error: 'Potential CSRF attack detected. Authentication flow aborted.', errorCode: 'CSRF_DETECTED' });
  const code = url.searchParams.get('code');
  if (!code || url.searchParams.has('error'))
    return handOver(settings.studioOrigin, { error: 'Failed to receive an authorization code. Please try again later.', errorCode: 'AUTH_CODE_REQUEST_FAILED' });
  const tokenFailed = { error: 'Failed to request an access token. Please try again later.', errorCode: 'TOKEN_REQUEST_FAILED' };
  let answer;
  try {
    const response = await fetch(new URL('/login/oauth/access_token', settings.github ?? ''), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: settings.clientId, client_secret: settings.clientSecret, code, redirect_uri: `${url.origin}/callback` }),
    });
    answer = await response.json();
  } catch {
    return handOver(settings.studioOrigin, tokenFailed);
  }
  const token = answer && typeof answer === 'object' ? answer.access_token : undefined;
  return handOver(settings.studioOrigin, typeof token === 'string' && token ? { token } : tokenFailed);
}

export default {
  /**
   * The relay: GET /auth and GET /callback (Cloudflare Workers' fetch handler; studio-auth/netlify wraps it for Netlify).
   * @param {Request} request
   * @param {RelayEnv} env
   * @returns {Promise<Response>}
   */
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname !== '/auth' && url.pathname !== '/callback') return new Response('Not found', { status: 404, headers: BASE_HEADERS });
    if (request.method !== 'GET') return new Response('Method not allowed', { status: 405, headers: { ...BASE_HEADERS, Allow: 'GET' } });
    return url.pathname === '/auth' ? startSignIn(url, env) : finishSignIn(request, url, env);
  },
};
