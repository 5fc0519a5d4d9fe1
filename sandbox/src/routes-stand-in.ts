import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { issueToken, randomToken } from './auth';
import type { AppEnv, SandboxContext } from './context';
import { readBody } from './http';
import { announcePaid, attemptBySecret, attemptProblem, confirmAttempt, finishAttempt, type PaymentAttempt, type Refusal } from './payments';
import { DEMO_USER } from './seed';

/** Secret of the stand-in Facebook app, used to sign `signed_request`. */
export const FACEBOOK_SECRET = 'sandbox-facebook-secret';
const CODE_LIFETIME_MS = 10 * 60_000;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

function page(c: Context<AppEnv>, title: string, body: string, status: 200 | 400 | 404 | 409 | 422 = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#222}
a,button{display:inline-block;margin:.5rem .5rem 0 0;padding:.6rem 1.2rem;border:1px solid #555;border-radius:4px;background:#fff;color:#222;font:inherit;text-decoration:none;cursor:pointer}
.primary{background:#1a56db;border-color:#1a56db;color:#fff}form{display:inline}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return c.html(html, status, {
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'Cache-Control': 'no-store',
  });
}

/** True for http(s) URLs on localhost or 127.0.0.1 (the only redirect targets the stand-ins accept). */
export function isLocalRedirect(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
  } catch {
    return false;
  }
}

function withParams(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** Builds a Facebook-format signed_request: base64url(HMAC-SHA256 signature).base64url(JSON payload). */
export function signRequest(payload: Record<string, unknown>, secret = FACEBOOK_SECRET): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const sig = crypto.createHmac('sha256', secret).update(body).digest('base64url');
  return `${sig}.${body}`;
}

