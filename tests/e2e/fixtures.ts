import { test as base, expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';

/** Origin of the sandbox API the site under test talks to. */
export const apiOrigin = `http://127.0.0.1:${process.env.SANDBOX_PORT ?? 4010}`;

/** Origin of the site under test. */
export const siteOrigin = `http://127.0.0.1:${process.env.E2E_PORT ?? 4321}`;

/** The seeded demo shopper (has addresses, a card and orders); the social stand-ins sign in as this user. */
export const DEMO_USER = { email: 'shopper@example.com', password: 'Shopper#2026', firstName: 'Thandi', lastName: 'Nkosi' } as const;

/** A user the tests can sign in as. */
export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A token pair from the sandbox's token endpoint. */
export interface Tokens {
  access_token: string;
  refresh_token: string;
}

let counter = 0;

/** Registers a new user through POST /users (no UI), so tests never fight over the demo shopper. */
export async function freshUser(request: APIRequestContext, overrides: Partial<Account> = {}): Promise<Account> {
  counter += 1;
  const account: Account = {
    email: `e2e-${Date.now()}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'Fresh#2026pass',
    firstName: 'Lerato',
    lastName: 'Mokoena',
    ...overrides,
  };
  const response = await request.post(`${apiOrigin}/api/web/v1/users`, {
    data: {
      user: {
        first_name: account.firstName,
        last_name: account.lastName,
        email: account.email,
        mobile: '+27821234567',
        birth_date: '1990-05-05',
        password: account.password,
      },
    },
  });
  // 201 in the spec's shape, 200 in the envelope: any 2xx is a created account.
  expect(response.ok(), await response.text()).toBe(true);
  return account;
}

/** Asks the sandbox's token endpoint for a token pair (password grant). */
export async function tokensFor(request: APIRequestContext, account: Pick<Account, 'email' | 'password'>): Promise<Tokens> {
  const response = await request.post(`${apiOrigin}/oauth/token`, {
    data: { grant_type: 'password', username: account.email, password: account.password, client_id: 'shopper-web', scope: 'read write' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Tokens;
}

/** Puts a token pair into the page's storage before its first script runs, once per tab (a later sign-out sticks). */
export async function seedSession(page: Page, tokens: Tokens, remember = true): Promise<void> {
  await page.addInitScript(
    ({ origin, access, refresh, keep }) => {
      if (window.location.origin !== origin || window.sessionStorage.getItem('__e2e_seeded')) return;
      window.sessionStorage.setItem('__e2e_seeded', '1');
      const storage = keep ? window.localStorage : window.sessionStorage;
      if (keep) window.localStorage.setItem('remember_me', 'true');
      storage.setItem('access_token', access);
      storage.setItem('refresh_token', refresh);
    },
    { origin: siteOrigin, access: tokens.access_token, refresh: tokens.refresh_token, keep: remember },
  );
}

/** Whether the running test's API answers come in the `{ data }` envelope: its `envelope` project, or a whole run with SANDBOX_SHAPE=envelope. */
export function answersInEnvelope(): boolean {
  return base.info().project.name === 'envelope' || process.env.SANDBOX_SHAPE === 'envelope';
}

/** The resource of an API answer in either dialect the sandbox speaks: a bare body, or the `{ data }` envelope (see {@link answersInEnvelope}). */
export async function apiBody<T>(response: APIResponse): Promise<T> {
  const body = (await response.json()) as unknown;
  return (body !== null && typeof body === 'object' && !Array.isArray(body) && 'data' in body ? (body as { data: T }).data : body) as T;
}

/** Calls a /__sandbox control endpoint (SANDBOX_FAULTS=1) and returns its data. */
export async function sandbox<T = unknown>(request: APIRequestContext, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`${apiOrigin}/__sandbox${path}`, { method, data });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Calls a rate-limited API path (sandbox/README.md rule 10) until the sandbox answers 429, so that the page's next call
 * of it for the same e-mail address (or account) is refused too; `send` makes one call. Per e-mail address, so no other
 * test is held up.
 */
export async function spendRateLimit(send: () => Promise<APIResponse>): Promise<void> {
  for (let calls = 0; calls < 50; calls += 1) if ((await send()).status() === 429) return;
  throw new Error('the sandbox never answered 429');
}

/** The newest reset or unlock token the sandbox e-mailed to `email`. */
export async function latestUserToken(request: APIRequestContext, kind: 'reset' | 'unlock', email: string): Promise<string> {
  const rows = await sandbox<{ kind: string; token: string; email: string; used_at: string | null }[]>(request, 'GET', '/tokens');
  const row = rows.find((r) => r.kind === kind && r.email === email && r.used_at === null);
  expect(row, `no ${kind} token for ${email}`).toBeTruthy();
  return row?.token ?? '';
}

interface Fixtures {
  /** Who `signedIn` signs in as: a fresh user (default), the demo shopper, or given credentials. */
  account: 'fresh' | 'demo' | Account;
  /** Keep me signed in for `signedIn` (tokens in localStorage; default true). */
  remember: boolean;
  /** Signs in without the UI (token endpoint + storage) before the test's first navigation. */
  signedIn: Account & { tokens: Tokens };
}

/**
 * Holds back every request of the page that matches `url` (a script, as on a slow phone network) until the test calls
 * `release`; `requested` counts the requests held so far.
 */
export async function holdBack(page: Page, url: RegExp): Promise<{ requested: () => number; release: () => void }> {
  let count = 0;
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    count += 1;
    await released;
    await route.continue();
  });
  return { requested: () => count, release };
}

/**
 * The layout shifts of the page so far that no input caused, once its document was parsed (and after `since`, a time
 * of the page's clock), each as its score and the elements that moved, with their boxes before and after and the
 * viewport, so that a failure says what moved where.
 */
export async function layoutShifts(page: Page, since = 0): Promise<string[]> {
  return page.evaluate(
    (since) =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        // A slow CPU paints a document part-parsed (up to the inline island scripts in the body, say) and moves what
        // the rest of it adds: those moves are the parser's, seen on a loaded machine only (the flakes of the footer
        // on /unlock-account/ and the header on /my-details/). What the page's own code moves comes after.
        const parsed = Math.max(since, (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domInteractive ?? 0);
        new PerformanceObserver((list) => {
          type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
          const box = (r: DOMRectReadOnly): string => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
            if (entry.hadRecentInput || entry.startTime < parsed) continue;
            const moved = (entry.sources ?? []).map(
              (s) => `${s.node instanceof Element ? `${s.node.tagName} ${s.node.className}` : 'text'} (${box(s.previousRect)} -> ${box(s.currentRect)})`,
            );
            seen.push(`${entry.value.toFixed(4)}: ${moved.join(', ')} at ${Math.round(entry.startTime)} ms in ${innerWidth}x${innerHeight}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(seen), 200);
      }),
    since,
  );
}

/**
 * Plays every CSS animation on the page to its end at once, then lets the page answer, twice (an ending may start
 * another, as a toast's countdown starts its exit): what a timed toast would do after its seconds is done now.
 */
export async function finishAnimations(page: Page): Promise<void> {
  for (let round = 0; round < 2; round += 1) {
    await page.evaluate(async () => {
      for (const animation of document.getAnimations()) {
        try {
          animation.finish();
        } catch {
          // An endless animation (a spinner) has no end to play to.
        }
      }
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    });
  }
}

/** Playwright's test with the session fixtures. */
export const test = base.extend<Fixtures>({
  account: ['fresh', { option: true }],
  remember: [true, { option: true }],
  signedIn: async ({ page, request, account, remember }, use) => {
    const who = account === 'fresh' ? await freshUser(request) : account === 'demo' ? { ...DEMO_USER } : account;
    const tokens = await tokensFor(request, who);
    await seedSession(page, tokens, remember);
    await use({ ...who, tokens });
  },
});

export { expect };
