/** Signs in to the sandbox with the password grant and returns the token pair. */
export async function sandboxTokens(apiOrigin, username = 'shopper@example.com', password = 'Shopper#2026') {
  const res = await fetch(`${apiOrigin}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password, client_id: 'shopper-web', scope: 'read write' }),
  });
  if (!res.ok) throw new Error(`Sign-in to the sandbox failed: ${res.status}`);
  return res.json();
}

/** Finds one order id of each status the account routes need. */
export async function sandboxOrderIds(apiOrigin, accessToken) {
  const res = await fetch(`${apiOrigin}/api/web/v1/orders?per=100`, { headers: { Authorization: `Bearer ${accessToken}` } });
  const list = listOf(await res.json(), 'orders');
  const first = (status) => list.find((o) => o.status === status)?.id ?? 0;
  return { placed: first('placed'), processing: first('processing'), delivered: first('delivered') };
}

/** The records of a list answer in either sandbox dialect: a bare array, `{data}` or `{<plural>}`. */
export function listOf(body, plural) {
  if (Array.isArray(body)) return body;
  const list = body?.data ?? body?.[plural];
  if (!Array.isArray(list)) throw new Error(`Not a list of ${plural}: ${JSON.stringify(body).slice(0, 200)}`);
  return list;
}

/** Waits until a URL answers. */
export async function waitFor(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

async function postJson(url, body, token) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Registers a new shopper with a Home address and returns its token pair and e-mail. */
export async function freshShopper(apiOrigin, prefix = 'bench') {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Bench#2026pass';
  await postJson(`${apiOrigin}/api/web/v1/users`, {
    user: { first_name: 'Bench', last_name: 'Shopper', email, mobile: '+27821234567', birth_date: '1990-01-01', password },
  });
  const tokens = await sandboxTokens(apiOrigin, email, password);
  await postJson(
    `${apiOrigin}/api/web/v1/addresses`,
    { address: { name: 'Home', address: '1 Loop Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' } },
    tokens.access_token,
  );
  return { ...tokens, email };
}

/** Calls a /__sandbox control endpoint (the sandbox runs with SANDBOX_FAULTS=1). */
export function sandboxControl(apiOrigin, path, body) {
  return postJson(`${apiOrigin}/__sandbox${path}`, body);
}

/** A Playwright page of a new context whose storage holds the shopper's tokens (Keep me signed in); `options` go to the context. */
export async function signedInPage(browser, site, tokens, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.addInitScript(
    ({ origin, access, refresh }) => {
      if (window.location.origin !== origin) return;
      window.localStorage.setItem('remember_me', 'true');
      window.localStorage.setItem('access_token', access);
      window.localStorage.setItem('refresh_token', refresh);
    },
    { origin: site, access: tokens.access_token, refresh: tokens.refresh_token },
  );
  return { context, page: await context.newPage() };
}
