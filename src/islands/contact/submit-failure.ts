import { ApiError } from '../../lib/api/errors';

/** The toast text for a failed send: the API's SPEC section 8 message, else the catch-all. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something terrible happened';
}

/** Moves focus to the first invalid field after a rejected submit. */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: Record<string, unknown>): void {
  const first = Object.keys(errors)[0];
  if (!form || !first) return;
  const field = form.elements.namedItem(first);
  if (field instanceof HTMLElement) field.focus();
}
