import * as yup from 'yup';
import { accountMessages } from '../account-messages';
import { NOTIFICATION_METHODS, type NotificationMethod } from '../notification-methods';
import { email, imageProblem, messages } from './rules';

/** Values of the personal details form. */
export interface DetailsValues {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  notificationMethod: NotificationMethod;
  /** Asked for, and sent, only when the e-mail, the mobile or the notification method changes (Devise's update_with_password). */
  currentPassword: string;
}

/** What the account holds now of the details whose change needs the current password. */
export interface GuardedDetails {
  email: string;
  mobile: string;
  notificationMethod: string;
}

/** Whether the form's e-mail differs from the account's (any case, spaces around ignored): then the current password is needed. */
export function emailChanging(typed: string, accountEmail: string): boolean {
  return accountEmail.trim() !== '' && typed.trim().toLowerCase() !== accountEmail.trim().toLowerCase();
}

/** Whether saving the form changes the sign-in e-mail or where the order news goes (mobile, spaces aside, or notification method): then the current password is needed (sandbox/README.md rule 10). */
export function needsCurrentPassword(values: Pick<DetailsValues, 'email' | 'mobile' | 'notificationMethod'>, account: GuardedDetails | undefined): boolean {
  if (!account) return false;
  // The update sends the mobile without its spaces, and the service compares it so.
  const mobileChanging = values.mobile.replace(/\s+/g, '') !== account.mobile.replace(/\s+/g, '');
  return emailChanging(values.email, account.email) || mobileChanging || values.notificationMethod !== account.notificationMethod;
}

/** My details: e-mail uses the shared rule, the others are plain strings (SPEC section 5); a new e-mail, mobile or notification method needs the current password. */
export function detailsSchema(account: GuardedDetails | undefined): yup.ObjectSchema<DetailsValues> {
  return yup.object({
    // Formik hands an emptied field to yup as undefined: names and mobile may be left empty (SPEC section 5), the e-mail not.
    firstName: yup.string().default(''),
    lastName: yup.string().default(''),
    email: email.defined(messages.email),
    mobile: yup.string().default(''),
    notificationMethod: yup.mixed<NotificationMethod>().oneOf(NOTIFICATION_METHODS.map(([value]) => value)).defined(),
    currentPassword: yup
      .string()
      .default('')
      .when(['email', 'mobile', 'notificationMethod'], ([email, mobile, notificationMethod]: (string | undefined)[], rule) =>
        needsCurrentPassword({ email: email ?? '', mobile: mobile ?? '', notificationMethod: notificationMethod as NotificationMethod }, account)
          ? rule.required(accountMessages.currentPasswordNeeded)
          : rule,
      ),
  });
}

/** Values of the add-card form. */
export interface CardValues {
  cardName: string;
}

/** Add card: the card name, a string the provider page shows back. */
export const cardSchema: yup.ObjectSchema<CardValues> = yup.object({
  cardName: yup.string().trim().required(messages.required),
});

/** Values of the schedule-return form (SPEC section 3). */
export interface ReturnValues {
  portal: number;
  orderId: number;
  item: number;
  totalItems: number;
  returnReason: string;
  returnPhoto: File | null;
}

/** Return form rules and messages of SPEC section 5. */
export const returnSchema = yup.object({
  portal: yup.number().typeError(messages.returnPortal).moreThan(0, messages.returnPortal),
  orderId: yup.number().typeError(messages.returnOrder).moreThan(0, messages.returnOrder),
  item: yup.number().typeError(messages.returnItem).moreThan(0, messages.returnItem),
  totalItems: yup.number().typeError(messages.returnItems).integer(messages.returnItems).moreThan(0, messages.returnItems),
  returnReason: yup.string(),
  returnPhoto: yup
    .mixed<File>()
    .nullable()
    .test('image', messages.imageRequired, function check(value) {
      const problem = imageProblem(value);
      return problem ? this.createError({ message: problem }) : true;
    }),
});

/** Values of the close-account form. */
export interface CloseAccountValues {
  email: string;
  currentPassword: string;
}

/** Close account: the shopper types their account's e-mail address (any case, spaces around ignored) and their current password to confirm. */
export function closeAccountSchema(accountEmail: string): yup.ObjectSchema<CloseAccountValues> {
  return yup.object({
    email: yup
      .string()
      .trim()
      .required(messages.required)
      .test('own-email', accountMessages.closeMismatch, (typed) => typed?.toLowerCase() === accountEmail.trim().toLowerCase()),
    currentPassword: yup.string().required(accountMessages.currentPasswordNeeded),
  });
}
