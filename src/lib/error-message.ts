import { normaliseError } from './api/errors';

/** The one message of SPEC section 8 for any failure: an API error's own (every store fails with one), else 'Something terrible happened'. */
export function errorMessage(error: unknown): string {
  return normaliseError(error).message;
}
