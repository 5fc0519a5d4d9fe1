import { addressFromWire, type Address } from './addresses';
import { api } from './client';
import { config } from '../config';
import { photoRequestsFromWire, warehousePhotosFromWire, type PhotoRequest, type WarehousePhoto } from './warehouse-photos';
import { asAmount, asInt, asNullableInt, asNumber, asRecord, asRecords, asText, asWord, readList, readOne, readOptional, type PageMeta, type WireRecord } from './decode';
import type { IfUnavailable } from '../if-unavailable';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { trackingFromWire, type Tracking } from './tracking';
import { deliveryFromWire, orderShipmentFromWire, storageFreeUntilFromWire, type Delivery, type OrderShipment } from './pickup';

export type { PageMeta } from './decode';
export { ORDER_STATUSES, type OrderStatus } from './order-status';

/** A shipping speed the quote offers: its price (rand before VAT, on top of the quote) and delivery window in working days. */
export interface ShippingOption {
  id: string;
  label: string;
  price: number;
  minDays: number | null;
  maxDays: number | null;
}

/** The insurance the quote offers: its premium (rand before VAT), the rule behind it and what it covers. */
export interface Insurance {
  premium: number;
  ratePercent: number | null;
  minimumPremium: number | null;
  insuredValue: number | null;
  covers: string;
}

/** What a product is declared as to customs: description, value per item (null when unreadable) and ISO country of origin. */
export interface CustomsDeclaration {
  description: string;
  declaredValue: number | null;
  countryOfOrigin: string;
}

/** The latest payment's choices and the totals charged, as the order records them. */
export interface Checkout {
  shippingOptionId: string;
  shippingPrice: number;
  insured: boolean;
  insurancePremium: number | null;
  declarationConfirmedAt: string;
  subTotal: number;
  totalVat: number;
  total: number;
  /** What store credit paid of the total (issue 56); undefined when no credit was used. */
  creditUsed?: number;
  /** What the card or PayFast charged, the total less the credit (issue 56); undefined when no credit was used. */
  paidNow?: number;
}

/** The shopper's store credit the quote offers to spend (issue 56): what they can spend now, in rand. */
export interface QuoteCredit {
  balance: number;
}

/** The inclusive quote, or cost summary (SPEC section 3). */
export interface Quote {
  feesCost: number;
  serviceFeeCost: number;
  subTotal: number;
  totalVat: number;
  total: number;
  /** When the quote was issued (its `quoted_at` or `created_at`); '' when the server does not say. */
  quotedAt: string;
  /** The shipping speeds still offered (issue 44, read by `quoteWithExtras`); undefined when the quote offers no choice. */
  shippingOptions?: ShippingOption[];
  /** The insurance offered (issue 44); undefined when none is. */
  insurance?: Insurance;
  /** What collecting at a pickup point takes off the freight (issue 57; rand before VAT, already in the totals); undefined for delivery to an address. */
  deliveryDiscount?: number;
  /** The shopper's store credit, on the quote of an order they can pay (issue 56, read by `quoteWithExtras`); undefined without credit or a service that keeps none. */
  credit?: QuoteCredit;
}

/** A product of an order (SPEC section 3). */
export interface OrderProduct {
  id: number;
  name: string;
  description: string;
  quantity: number;
  comment: string;
  costPrice: number;
  customsPrice: number;
  deliveryPrice: number;
  serviceFee: number;
  screenshot: string;
  /** What the product is declared as to customs (issue 44, read by `productWithExtras`); undefined when it is not declared. */
  declaration?: CustomsDeclaration;
  /** What to do if it is unavailable (issue 44); undefined when the shopper gave no rule. */
  ifUnavailable?: IfUnavailable;
}

