import { updateUser } from '../api/users';
import { emailChanging, type DetailsValues } from '../schemas/account';
import { createWriteStore } from './query';
import { fetchCurrentUser, setCurrentUser } from './user';

/** Saves the personal details (PATCH /users/{id}) and keeps the cached shopper in step. */
export const $saveDetails = createWriteStore<DetailsValues>(async (values) => {
  const user = await fetchCurrentUser();
  const updated = await updateUser(user.id, {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    mobile: values.mobile.replace(/\s+/g, ''),
    notificationMethod: values.notificationMethod,
    ...(emailChanging(values.email, user.email) ? { currentPassword: values.currentPassword } : {}),
  });
  setCurrentUser(updated);
}, []);
