import * as authApi from '../api/auth';
import { authMessages } from '../auth-messages';
import { isTooMany } from './try-again';
import { createWriteStore } from './write-store';

/** What the unlock page shows: the toast and the page text of SPEC section 8. */
export interface UnlockFailure {
  toast: string;
  text: string;
}

// The page was opened without the e-mailed token: nothing is sent.
const NO_TOKEN = new Error(authMessages.noUnlockToken);

/** Unlocks the account with the e-mailed token (null when the link had none); fails with what to show (after a 429, how long to wait). */
export const $unlock = createWriteStore<string | null, void, UnlockFailure>(
  (token) => (token ? authApi.unlockAccount(token) : Promise.reject(NO_TOKEN)),
  [],
  {
    waitOut429: 'unlock attempts',
    failure: (error) => {
      if (error === NO_TOKEN) return { toast: authMessages.noUnlockToken, text: authMessages.unlockPageMissing };
      if (isTooMany(error)) return { toast: error.message, text: error.message };
      return { toast: authMessages.unlockFailed, text: authMessages.unlockPageFailed };
    },
  },
);
