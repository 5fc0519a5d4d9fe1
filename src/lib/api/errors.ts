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

  constructor(message: string, kind: ApiErrorKind, details: { status?: number; errors?: Record<string, unknown>; description?: string } = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.errors = details.errors;
    this.description = details.description;
  }
}

/** Message for a request that got no response at all. */
export const OFFLINE_MESSAGE = 'Server is probably offline';
/** Message for a failure that is neither an HTTP answer nor a missing one. */
export const UNKNOWN_MESSAGE = 'Something terrible happened';

interface FetchFailure {
  name?: string;
  response?: { status: number; _data?: unknown };
  status?: number;
  data?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
    result = new ApiError(message, status >= 500 ? 'server' : 'client', { status, errors, description });
  } else if (failure.name === 'FetchError') {
    result = new ApiError(OFFLINE_MESSAGE, 'offline');
  } else {
    result = new ApiError(UNKNOWN_MESSAGE, 'unknown');
  }
  console.warn(`API request failed: ${result.message}`, result.status ?? '');
  return result;
}
