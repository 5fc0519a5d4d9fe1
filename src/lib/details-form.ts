import { accountMessages } from './account-messages';
import type { User } from './api/users';
import { fieldErrors, type FieldAliases } from './field-errors';
import { isNotificationMethod } from './notification-methods';
import type { DetailsValues } from './schemas/account';

// The update sends the client names, so the API answers field errors under those; older answers use the wire names.
const FIELD_NAMES: FieldAliases<keyof DetailsValues> = {
  firstName: 'firstName',
  first_name: 'firstName',
  lastName: 'lastName',
  last_name: 'lastName',
  email: 'email',
  mobile: 'mobile',
  notificationMethod: 'notificationMethod',
  notification_method: 'notificationMethod',
  current_password: 'currentPassword',
  currentPassword: 'currentPassword',
};

/** The current-password error in the shopper's words: the service answers Devise's "can't be blank" or "is invalid". */
export function currentPasswordError(message: string): string {
  return /blank/i.test(message) ? accountMessages.currentPasswordNeeded : accountMessages.currentPasswordWrong;
}

/** The server's field errors of a failed update, keyed by form field (first message each). */
export function detailsFieldErrors(error: unknown): Partial<Record<keyof DetailsValues, string>> {
  const fields = fieldErrors(error, FIELD_NAMES);
  return fields.currentPassword === undefined ? fields : { ...fields, currentPassword: currentPasswordError(fields.currentPassword) };
}

/** The form's starting values: the shopper's details, with sms when no method (or one the client does not know) is stored (SPEC section 9). */
export function detailsInitialValues(user: User | undefined): DetailsValues {
  const method = user?.notificationMethod;
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    notificationMethod: isNotificationMethod(method) ? method : 'sms',
    currentPassword: '',
  };
}
