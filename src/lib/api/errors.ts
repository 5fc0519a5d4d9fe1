/** Which branch of the SPEC section 8 catalogue an error took. */
export type ApiErrorKind = 'server' | 'client' | 'offline' | 'unknown';

/** A failed API call, normalised as SPEC section 8 says. */
export class ApiError extends Error {
  /** HTTP status, when the server answered. */
  readonly status?: number;
  /** The body's errors field: a field map, or { detail } for addresses. */
  readonly errors?: Record<string, unknown>;
  /** The body's error_description (OAuth errors), when there is one. */
  readonly description?: string;
  /** Which branch of the catalogue this is. */
  readonly kind: ApiErrorKind;
  /** Seconds the server asked to wait before trying again (a 429's or 503's Retry-After). */
  readonly retryAfter?: number;

  constructor(
    message: string,
    kind: ApiErrorKind,
    details: { status?: number; errors?: Record<string, unknown>; description?: string; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.errors = details.errors;
    this.description = details.description;
    this.retryAfter = details.retryAfter;
  }
}

/** Whether a failure is an ApiError: the one value of this module that views may use (they import its types). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Message for a request that got no response at all. */
export const OFFLINE_MESSAGE = 'Server is probably offline';
/** Message for a failure that is neither an HTTP answer nor a missing one. */
export const UNKNOWN_MESSAGE = 'Something terrible happened';

/** Said on the next page when the service has ended the session (its token endpoint refused the refresh). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended: please sign in again.';

interface FetchFailure {
  name?: string;
  response?: { status: number; _data?: unknown; headers?: Headers };
  status?: number;
  data?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a Retry-After header: delay seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return Number(value);
  const at = value ? Date.parse(value) : NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Turns whatever a request threw into an ApiError and logs it as a warning (never a token). */
export function normaliseError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const failure = (isRecord(error) ? error : {}) as FetchFailure;
  let result: ApiError;
  if (failure.name === 'FetchError' && failure.response) {
    const status = failure.response.status;
    const body = isRecord(failure.data) ? failure.data : isRecord(failure.response._data) ? failure.response._data : {};
    const message = typeof body.error === 'string' && body.error !== '' ? body.error : `Request failed with status code ${status}`;
    const errors = isRecord(body.errors) ? body.errors : undefined;
    const description = typeof body.error_description === 'string' ? body.error_description : undefined;
    const retryAfter = retryAfterSeconds(failure.response.headers?.get('Retry-After'));
    result = new ApiError(message, status >= 500 ? 'server' : 'client', { status, errors, description, retryAfter });
  } else if (failure.name === 'FetchError') {
    result = new ApiError(OFFLINE_MESSAGE, 'offline');
  } else {
    result = new ApiError(UNKNOWN_MESSAGE, 'unknown');
  }
  console.warn(`API request failed: ${result.message}`, result.status ?? '');
  return result;
}
