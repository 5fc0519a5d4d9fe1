import { accountMessages } from '../account-messages';
import { orderFieldErrors, type OrderFormValues, type ProductValues } from '../schemas/order';
import { MAX_PRODUCTS } from './order-draft';

/** The success toast once the order is placed (SPEC section 8). */
export const ORDER_CREATED = 'Order Created';

/** What Place Order depends on: the connection, the terms checkbox and an order already on its way. */
export interface PlaceOrderState {
  online: boolean;
  agreed: boolean;
  placing: boolean;
}

/** SPEC section 2: Place Order is enabled once the terms are agreed, while online, and not while the order is being placed. */
export function canPlaceOrder({ online, agreed, placing }: PlaceOrderState): boolean {
  return online && agreed && !placing;
}

/** A submit goes to the service only from a signed-in shopper who agreed to the terms (Enter in a field submits too). */
export function shouldSubmitOrder(signedIn: boolean, values: Pick<OrderFormValues, 'agreed'>): boolean {
  return signedIn && values.agreed;
}

/** Add Items is offered until the order holds the most products a draft may hold, and not while it is being placed. */
export function canAddProduct(products: readonly unknown[], placing: boolean): boolean {
  return !placing && products.length < MAX_PRODUCTS;
}

/** SPEC section 2: delete is hidden when the order is being placed (finalized) or it is the only product. */
export function canDeleteProduct(products: readonly unknown[], placing: boolean): boolean {
  return !placing && products.length > 1;
}

/** The undo toast after a product block is deleted. */
export function productDeletedMessage(product: Pick<ProductValues, 'name'>): string {
  return `${product.name} deleted`;
}

/** Undo of a delete: the block goes back where it was (or last), unless it is already there or the order is full. */
export function restoreProductAt(products: ProductValues[], index: number, product: ProductValues): ProductValues[] {
  if (products.some((p) => p.key === product.key) || products.length >= MAX_PRODUCTS) return products;
  const at = Math.min(Math.max(index, 0), products.length);
  return [...products.slice(0, at), product, ...products.slice(at)];
}

/** How a press on Place Order ended: nothing sent, placed (toast, then the order-uploaded page), or failed (the note, a toast and the server's field messages). */
export type PlaceOrderStep =
  | { kind: 'none' }
  | { kind: 'placed'; message: string; orderId: number }
  | { kind: 'failed'; message: string; fields: Record<string, string> };

/** The next step after the order write ended with `outcome` (undefined: one was already in flight and nothing was sent). */
export function placeOrderStep(outcome: { data: number } | { error: { errors?: Record<string, unknown> } } | undefined): PlaceOrderStep {
  if (!outcome) return { kind: 'none' };
  if ('error' in outcome) return { kind: 'failed', message: accountMessages.orderFailed, fields: orderFieldErrors(outcome.error.errors) };
  return { kind: 'placed', message: ORDER_CREATED, orderId: outcome.data };
}
