import { updateUser } from '../api/users';
import { needsCurrentPassword, type DetailsValues } from '../schemas/account';
import { createWriteStore } from './query';
import { createTryAgain } from './try-again';
import { fetchCurrentUser, setCurrentUser } from './user';

/** The wait after the service refused more current passwords (429): they count as failed sign-ins of the account. */
export const currentPasswordWait = createTryAgain('password attempts');

/** Saves the personal details (PATCH /users/{id}), with the current password when the e-mail, mobile or notification method changes, and keeps the cached shopper in step. */
export const $saveDetails = createWriteStore<DetailsValues>(async (values) => {
  const user = await fetchCurrentUser();
  const changes = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    mobile: values.mobile.replace(/\s+/g, ''),
    notificationMethod: values.notificationMethod,
  };
  // Only a change of e-mail, mobile or method carries the password, and only it waits out a 429: the other details save meanwhile.
  const updated = needsCurrentPassword(values, user)
    ? await currentPasswordWait.send(() => updateUser(user.id, { ...changes, currentPassword: values.currentPassword }))
    : await updateUser(user.id, changes);
  setCurrentUser(updated);
}, []);
