import * as yup from 'yup';
import type { FieldAliases } from '../field-errors';
import { adultBirthDate, email, matches, messages, mobile, password } from './rules';

/** Login form (SPEC section 5): e-mail as username, the shared password rule, Keep me signed in. */
export const loginSchema = yup.object({
  username: email.required(messages.required),
  password: password.required(messages.required),
  remember: yup.boolean().default(false),
});

/** Values of the login form. */
export type LoginValues = yup.InferType<typeof loginSchema>;

/** Registration form: e-mail, password, matching confirmation, mobile, an adult birth date. */
export const registerSchema = yup.object({
  firstName: yup.string().trim().required(messages.required),
  lastName: yup.string().trim().required(messages.required),
  email: email.required(messages.required),
  birthDate: adultBirthDate,
  mobile: mobile.required(messages.required),
  password: password.required(messages.required),
  confirmPassword: matches('password').required(messages.required),
});

/** Values of the registration form. */
export type RegisterValues = yup.InferType<typeof registerSchema>;

/** Forgot-password form: the screen asks for the e-mail only, so it is required there. */
export const forgotSchema = yup.object({
  email: email.required(messages.required),
});

/** Values of the forgot-password form. */
export type ForgotValues = yup.InferType<typeof forgotSchema>;

/** New-password form: the shared password rule and a matching confirmation. */
export const resetSchema = yup.object({
  password: password.required(messages.required),
  confirmPassword: matches('password').required(messages.required),
});

/** Values of the new-password form. */
export type ResetValues = yup.InferType<typeof resetSchema>;

/** The registration and new-password forms' names for the service's user error keys (first message each). */
export const USER_FIELDS: FieldAliases<keyof RegisterValues> = {
  first_name: 'firstName',
  last_name: 'lastName',
  birth_date: 'birthDate',
  email: 'email',
  mobile: 'mobile',
  password: 'password',
};
