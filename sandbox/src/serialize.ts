import type { SandboxContext } from './context';
import { availableCents } from './credit-ledger';
import { declarationJson } from './customs-declarations';
import { notFound } from './http';
import { ifUnavailableJson } from './if-unavailable';
import { insuranceJson } from './insurance';
import { deliveryDiscountCents, deliveryJson } from './pickup';
import type { AddressRow, CardRow, OrderRow, ProductRow, UserRow } from './rows';
import { orderShipmentJson, storageFreeUntil } from './shipments';
import { shippingOptionRows, shippingOptionsJson } from './shipping-options';
import { uploadUrl } from './uploads';
import { trackingJson } from './tracking';
import { photoRequestsJson, warehousePhotosJson } from './warehouse-photos';

/** VAT rate applied to the quote sub-total. */
export const VAT_RATE = 0.15;
/** Hours a quote stays valid from its issue (SPEC section 1). */
export const QUOTE_VALID_HOURS = 48;

const money = (cents: number | null): number | null => (cents === null ? null : cents / 100);

/** An amount in cents as the shopper reads it in a message: R650.00. */
export const randText = (cents: number): string => `R${(cents / 100).toFixed(2)}`;

/** User wire shape (no password hash or lock state). */
export function userJson(u: UserRow) {
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    mobile: u.mobile,
    notification_method: u.notification_method,
    birth_date: u.birth_date,
    archived_at: u.archived_at,
  };
}

/** Address wire shape. */
export function addressJson(a: AddressRow) {
  return { id: a.id, name: a.name, address: a.address, city: a.city, province: a.province, postal_code: a.postal_code };
}

/** Card wire shape with real booleans. */
export function cardJson(card: CardRow) {
  return {
    id: card.id,
    user_id: card.user_id,
    token: card.token,
    card_name: card.card_name,
    is_preferred: card.is_preferred === 1,
    is_valid: card.is_valid === 1,
  };
}

/** The order's service fee split over its live products (the first takes the remainder). */
function serviceShares(order: OrderRow, products: ProductRow[]): Map<number, number | null> {
  const shares = new Map<number, number | null>();
  const fee = order.service_fee_cents;
  const live = products.filter((p) => p.deleted_at === null);
  const each = fee === null || live.length === 0 ? 0 : Math.floor(fee / live.length);
  live.forEach((p, i) => shares.set(p.id, fee === null ? null : each + (i === 0 ? fee - each * live.length : 0)));
  return shares;
}

/** Product wire shape; `serviceFee` is its share of the order's facilitation fee in cents. */
export function productJson(ctx: SandboxContext, p: ProductRow, origin: string, serviceFee: number | null) {
  return {
    id: p.id,
    order_id: p.order_id,
    name: p.name,
    description: p.description,
    quantity: p.quantity,
    comment: p.comment,
    cost_price: money(p.cost_cents),
    customs_price: money(p.customs_cents),
    delivery_price: money(p.delivery_cents),
    service_fee: money(serviceFee),
    screenshot: uploadUrl(ctx, origin, p.screenshot),
    // Undefined when the product has none: JSON leaves the key out, so today's answers stay as they were.
    if_unavailable: ifUnavailableJson(p),
    customs_declaration: declarationJson(p),
  };
}

/** The quote with the shipping speeds still offered and the insurance offer, each only when the order has them; null before a quote. */
export function quoteJson(ctx: SandboxContext, order: OrderRow, products: ProductRow[]) {
  const quote = quoteFor(order, products);
  if (quote === null) return null;
  const options = shippingOptionsJson(shippingOptionRows(ctx, order.id));
  // Undefined keys are left out of the JSON: a quote without speeds or insurance is today's quote.
  return { ...quote, shipping_options: options.length > 0 ? options : undefined, insurance: insuranceJson(order, products), credit: quoteCreditJson(ctx, order) };
}

/** The shopper's available store credit on the quote of an order they can pay (issue 56); undefined without credit, or once the order is past paying. */
function quoteCreditJson(ctx: SandboxContext, order: OrderRow): { balance: number } | undefined {
  if (order.order_type !== 'normal' || order.status !== 'processing') return undefined;
  const cents = availableCents(ctx, order.user_id);
  return cents > 0 ? { balance: cents / 100 } : undefined;
}

/**
 * The inclusive quote over the live products, or null before one is issued.
 * Prices are per item; fees = freight + customs; sub_total = items + fees + service fee - delivery discount; VAT 15 %.
 * A pickup order (issue 57) carries `delivery_discount` (off its freight); the payments charge what this answers.
 */
export function quoteFor(order: OrderRow, products: ProductRow[]) {
  if (order.quoted_at === null || order.service_fee_cents === null) return null;
  let items = 0;
  let fees = 0;
  let freight = 0;
  for (const p of products) {
    if (p.deleted_at !== null) continue;
    items += (p.cost_cents ?? 0) * p.quantity;
    fees += ((p.customs_cents ?? 0) + (p.delivery_cents ?? 0)) * p.quantity;
    freight += (p.delivery_cents ?? 0) * p.quantity;
  }
  const discount = deliveryDiscountCents(order, freight);
  const subTotal = items + fees + order.service_fee_cents - discount;
  const vat = Math.round(subTotal * VAT_RATE);
  return {
    fees: fees / 100,
    service_fee: order.service_fee_cents / 100,
    // Left out of the JSON (undefined) for an order delivered to an address: today's quote.
    delivery_discount: order.delivery_method === 'pickup' ? discount / 100 : undefined,
    sub_total: subTotal / 100,
    total_vat: vat / 100,
    total: (subTotal + vat) / 100,
    quoted_at: order.quoted_at,
  };
}

