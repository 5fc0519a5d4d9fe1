import * as yup from 'yup';
import { isHttpUrl } from '../http-url';

/** SPEC section 5 messages, each written once. */
export const messages = {
  email: 'Must be a valid email',
  passwordLength: 'Password must contain at least 8 characters',
  lowercase: 'Must have 1 lowercase',
  uppercase: 'Must have 1 uppercase',
  digit: 'Must have 1 digit',
  symbol: 'Must have 1 symbol',
  passwordsMatch: 'Passwords must match',
  mobile: 'Must be a valid mobile number: +27 and at least 12 characters, or 0 and at least 10',
  adult: 'Must be older than 18',
  portal: 'Must select a Portal',
  address: 'Address required',
  url: 'Must be a valid URL',
  imageRequired: 'Image is required.',
  imageMax: 'Max file size is 10MB.',
  imageMin: 'Min file size is 50KB.',
  imageType: '.jpg, .jpeg, .png and .webp files are accepted.',
  quantity: 'Must have at least 1',
  returnPortal: 'Portal is required',
  returnOrder: 'Order is required',
  returnItems: 'Must have at least 1',
  returnItem: 'Item is required',
  required: 'Required',
} as const;

/** SPEC section 9 limits. */
export const limits = {
  passwordMin: 8,
  imageMinBytes: 50_000,
  imageMaxBytes: 10_000_000,
  imageTypes: ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'],
  adultYears: 18,
  quantityMin: 1,
} as const;

/** True for one @ between a name and a dotted domain, no spaces, at most 254 characters (the sandbox's rule too). */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
}

/** E-mail rule shared by every form; an empty value passes, `.required()` adds presence. */
export const email = yup.string().trim().test('email', messages.email, (value) => !value || isEmail(value));

/** Password rule shared by login, registration and reset. */
export const password = yup
  .string()
  .min(limits.passwordMin, messages.passwordLength)
  .matches(/[a-z]/, messages.lowercase)
  .matches(/[A-Z]/, messages.uppercase)
  .matches(/\d/, messages.digit)
  .matches(/[^A-Za-z0-9]/, messages.symbol);

/** True for +27 numbers of at least 12 characters and 0 numbers of at least 10, digits only once spaces are dropped. */
export function isMobile(value: string): boolean {
  const v = value.replace(/\s+/g, '');
  if (!/^\+?\d+$/.test(v)) return false;
  return (v.startsWith('+27') && v.length >= 12) || (v.startsWith('0') && v.length >= 10);
}

/** Mobile rule (SPEC section 5); an empty value passes, `.required()` adds presence. */
export const mobile = yup.string().test('mobile', messages.mobile, (value) => !value || isMobile(value));

/** Confirmation that must equal the sibling field `field`. */
export const matches = (field: string) => yup.string().oneOf([yup.ref(field)], messages.passwordsMatch);

/** True when someone born on `birthDate` (YYYY-MM-DD) is older than 18 on `today`. */
export function isAdult(birthDate: string, today = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const eighteenth = new Date(Date.UTC(y + limits.adultYears, m - 1, d));
  return eighteenth.getTime() <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

/** Birth date rule: a date at least 18 years ago. */
export const adultBirthDate = yup.string().test('adult', messages.adult, (value) => !!value && isAdult(value));

// In a module of its own so that code without forms (the session's social sign-in) checks URLs without loading yup.
export { isHttpUrl };

/** Product page URL rule: http or https only. */
export const url = yup.string().test('url', messages.url, (value) => !!value && isHttpUrl(value.trim()));

/** The image rule's verdict on one file: the first failing message, or undefined. */
export function imageProblem(file: { size: number; type: string } | null | undefined): string | undefined {
  if (!file) return messages.imageRequired;
  if (!(limits.imageTypes as readonly string[]).includes(file.type)) return messages.imageType;
  if (file.size >= limits.imageMaxBytes) return messages.imageMax;
  if (file.size <= limits.imageMinBytes) return messages.imageMin;
  return undefined;
}

/** Image rule (required, type, 10MB max, 50KB min) for a File or Blob value. */
export const image = yup
  .mixed<{ size: number; type: string }>()
  .test('image', messages.imageRequired, function check(value) {
    const problem = imageProblem(value);
    return problem ? this.createError({ message: problem }) : true;
  });

/** Quantity rule: a whole number of at least 1. */
export const quantity = yup.number().typeError(messages.quantity).integer(messages.quantity).min(limits.quantityMin, messages.quantity);

/** A value that must be present ('Required'). */
export const required = yup.string().trim().required(messages.required);
