import type { Flash } from '../../../lib/flash';
import { AuthFailure } from '../../../lib/auth-messages';
import { notify, toastError } from '../../ui/Toasts';

/** Shows a failed auth action as its toast (message and duration of SPEC section 8). */
export function showFailure(error: unknown): void {
  if (error instanceof AuthFailure) notify.error(error.message, error.ms);
  else toastError(error);
}

/** Shows a flash message that travelled from the previous page. */
export function showFlash(flash: Flash): void {
  if (flash.kind === 'success') notify.success(flash.message);
  else notify.error(flash.message, flash.ms);
}
