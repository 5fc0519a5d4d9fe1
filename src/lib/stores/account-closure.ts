import { closeAccount } from '../api/users';
import { accountMessages } from '../account-messages';
import { queueFlash } from '../flash';
import { currentPasswordWait } from './details';
import { createWriteStore, type WriteOutcome } from './query';
import { signOut } from './session';

/** Closes the shopper's account (DELETE /users/{id}); `{ loading, error }` while it goes. */
export const $accountClosure = createWriteStore<{ id: number; currentPassword: string }>(
  ({ id, currentPassword }) => currentPasswordWait.send(() => closeAccount(id, currentPassword)),
  [],
);

/** Closes the account, then ends the session as Log Out does (every personal datum here is dropped) and says so on the home page; resolves with the write's outcome. */
export async function closeMyAccount(id: number, currentPassword: string): Promise<WriteOutcome<unknown> | undefined> {
  const done = await $accountClosure.mutate({ id, currentPassword });
  // Only once the service has closed it: a refusal, or a second press while the first is on its way, keeps the session.
  if (done && 'data' in done) {
    queueFlash({ kind: 'success', message: accountMessages.accountClosed });
    signOut();
  }
  return done;
}
