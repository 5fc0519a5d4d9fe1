import * as authApi from '../api/auth';
import { authMessages } from '../auth-messages';
import { createTryAgain, isTooMany } from './try-again';

/** The unlock page's wait after a 429. */
export const unlockWait = createTryAgain('unlock attempts');

/** What the unlock page shows: the toast and the page text of SPEC section 8. */
export interface UnlockFailure {
  toast: string;
  text: string;
}

/** Unlocks the account with the e-mailed token; resolves undefined on success, else what to show (after a 429, how long to wait). */
export async function unlockAccount(token: string | null): Promise<UnlockFailure | undefined> {
  if (!token) return { toast: authMessages.noUnlockToken, text: authMessages.unlockPageMissing };
  try {
    await unlockWait.send(() => authApi.unlockAccount(token));
    return undefined;
  } catch (error) {
    if (isTooMany(error)) return { toast: error.message, text: error.message };
    return { toast: authMessages.unlockFailed, text: authMessages.unlockPageFailed };
  }
}