/** An order as the client uses it (SPEC section 3). */
export interface Order {
  id: number;
  portalId: number;
  portalName: string;
  userName: string;
  address: Address | null;
  orderType: 'normal' | 'return';
  status: OrderStatus | string;
  createdDate: string;
  deliveryDate: string;
  pickup: string;
  shipping: string;
  products: OrderProduct[];
  totalItems: number;
  quote: Quote | null;
  parentOrderId: number | null;
  /** How the latest payment on the provider's page stands, as the service heard from it: pending, paid, cancelled, failed; '' when it says nothing. */
  paymentStatus: string;
  /** Photos of the received items (issue 44); none when the service sends none. */
  warehousePhotos?: WarehousePhoto[];
  photoRequests?: PhotoRequest[];
  /** The latest payment's choices and the totals charged (issue 44, read by `orderWithExtras`); undefined when it had none. */
  checkout?: Checkout;
  /** The total charged with the choices of a paid quote (speed, insurance: `checkout.total`); null when the service sent none. */
  totalCharged: number | null;
  /** Where the order is on its way to the door (issue 55); undefined when the service sent none of it. */
  tracking?: Tracking;
  /** The pickup point it is collected at (issue 57); undefined when it goes to the address. */
  delivery?: Delivery;
  /** The combined shipment it ships in (issue 57); undefined when it ships alone. */
  shipment?: OrderShipment;
  /** Until when its storage at the warehouse is free (YYYY-MM-DD, issue 57); undefined when it is not there or the service does not say. */
  storageFreeUntil?: string;
}

/** Maps a wire quote; null, missing or empty stays null (no quote yet, shown as R0). */
export function quoteFromWire(q: WireRecord | null | undefined): Quote | null {
  if (!q) return null;
  const quote: Quote = {
    feesCost: asNumber(q.fees),
    serviceFeeCost: asNumber(q.service_fee),
    subTotal: asNumber(q.sub_total),
    totalVat: asNumber(q.total_vat),
    total: asNumber(q.total),
    quotedAt: asText(q.quoted_at ?? q.created_at),
  };
  const deliveryDiscount = asAmount(q.delivery_discount);
  return deliveryDiscount ? { ...quote, deliveryDiscount } : quote;
}

/** Maps a wire product to the client's. */
export function productFromWire(p: WireRecord): OrderProduct {
  return {
    id: asInt(p.id),
    name: asText(p.name),
    description: asText(p.description),
    quantity: asInt(p.quantity),
    comment: asText(p.comment),
    costPrice: asNumber(p.cost_price),
    customsPrice: asNumber(p.customs_price),
    deliveryPrice: asNumber(p.delivery_price),
    serviceFee: asNumber(p.service_fee),
    screenshot: asText(p.screenshot),
  };
}

/** Maps a wire order to the client's; status and type are read without regard to case or space. */
export function orderFromWire(o: WireRecord): Order {
  const products = asRecords(o.products).map(productFromWire);
  const portal = asRecord(o.portal);
  const user = asRecord(o.user);
  const address = asRecord(o.address);
  const quote = asRecord(o.quote);
  return {
    id: asInt(o.id),
    portalId: asInt(portal?.id ?? o.portal_id),
    portalName: asText(portal?.name),
    userName: [asText(user?.first_name), asText(user?.last_name)].filter(Boolean).join(' '),
    address: address ? addressFromWire(address) : null,
    orderType: asWord(o.order_type, ['normal', 'return'] as const) === 'return' ? 'return' : 'normal',
    status: asWord(o.status, ORDER_STATUSES),
    createdDate: asText(o.created_at),
    deliveryDate: asText(o.delivery_date),
    pickup: asText(o.pickup),
    shipping: asText(o.shipping),
    products,
    totalItems: asInt(o.total_items, products.reduce((sum, p) => sum + p.quantity, 0)),
    quote: quote && Object.keys(quote).length > 0 ? quoteFromWire(quote) : null,
    parentOrderId: asNullableInt(o.parent_order_id),
    paymentStatus: asText(o.payment_status).toLowerCase(),
    warehousePhotos: warehousePhotosFromWire(o.warehouse_photos, products),
    photoRequests: photoRequestsFromWire(o.photo_requests),
    totalCharged: asAmount(asRecord(o.checkout)?.total),
    tracking: trackingFromWire(o),
    ...pickupKeys(o),
  };
}

