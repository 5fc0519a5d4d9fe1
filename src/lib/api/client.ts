import { ofetch, type FetchOptions, type FetchResponse } from 'ofetch';
import { config } from '../config';
import { asInt, asText, readOne, unreadable } from './decode';
import { queueFlash } from '../flash';
import { normaliseError, SESSION_ENDED_MESSAGE } from './errors';
import { clearTokens, readStoredToken, storeRenewedTokens } from './token-storage';

/** Options of one API call. */
export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON, FormData as multipart. */
  body?: Record<string, unknown> | FormData;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  /** Send the bearer token (default true); false for the public calls. */
  auth?: boolean;
  /** Milliseconds before the call gives up (default 5000, uploads longer). */
  timeout?: number;
  /** Absolute URL on the API host instead of a path under the API base. */
  absolute?: boolean;
}

/** The token endpoint's answer (Doorkeeper). */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type?: string;
  expires_in?: number;
  scope?: string;
  created_at?: number;
}

/** Reads the token endpoint's answer; one without an access token is unreadable (SPEC section 8). */
function tokensFrom(body: unknown): TokenResponse {
  const t = readOne(body, 'token');
  const accessToken = asText(t.access_token);
  if (!accessToken) throw unreadable('token');
  return {
    access_token: accessToken,
    refresh_token: asText(t.refresh_token),
    token_type: asText(t.token_type) || undefined,
    expires_in: asInt(t.expires_in, NaN) || undefined,
    scope: asText(t.scope) || undefined,
    created_at: asInt(t.created_at, NaN) || undefined,
  };
}

/** Builds a query string with URLSearchParams, leaving out undefined values. */
function queryString(query: ApiOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function statusOf(error: unknown): number | undefined {
  return (error as { response?: { status?: number } } | null)?.response?.status;
}

/** What one refresh attempt came to. */
export type RefreshOutcome = 'refreshed' | 'rejected' | 'failed';

let refreshing: Promise<RefreshOutcome> | undefined;

/** How long a tab that queued behind another tab's refresh waits for that tab's new token to reach its storage. */
const HANDOVER_MS = 500;

async function withRefreshLock<T>(work: (queued: boolean) => Promise<T>): Promise<T> {
  // Web Locks serialise refreshes across tabs that share localStorage; other tabs then find
  // the token already renewed and skip their own call to the token endpoint.
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return work(false);
  const free = await locks.request('token-refresh', { ifAvailable: true }, async (lock) => (lock ? { result: await work(false) } : undefined));
  return free ? free.result : locks.request('token-refresh', () => work(true));
}

async function renewedElsewhere(staleToken: string, waitMs: number): Promise<boolean> {
  // Storage reaches other tabs a moment after the lock does: a tab that queued gives the one before it that moment.
  const end = Date.now() + waitMs;
  while (readStoredToken('access_token') === staleToken && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const current = readStoredToken('access_token');
  return current !== '' && current !== staleToken;
}

async function callTokenEndpoint(): Promise<RefreshOutcome> {
  const refreshToken = readStoredToken('refresh_token');
  if (!refreshToken) {
    clearTokens();
    return 'rejected';
  }
  try {
    const body: Record<string, string> = { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: config.oauthClientId };
    if (config.oauthClientSecret) body.client_secret = config.oauthClientSecret;
    const tokens = tokensFrom(await ofetch<unknown>(config.tokenUrl, { method: 'POST', body, timeout: config.requestTimeoutMs, retry: 0 }));
    storeRenewedTokens(refreshToken, tokens.access_token, tokens.refresh_token);
    return 'refreshed';
  } catch (error) {
    const status = statusOf(error);
    const stored = readStoredToken('refresh_token');
    // Another tab of a sessionStorage session renewed this pair while we asked, and handed it over.
    if (stored && stored !== refreshToken) return 'refreshed';
    // Only the token endpoint's explicit answer ends the session; a timeout or no network keeps it.
    if (status === 400 || status === 401) {
      clearTokens();
      // The service ended it (a new password signs out every session; a refresh family expires): the next page says so.
      queueFlash({ kind: 'error', message: SESSION_ENDED_MESSAGE });
      return 'rejected';
    }
    normaliseError(error);
    return 'failed';
  }
}

/** Renews the access token once for every request that failed with `staleToken`. */
export function refreshSession(staleToken: string): Promise<RefreshOutcome> {
  refreshing ??= withRefreshLock(async (queued) =>
    (await renewedElsewhere(staleToken, queued ? HANDOVER_MS : 0)) ? 'refreshed' : callTokenEndpoint(),
  ).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

function send<T>(path: string, options: ApiOptions, token: string): Promise<FetchResponse<T>> {
  const url = `${options.absolute ? config.apiHost : config.apiBase}${path}${queryString(options.query)}`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.auth !== false && token) headers.Authorization = `Bearer ${token}`;
  const init: FetchOptions<'json'> = {
    method: options.method ?? 'GET',
    headers,
    timeout: options.timeout ?? config.requestTimeoutMs,
    retry: 0,
  };
  if (options.body !== undefined) init.body = options.body;
  return ofetch.raw<T>(url, init);
}

/** Calls the API: bearer token, 5000 ms timeout, one refresh and one retry on 401, SPEC section 8 errors. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return (await apiWithHeaders<T>(path, options)).body;
}

/** Calls the API as `api` does, and also gives the answer's status and headers (those the service exposes to the site, such as a Location). */
export async function apiWithHeaders<T>(path: string, options: ApiOptions = {}): Promise<{ body: T; headers: Headers; status: number }> {
  const answer = await call<T>(path, options);
  return { body: answer._data as T, headers: answer.headers, status: answer.status };
}

async function call<T>(path: string, options: ApiOptions): Promise<FetchResponse<T>> {
  const token = readStoredToken('access_token');
  try {
    return await send<T>(path, options, token);
  } catch (error) {
    if (options.auth === false || statusOf(error) !== 401) throw normaliseError(error);
    const outcome = await refreshSession(token);
    if (outcome !== 'refreshed') throw normaliseError(error);
  }
  try {
    return await send<T>(path, options, readStoredToken('access_token'));
  } catch (error) {
    throw normaliseError(error);
  }
}

/** Asks the token endpoint for a token pair (password grant or a social callback). */
export async function requestTokens(url: string, body: Record<string, string>): Promise<TokenResponse> {
  try {
    return tokensFrom(await ofetch<unknown>(url, { method: 'POST', body, timeout: config.requestTimeoutMs, retry: 0 }));
  } catch (error) {
    throw normaliseError(error);
  }
}
