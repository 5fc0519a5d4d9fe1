import * as yup from 'yup';
import { IF_UNAVAILABLE_RULES, type IfUnavailableRule } from '../if-unavailable';
import { fieldErrors, type FieldAliases } from '../field-errors';
import { image, messages, quantity, required, url } from './rules';

/** One product block of the order form. */
export interface ProductValues {
  /** Stable id of the block: React key and IndexedDB key of its screenshot. */
  key: string;
  name: string;
  /** The product page URL. */
  description: string;
  quantity: number | '';
  comment: string;
  /** The cropped, re-encoded screenshot. */
  screenshot: Blob | null;
  /** What to do if the product is sold out (issue 44). */
  ifUnavailable: IfUnavailableRule;
  /** The size or colour to buy instead; needed with buy_alternative. */
  alternative: string;
}

/** The longest alternative the service takes. */
const MAX_ALTERNATIVE = 255;

/** The "if unavailable" messages (strings the tests assert). */
export const ifUnavailableMessages = {
  rule: 'Choose what we do if this product is unavailable',
  alternative: 'Say which size or colour to buy instead, or choose another rule',
  alternativeLong: `Must be at most ${MAX_ALTERNATIVE} characters`,
} as const;

/** The rules of a product's "if unavailable" fields; the sandbox's (sandbox/src/if-unavailable.ts) give the same verdicts. */
export const ifUnavailableFields = {
  ifUnavailable: yup.string().oneOf(IF_UNAVAILABLE_RULES, ifUnavailableMessages.rule).required(ifUnavailableMessages.rule),
  alternative: yup
    .string()
    .trim()
    .max(MAX_ALTERNATIVE, ifUnavailableMessages.alternativeLong)
    .when('ifUnavailable', { is: 'buy_alternative', then: (rule) => rule.required(ifUnavailableMessages.alternative) }),
};

/** The order form's values (SPEC section 3 order creation payload, with ids for portal and address). */
export interface OrderFormValues {
  portal: number;
  addressId: number;
  products: ProductValues[];
  agreed: boolean;
}

/** The order form rules of SPEC section 5. */
export const orderSchema = yup.object({
  portal: yup.number().typeError(messages.portal).moreThan(0, messages.portal).required(messages.portal),
  addressId: yup.number().typeError(messages.address).moreThan(0, messages.address).required(messages.address),
  products: yup
    .array()
    .of(
      yup.object({
        name: required,
        description: url,
        screenshot: image.nullable(),
        quantity: quantity.required(messages.quantity),
        comment: yup.string(),
        ...ifUnavailableFields,
      }),
    )
    .min(1),
  agreed: yup.boolean(),
});

// The form's names for POST /orders's error keys; a product's are keyed by its position (products[1].description).
const ORDER_FIELDS: FieldAliases<string> = {
  portal_id: 'portal',
  portal: 'portal',
  address_id: 'addressId',
  address: 'addressId',
  'products[].name': 'products.[].name',
  'products[].description': 'products.[].description',
  'products[].quantity': 'products.[].quantity',
  'products[].comment': 'products.[].comment',
  'products[].screenshot': 'products.[].screenshot',
  'products[].if_unavailable': 'products.[].ifUnavailable',
  'products[].alternative': 'products.[].alternative',
};

/** Turns a server field map of POST /orders into form field paths (products.1.description); unknown keys are left out. */
export function orderFieldErrors(errors: Record<string, unknown> | undefined): Record<string, string> {
  return fieldErrors(errors, ORDER_FIELDS) as Record<string, string>;
}