/** Reads the code from a signed_request whose signature is valid, else undefined. */
export function codeFromSignedRequest(signed: string, secret = FACEBOOK_SECRET): string | undefined {
  const [sig, body] = signed.split('.');
  if (!sig || !body) return undefined;
  const expected = crypto.createHmac('sha256', secret).update(body).digest('base64url');
  if (sig.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const code = (payload as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

function demoUserId(ctx: SandboxContext): number | undefined {
  const row = ctx.db.prepare('SELECT id FROM users WHERE email = ? AND archived_at IS NULL').get(DEMO_USER.email) as { id: number } | undefined;
  return row?.id;
}

function consent(ctx: SandboxContext, provider: 'google' | 'facebook') {
  return (c: Context<AppEnv>) => {
    const redirect = c.req.query('redirect_uri');
    const state = c.req.query('state');
    const clientId = c.req.query('client_id');
    const label = provider === 'google' ? 'Google' : 'Facebook';
    if (!clientId) return page(c, `${label} (sandbox)`, '<p>Missing client_id.</p>', 400);
    if (!isLocalRedirect(redirect)) {
      return page(c, `${label} (sandbox)`, '<p>redirect_uri must be an http(s) URL on localhost or 127.0.0.1.</p>', 400);
    }
    // A public browser client must prove at the callback that it started this flow (PKCE, RFC 7636); Google's ID token also carries a nonce.
    const challenge = c.req.query('code_challenge');
    if (!challenge || !PKCE_CHALLENGE.test(challenge) || c.req.query('code_challenge_method') !== 'S256') {
      return page(c, `${label} (sandbox)`, '<p>code_challenge with code_challenge_method S256 is required.</p>', 400);
    }
    const nonce = c.req.query('nonce');
    if (provider === 'google' && !nonce) return page(c, `${label} (sandbox)`, '<p>nonce is required.</p>', 400);
    const userId = demoUserId(ctx);
    if (userId === undefined) return page(c, `${label} (sandbox)`, '<p>The demo shopper does not exist.</p>', 404);
    const code = randomToken(16);
    ctx.db
      .prepare('INSERT INTO social_codes (code, provider, user_id, created_at, code_challenge, nonce, redirect_uri) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(code, provider, userId, Date.now(), challenge, nonce ?? null, redirect);
    // Facebook's redirect flow answers with the code itself; its JavaScript SDK's signed_request is still understood at the callback.
    const grant = { code, state };
    const allow = withParams(redirect, grant);
    const deny = withParams(redirect, { error: 'access_denied', state });
    return page(
      c,
      `Sign in with ${label} (sandbox)`,
      `<p>The app <strong>${escapeHtml(clientId)}</strong> wants to sign you in.</p>
<p><a class="primary" href="${escapeHtml(allow)}">Continue as Demo Shopper</a><a href="${escapeHtml(deny)}">Cancel</a></p>`,
    );
  };
}

/** A PKCE S256 challenge: base64url of a SHA-256 digest, 43 characters. */
const PKCE_CHALLENGE = /^[\w-]{43}$/;

const s256 = (verifier: string) => crypto.createHash('sha256').update(verifier).digest('base64url');

async function callbackParams(c: Context<AppEnv>): Promise<Record<string, string | undefined>> {
  const names = ['code', 'signed_request', 'code_verifier', 'redirect_uri', 'nonce'];
  // Both callbacks are POSTs with a JSON body; the query is read too for the code (SPEC section 7 puts Google's there).
  const body: Record<string, unknown> = await c.req.json<Record<string, unknown>>().catch(() => ({}));
  return Object.fromEntries(names.map((name) => [name, typeof body[name] === 'string' ? body[name] : c.req.query(name)]));
}

const invalidRequest = (c: Context<AppEnv>, description: string, status: 400 | 405, headers: Record<string, string> = {}) =>
  c.json({ error: 'invalid_request', error_description: description }, status, headers);

function callback(ctx: SandboxContext, provider: 'google' | 'facebook') {
  return async (c: Context<AppEnv>) => {
    // The PKCE verifier is the tab's secret: in a query string it would land in proxies' and servers' logs.
    if (c.req.query('code_verifier') !== undefined) return invalidRequest(c, 'Send code_verifier in the POST body, never in the query.', 400);
    const params = await callbackParams(c);
    const signed = params.signed_request;
    const code = params.code ?? (signed && provider === 'facebook' ? codeFromSignedRequest(signed) : undefined);
    const row = code
      ? (ctx.db.prepare('SELECT * FROM social_codes WHERE code = ? AND provider = ? AND used_at IS NULL').get(code, provider) as
          | { user_id: number; created_at: number; code_challenge: string | null; nonce: string | null; redirect_uri: string | null }
          | undefined)
      : undefined;
    if (!row || Date.now() - row.created_at > CODE_LIFETIME_MS) {
      return c.json({ error: 'invalid_grant', error_description: 'The authorization code is invalid, expired or was already used.' }, 401);
    }
    const verifier = params.code_verifier ?? '';
    if (!row.code_challenge || s256(verifier) !== row.code_challenge) {
      return c.json({ error: 'invalid_grant', error_description: 'The code verifier does not match the challenge.' }, 401);
    }
    if (row.redirect_uri !== params.redirect_uri) {
      return c.json({ error: 'invalid_grant', error_description: 'The redirect URI does not match the one the code was issued to.' }, 401);
    }
    if (provider === 'google' && row.nonce !== params.nonce) {
      return c.json({ error: 'invalid_grant', error_description: 'The nonce does not match the one the sign-in started with.' }, 401);
    }
    ctx.db.prepare('UPDATE social_codes SET used_at = ? WHERE code = ?').run(Date.now(), code);
    return c.json(issueToken(ctx, row.user_id));
  };
}

/** Social callbacks under {host}/users/auth: the stand-in codes become Doorkeeper tokens. */
export function socialRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/google_oauth2/callback', callback(ctx, 'google'));
  r.post('/facebook/callback', callback(ctx, 'facebook'));
  // SPEC section 7's GET would carry the verifier in the query: refused, whatever it carries.
  r.get('/facebook/callback', (c) => invalidRequest(c, 'Use POST, with code, code_verifier and redirect_uri in the body.', 405, { Allow: 'POST' }));
  return r;
}

/** Stand-in consent pages (Google, Facebook) and the PayFast card page. */
export function standInRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/google/consent', consent(ctx, 'google'));
  r.get('/facebook/consent', consent(ctx, 'facebook'));

  const pendingCard = (c: Context<AppEnv>) => {
    const id = Number(c.req.param('id'));
    const card = ctx.db
      .prepare('SELECT id, card_name, tokenize_secret FROM cards WHERE id = ? AND is_valid = 0')
      .get(Number.isSafeInteger(id) ? id : 0) as { id: number; card_name: string; tokenize_secret: string | null } | undefined;
    const given = Buffer.from(c.req.param('secret') ?? '');
    const expected = Buffer.from(card?.tokenize_secret ?? '');
    if (!card || expected.length === 0 || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
    return card;
  };
  const gone = (c: Context<AppEnv>) => page(c, 'PayFast (sandbox)', '<p>This card request is unknown or already completed.</p>', 404);

  r.get('/payfast/cards/:id/:secret', (c) => {
    const card = pendingCard(c);
    if (!card) return gone(c);
    const base = `/stand-in/payfast/cards/${card.id}/${encodeURIComponent(card.tokenize_secret ?? '')}`;
    return page(
      c,
      'PayFast (sandbox)',
      `<p>Add the card <strong>${escapeHtml(card.card_name)}</strong>. No real card details are asked for.</p>
<form method="post" action="${base}/complete"><button class="primary" type="submit">Complete</button></form>
<form method="post" action="${base}/cancel"><button type="submit">Cancel</button></form>`,
    );
  });
  r.post('/payfast/cards/:id/:secret/complete', (c) => {
    const card = pendingCard(c);
    if (!card) return gone(c);
    ctx.db.prepare('UPDATE cards SET is_valid = 1 WHERE id = ?').run(card.id);
    return c.redirect(`${ctx.siteOrigin}/my-details?success=true`, 303);
  });
  const noPayment = (c: Context<AppEnv>) => page(c, 'PayFast (sandbox)', '<p>This payment is unknown or already finished.</p>', 404);
  // A payment that can no longer be paid says why, that nothing was charged, and leads back to the quote.
  const refused = (c: Context<AppEnv>, attempt: PaymentAttempt, refusal: Refusal) =>
    page(
      c,
      'PayFast (sandbox)',
      `<p>${escapeHtml(refusal.message)}</p>${attempt.return_url ? `<p><a href="${escapeHtml(attempt.return_url)}">Back to the quote</a></p>` : ''}`,
      refusal.status,
    );
  const attemptOf = (c: Context<AppEnv>) => attemptBySecret(ctx, c.req.param('secret') ?? '');
  r.get('/payfast/payments/:secret', (c) => {
    const attempt = attemptOf(c);
    if (!attempt?.secret) return noPayment(c);
    const problem = attemptProblem(ctx, attempt);
    if (problem) return refused(c, attempt, problem);
    const base = `/stand-in/payfast/payments/${encodeURIComponent(attempt.secret)}`;
    const how = attempt.method === 'hosted'
      ? 'Choose Instant EFT, SnapScan, Zapper, Mobicred or a card here.'
      : 'Your bank would ask you to confirm here.';
    // PayFast's ITN reports the amount it took as amount_gross; the service checks it against the attempt's.
    const amount = (attempt.amount_cents / 100).toFixed(2);
    return page(
      c,
      'PayFast (sandbox)',
      `<p>Pay <strong>R${amount}</strong> for order <strong>${attempt.order_id}</strong>. ${how} No real money moves.</p>
<form method="post" action="${base}/confirm"><input type="hidden" name="amount_gross" value="${amount}"><button class="primary" type="submit">Confirm payment</button></form>
<form method="post" action="${base}/cancel"><button type="submit">Cancel payment</button></form>
<form method="post" action="${base}/fail"><button type="submit">Decline payment</button></form>
<p>Decline payment plays a bank that refuses it: the service hears the payment failed, and the shopper goes back to the site.</p>`,
    );
  });
  r.post('/payfast/payments/:secret/confirm', async (c) => {
    const attempt = attemptOf(c);
    if (!attempt?.secret) return noPayment(c);
    const given = (await readBody(c)).amount_gross;
    const paid = typeof given === 'string' && /^\d{1,9}(\.\d{1,2})?$/.test(given.trim()) ? Math.round(Number(given) * 100) : undefined;
    const refusal = confirmAttempt(ctx, attempt.id, paid);
    if (refusal) return refused(c, attempt, refusal);
    announcePaid(ctx, attempt.order_id);
    return c.redirect(attempt.return_url ?? ctx.siteOrigin, 303);
  });
  // PayFast sends a shopper who cancels to the cancel URL, and one whose payment failed back to the return URL: the
  // service, told by the ITN, is what says which. A page whose payment is over (paid, replaced, ended) changes nothing.
  for (const [action, state] of [['cancel', 'cancelled'], ['fail', 'failed']] as const) {
    r.post(`/payfast/payments/:secret/${action}`, (c) => {
      const attempt = attemptOf(c);
      if (!attempt?.secret) return noPayment(c);
      const problem = attemptProblem(ctx, attempt);
      if (problem) return refused(c, attempt, problem);
      finishAttempt(ctx, attempt, state);
      return c.redirect((action === 'cancel' ? attempt.cancel_url : attempt.return_url) ?? ctx.siteOrigin, 303);
    });
  }
  r.post('/payfast/cards/:id/:secret/cancel', (c) => {
    const card = pendingCard(c);
    if (!card) return gone(c);
    ctx.db.prepare('DELETE FROM cards WHERE id = ?').run(card.id);
    return c.redirect(`${ctx.siteOrigin}/my-details?cancel=true`, 303);
  });
  return r;
}
