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

/** How an order reaches the shopper (issue 57): to one of their addresses, or collected at a pickup point. */
export const DELIVERY_METHODS = ['address', 'pickup'] as const;

/** One of DELIVERY_METHODS. */
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** The delivery choice's message (a string the tests assert). */
export const deliveryMessages = { pickupPoint: 'Choose a pickup point' } as const;

/** The order form's values (SPEC section 3 order creation payload, with ids for portal and address). */
export interface OrderFormValues {
  portal: number;
  addressId: number;
  products: ProductValues[];
  agreed: boolean;
  /** Absent (a form from before issue 57, a service without pickup points) reads as address. */
  delivery?: DeliveryMethod;
  /** The chosen pickup point's code and name, kept while the shopper switches back to an address. */
  pickupPointCode?: string;
  pickupPointName?: string;
}

/** Where the order goes as POST /orders takes it: the address id, or the pickup point's code for a pickup order. */
export function orderDestination(values: Pick<OrderFormValues, 'addressId' | 'delivery' | 'pickupPointCode'>): { addressId: number } | { pickupPointCode: string } {
  return values.delivery === 'pickup' ? { pickupPointCode: (values.pickupPointCode ?? '').trim() } : { addressId: values.addressId };
}

const addressRequired = yup.number().typeError(messages.address).moreThan(0, messages.address).required(messages.address);

/** The order form rules of SPEC section 5. */
export const orderSchema = yup.object({
  portal: yup.number().typeError(messages.portal).moreThan(0, messages.portal).required(messages.portal),
  delivery: yup.string().oneOf(DELIVERY_METHODS),
  // An address only for delivery to an address; a point only for a pickup order.
  addressId: yup.number().when('delivery', { is: 'pickup', then: () => yup.number(), otherwise: () => addressRequired }),
  pickupPointCode: yup.string().when('delivery', { is: 'pickup', then: (rule) => rule.trim().required(deliveryMessages.pickupPoint) }),
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
  pickup_point_code: 'pickupPointCode',
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