// Issue 57's keys, each only when the service sent it readable, so an order without them has today's keys.
function pickupKeys(o: WireRecord): Pick<Order, 'delivery' | 'shipment' | 'storageFreeUntil'> {
  const delivery = deliveryFromWire(o.delivery);
  const shipment = orderShipmentFromWire(o.shipment);
  const storageFreeUntil = storageFreeUntilFromWire(o.storage_free_until);
  return { ...(delivery && { delivery }), ...(shipment && { shipment }), ...(storageFreeUntil && { storageFreeUntil }) };
}

/** Filters of the order list. */
export interface OrderFilter {
  type?: 'normal' | 'return';
  status?: string;
  portal?: number;
  page?: number;
  per?: number;
}

/** Lists the shopper's orders (GET /orders?type=&status=&portal=); a list without meta is one whole page. */
export async function listOrders(filter: OrderFilter = {}): Promise<{ orders: Order[]; meta: PageMeta }> {
  const body = await api<unknown>('/orders', {
    query: { type: filter.type, status: filter.status, portal: filter.portal, page: filter.page, per: filter.per },
  });
  const { items, meta } = readList(body, 'orders');
  const page = filter.page ?? 1;
  return { orders: items.map(orderFromWire), meta: meta ?? { currentPage: page, totalPages: page, totalCount: items.length } };
}

/** Loads one order (`decode` reads more of it where a page needs more). */
export async function getOrder(id: number, decode: (o: WireRecord) => Order = orderFromWire): Promise<Order> {
  return decode(readOne(await api<unknown>(`/orders/${id}`), 'order'));
}

/** One order, its cost summary and its products as the service sent them. */
export interface OrderRecords {
  order: WireRecord;
  quote: WireRecord | null;
  products: WireRecord[];
}

const EXTRA_KEYS = ['checkout', 'shipping_options', 'insurance', 'customs_declaration', 'if_unavailable', 'credit'];

/** True when a record the service sent has any of issue 44's keys, or the quote's store credit (issue 56; `src/lib/api/quote-extras.ts` reads them). */
export function hasQuoteExtras(records: readonly (WireRecord | null | undefined)[]): boolean {
  return records.some((r) => r && EXTRA_KEYS.some((key) => r[key] != null));
}

/** Moves an order to another of the shopper's addresses; an empty answer reads the order again. */
export async function updateOrderAddress(id: number, addressId: number): Promise<Order> {
  const body = readOptional(await api<unknown>(`/orders/${id}`, { method: 'PATCH', body: { order: { address: addressId } } }), 'order');
  return body ? orderFromWire(body) : getOrder(id);
}

/** How an order reaches the shopper (issue 57): one of their addresses, or a pickup point by its code. */
export type DeliveryChoice = { method: 'address'; addressId: number } | { method: 'pickup'; pickupPointCode: string };

/** Changes how an open order reaches the shopper (issue 57; re-prices the quote, ends a pending payment attempt); an empty answer reads the order again. */
export async function updateOrderDelivery(id: number, choice: DeliveryChoice): Promise<Order> {
  const order = choice.method === 'pickup' ? { delivery: 'pickup', pickup_point_code: choice.pickupPointCode } : { delivery: 'address', address: choice.addressId };
  const body = readOptional(await api<unknown>(`/orders/${id}`, { method: 'PATCH', body: { order } }), 'order');
  return body ? orderFromWire(body) : getOrder(id);
}

/** Lists an order's products (`decode` reads more of them where a page needs more). */
export async function listOrderProducts(id: number, decode: (p: WireRecord) => OrderProduct = productFromWire): Promise<OrderProduct[]> {
  return readList(await api<unknown>(`/orders/${id}/products`), 'products').items.map(decode);
}

