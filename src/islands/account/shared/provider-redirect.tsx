import { accountMessages } from '../../../lib/account-messages';
import { notify } from '../../ui/Toasts';

/** Milliseconds the 'Redirecting to PayFast' toast shows before the browser leaves. */
const REDIRECT_DELAY_MS = 800;

/** Says 'Redirecting to PayFast', then sends the browser to the provider's page (a location the allow-list accepted). */
export async function goToProvider(location: string): Promise<void> {
  notify.success(accountMessages.redirecting);
  // A moment on screen so the shopper reads where they are going before the page changes.
  await new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
  window.location.assign(location);
}