/** The recorded choices and the totals they make (VAT 15 % of the sub-total, as the quote), or undefined before any. */
export function checkoutJson(order: OrderRow) {
  const subTotal = order.checkout_sub_total_cents;
  if (subTotal === null) return undefined;
  const vat = Math.round(subTotal * VAT_RATE);
  const credit = order.checkout_credit_cents;
  return {
    shipping_option_id: order.checkout_shipping_option,
    shipping_price: (order.checkout_shipping_cents ?? 0) / 100,
    insured: order.checkout_insurance_cents !== null,
    insurance_premium: order.checkout_insurance_cents === null ? null : order.checkout_insurance_cents / 100,
    declaration_confirmed_at: order.checkout_declaration_confirmed_at,
    sub_total: subTotal / 100,
    total_vat: vat / 100,
    total: (subTotal + vat) / 100,
    // Issue 56: what store credit paid and what the card or PayFast charged; left out when no credit was used.
    credit_used: credit === null ? undefined : credit / 100,
    paid_now: credit === null ? undefined : (subTotal + vat - credit) / 100,
  };
}

/** All products of an order, deleted ones included (callers filter). */
export function orderProducts(ctx: SandboxContext, orderId: number): ProductRow[] {
  return ctx.db.prepare('SELECT * FROM products WHERE order_id = ? ORDER BY id').all(orderId) as ProductRow[];
}

/** The order `id` if it belongs to `userId`, else 404. */
export function ownOrder(ctx: SandboxContext, id: number, userId: number): OrderRow {
  const order = ctx.db.prepare('SELECT * FROM orders WHERE id = ? AND user_id = ?').get(id, userId) as OrderRow | undefined;
  if (!order) throw notFound();
  return order;
}

/** Order wire shape with portal, user, address, live products, total_items, quote and return. */
export function orderJson(ctx: SandboxContext, origin: string, order: OrderRow) {
  const portal = ctx.db.prepare('SELECT id, name FROM portals WHERE id = ?').get(order.portal_id) as { id: number; name: string };
  const user = ctx.db.prepare('SELECT first_name, last_name FROM users WHERE id = ?').get(order.user_id) as {
    first_name: string;
    last_name: string;
  };
  const address = order.address_id === null
    ? undefined
    : (ctx.db.prepare('SELECT * FROM addresses WHERE id = ?').get(order.address_id) as AddressRow | undefined);
  const all = orderProducts(ctx, order.id);
  const shares = serviceShares(order, all);
  const live = all.filter((p) => p.deleted_at === null);
  const photos = warehousePhotosJson(ctx, origin, order.id, all);
  const requests = photoRequestsJson(ctx, order.id);
  return {
    id: order.id,
    portal,
    user,
    address: address ? addressJson(address) : null,
    order_type: order.order_type,
    status: order.status,
    created_at: order.created_at,
    delivery_date: order.delivery_date,
    pickup: order.pickup,
    shipping: order.shipping,
    products: live.map((p) => productJson(ctx, p, origin, shares.get(p.id) ?? null)),
    total_items: live.reduce((sum, p) => sum + p.quantity, 0),
    quote: quoteJson(ctx, order, all),
    return: order.order_type === 'return'
      ? {
          product_id: order.return_product_id,
          return_quantity: order.return_quantity,
          return_reason: order.return_reason,
          return_photo: uploadUrl(ctx, origin, order.return_photo),
        }
      : null,
    parent_order_id: order.parent_order_id,
    payment_status: order.payment_status,
    // Left out of the JSON (undefined) when the order has none: today's orders keep today's keys.
    checkout: checkoutJson(order),
    warehouse_photos: photos.length > 0 ? photos : undefined,
    photo_requests: requests.length > 0 ? requests : undefined,
    // Issue 55: status_history, tracking_events, expected_delivery and courier, each left out when the order has none.
    ...trackingJson(ctx, order),
    // Issue 57: the pickup point, the combined shipment and the free storage, each left out when the order has none.
    delivery: deliveryJson(ctx, order),
    shipment: orderShipmentJson(ctx, order),
    storage_free_until: storageFreeUntil(ctx, order),
  };
}

/** One product as served by /products/{id}, with its share of the fee. */
export function productOfOrder(ctx: SandboxContext, origin: string, order: OrderRow, productId: number) {
  const all = orderProducts(ctx, order.id);
  const product = all.find((p) => p.id === productId);
  if (!product) throw notFound();
  return productJson(ctx, product, origin, serviceShares(order, all).get(product.id) ?? null);
}

/** Live products of an order in wire shape. */
export function productsJson(ctx: SandboxContext, origin: string, order: OrderRow) {
  const all = orderProducts(ctx, order.id);
  const shares = serviceShares(order, all);
  return all.filter((p) => p.deleted_at === null).map((p) => productJson(ctx, p, origin, shares.get(p.id) ?? null));
}