/** Loads an order's cost summary; null until the quote is issued (`decode` reads more of it where a page needs more). */
export async function getCostSummary(id: number, decode: (q: WireRecord | null) => Quote | null = quoteFromWire): Promise<Quote | null> {
  return decode(readOptional(await api<unknown>(`/orders/${id}/cost_summary`), 'quote'));
}

// A created order's id; an empty 201/204 answer (id 0) still counts as created.
function createdId(body: unknown): { id: number } {
  return { id: asInt(readOptional(body, 'order')?.id) };
}

/** One product of the order creation payload (SPEC section 3). */
export interface NewOrderProduct {
  name: string;
  description: string;
  quantity: number;
  comment: string;
  screenshot: Blob;
  /** File name sent with the screenshot. */
  fileName: string;
  /** Issue 44: buy_alternative, cancel_item or ask_me, and the size or colour to buy instead ('' for none). */
  ifUnavailable?: string;
  alternative?: string;
}

/** Places an order: multipart POST /orders with order_type normal and status placed, to an address or (issue 57) a pickup point by its code. */
export async function createOrder(order: { portal: number; addressId?: number; pickupPointCode?: string; products: NewOrderProduct[] }): Promise<{ id: number }> {
  const form = new FormData();
  form.append('order[portal_id]', String(order.portal));
  form.append('order[order_type]', 'normal');
  form.append('order[status]', 'placed');
  // An address order sends today's fields only, so a service without pickup points reads it as before.
  if (order.pickupPointCode) {
    form.append('order[delivery]', 'pickup');
    form.append('order[pickup_point_code]', order.pickupPointCode);
  } else {
    form.append('order[address_id]', String(order.addressId ?? ''));
  }
  order.products.forEach((p, i) => {
    form.append(`order[products][${i}][name]`, p.name);
    form.append(`order[products][${i}][description]`, p.description);
    form.append(`order[products][${i}][quantity]`, String(p.quantity));
    form.append(`order[products][${i}][comment]`, p.comment);
    form.append(`order[products][${i}][screenshot]`, p.screenshot, p.fileName);
    if (p.ifUnavailable) form.append(`order[products][${i}][if_unavailable]`, p.ifUnavailable);
    if (p.alternative) form.append(`order[products][${i}][alternative]`, p.alternative);
  });
  return createdId(await api<unknown>('/orders', { method: 'POST', body: form, timeout: config.uploadTimeoutMs }));
}

/** Schedules a return of one product of a delivered order (multipart). */
export async function returnOrder(orderId: number, ret: { productId: number; quantity: number; reason: string; photo: Blob; fileName: string }): Promise<{ id: number }> {
  const form = new FormData();
  form.append('id', String(orderId));
  form.append('product_id', String(ret.productId));
  form.append('return_quantity', String(ret.quantity));
  form.append('return_reason', ret.reason);
  form.append('return_photo', ret.photo, ret.fileName);
  return createdId(await api<unknown>(`/orders/${orderId}/return_order`, { method: 'POST', body: form, timeout: config.uploadTimeoutMs }));
}

/** Marks a returning order as picked up. */
export async function completeReturnOrder(orderId: number): Promise<void> {
  await api(`/orders/${orderId}/complete_return_order`);
}

/** Deletes a product from an order; the answer names it for the undo toast (an empty answer names nothing). */
export async function deleteProduct(id: number): Promise<{ id: number; name: string }> {
  const deleted = readOptional(await api<unknown>(`/products/${id}`, { method: 'DELETE' }), 'product');
  return { id: asInt(deleted?.id, id), name: asText(deleted?.name) };
}

/** Restores a deleted product (undo; `decode` reads more of it where a page needs more). */
export async function restoreProduct(id: number, decode: (p: WireRecord) => OrderProduct = productFromWire): Promise<OrderProduct> {
  return decode(readOne(await api<unknown>(`/products/${id}/restore`, { method: 'POST' }), 'product'));
}
