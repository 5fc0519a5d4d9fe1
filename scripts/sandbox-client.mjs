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
  const { data } = await res.json();
  const first = (status) => data.find((o) => o.status === status)?.id ?? 0;
  return { placed: first('placed'), processing: first('processing'), delivered: first('delivered') };
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
