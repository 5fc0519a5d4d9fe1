import { closeAccount } from '../api/users';
import { accountMessages } from '../account-messages';
import { queueFlash } from '../flash';
import { createWriteStore } from './query';
import { signOut } from './session';

/** Closes the shopper's account (DELETE /users/{id}); `{ loading, error }` while it goes. */
export const $accountClosure = createWriteStore<number>((id) => closeAccount(id), []);

/** Closes the account, then ends the session as Log Out does (every personal datum here is dropped) and says so on the home page; resolves false when the service refused. */
export async function closeMyAccount(id: number): Promise<boolean> {
  // A second press while the first is on its way must not sign out before the service has answered.
  if ($accountClosure.get().loading) return false;
  await $accountClosure.mutate(id);
  if ($accountClosure.get().error) return false;
  queueFlash({ kind: 'success', message: accountMessages.accountClosed });
  signOut();
  return true;
}
