import type { ApiError } from '../../../lib/api/errors';
import type { Order, OrderProduct } from '../../../lib/api/orders';
import type { Portal } from '../../../lib/api/portals';
import { fieldErrors, type FieldAliases } from '../../../lib/field-errors';
import { formatDate, orderTitle } from '../../../lib/format';
import type { ReturnValues } from '../../../lib/schemas/account';
import type { DeliveredOrders, ReturnRequest } from '../../../lib/stores/returns';

/** A choice of one of the form's selects. */
export interface ReturnOption {
  value: number;
  label: string;
}

/** The form before anything is chosen: no portal, order or item, one item, no reason, no photo. */
export const initialReturnValues: ReturnValues = { portal: 0, orderId: 0, item: 0, totalItems: 1, returnReason: '', returnPhoto: null };

// The form's names for the service's return error keys.
const RETURN_FIELDS: FieldAliases<keyof ReturnValues> = {
  product_id: 'item',
  return_quantity: 'totalItems',
  return_reason: 'returnReason',
  return_photo: 'returnPhoto',
};

/** The fields a refused return marks (the service's first message each, a photo that cannot be decoded among them). */
export function returnFieldErrors(error: ApiError): Partial<Record<keyof ReturnValues, string>> {
  return fieldErrors(error, RETURN_FIELDS);
}

/** A shop as the Portal select offers it. */
export function portalOption(portal: Portal): ReturnOption {
  return { value: portal.id, label: portal.name };
}

/** A delivered order as the Order select offers it: its title and when it was delivered. */
export function orderOption(order: Order): ReturnOption {
  return { value: order.id, label: `${orderTitle(order)} (delivered ${formatDate(order.deliveryDate) || 'recently'})` };
}

/** An item as the Item select offers it: its name and how many the order holds. */
export function itemOption(product: OrderProduct): ReturnOption {
  return { value: product.id, label: `${product.name} (${product.quantity})` };
}

/** What the form offers for the values chosen so far. */
export interface ReturnChoices {
  /** The delivered orders of the chosen shop (none until its answer is in). */
  orders: Order[];
  /** The items of the chosen order. */
  products: OrderProduct[];
  /** The chosen shop has no delivered order: the Order select says so. */
  noOrders: boolean;
}

/** The orders and items on offer: only the answer for the shop now chosen counts, an answer for an earlier one is ignored. */
export function returnChoices(values: Pick<ReturnValues, 'portal' | 'orderId'>, delivered: { data?: DeliveredOrders; loading: boolean; error?: unknown }): ReturnChoices {
  const current = values.portal > 0 && delivered.data?.portal === values.portal;
  const orders = current ? (delivered.data?.orders ?? []) : [];
  const products = orders.find((o) => o.id === values.orderId)?.products ?? [];
  return { orders, products, noOrders: current && !delivered.loading && !delivered.error && orders.length === 0 };
}

/** Another shop chosen (null cleared): the order and item chosen for the last one go. */
export function withPortal(values: ReturnValues, portal: number | null): ReturnValues {
  return { ...values, portal: portal ?? 0, orderId: 0, item: 0 };
}

/** Another order chosen (null cleared): the item chosen from the last one goes. */
export function withOrder(values: ReturnValues, orderId: number | null): ReturnValues {
  return { ...values, orderId: orderId ?? 0, item: 0 };
}

/** What Schedule Return sends for valid values: the order, its item, the quantity, the reason trimmed, the photo. */
export function returnRequest(values: ReturnValues): ReturnRequest {
  return {
    orderId: values.orderId,
    productId: values.item,
    quantity: values.totalItems,
    reason: values.returnReason.trim(),
    photo: values.returnPhoto,
  };
}
