import { addressFromWire, type Address, type AddressWire } from './addresses';
import { api } from './client';
import { config } from '../config';

/** Order status values (SPEC section 4). */
export type OrderStatus =
  | 'placed'
  | 'processing'
  | 'paid'
  | 'goods purchased'
  | 'in transit'
  | 'arrived in SA'
  | 'delivered'
  | 'return'
  | 'returning'
  | 'returned';

/** The inclusive quote, or cost summary (SPEC section 3). */
export interface Quote {
  feesCost: number;
  serviceFeeCost: number;
  subTotal: number;
  totalVat: number;
  total: number;
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
}

interface QuoteWire {
  fees?: number | string | null;
  service_fee?: number | string | null;
  sub_total?: number | string | null;
  total_vat?: number | string | null;
  total?: number | string | null;
}

interface ProductWire {
  id: number;
  name?: string | null;
  description?: string | null;
  quantity?: number | null;
  comment?: string | null;
  cost_price?: number | string | null;
  customs_price?: number | string | null;
  delivery_price?: number | string | null;
  service_fee?: number | string | null;
  screenshot?: string | null;
}

interface OrderWire {
  id: number;
  portal?: { id?: number; name?: string | null } | null;
  user?: { first_name?: string | null; last_name?: string | null } | null;
  address?: AddressWire | null;
  order_type?: 'normal' | 'return';
  status?: string;
  created_at?: string | null;
  delivery_date?: string | null;
  pickup?: string | null;
  shipping?: string | null;
  products?: ProductWire[] | null;
  total_items?: number | null;
  quote?: QuoteWire | null;
  parent_order_id?: number | null;
}

/** Paging facts of a list. */
export interface PageMeta {
  currentPage: number;
  totalPages: number;
  totalCount: number;
}

const num = (v: number | string | null | undefined): number => (v === null || v === undefined || v === '' ? 0 : Number(v));

/** Maps a wire quote; null stays null (no quote yet). */
export function quoteFromWire(q: QuoteWire | null | undefined): Quote | null {
  if (!q) return null;
  return { feesCost: num(q.fees), serviceFeeCost: num(q.service_fee), subTotal: num(q.sub_total), totalVat: num(q.total_vat), total: num(q.total) };
}

/** Maps a wire product to the client's. */
export function productFromWire(p: ProductWire): OrderProduct {
  return {
    id: p.id,
    name: p.name ?? '',
    description: p.description ?? '',
    quantity: p.quantity ?? 0,
    comment: p.comment ?? '',
    costPrice: num(p.cost_price),
    customsPrice: num(p.customs_price),
    deliveryPrice: num(p.delivery_price),
    serviceFee: num(p.service_fee),
    screenshot: p.screenshot ?? '',
  };
}

/** Maps a wire order to the client's. */
export function orderFromWire(o: OrderWire): Order {
  const products = (o.products ?? []).map(productFromWire);
  return {
    id: o.id,
    portalId: o.portal?.id ?? 0,
    portalName: o.portal?.name ?? '',
    userName: [o.user?.first_name, o.user?.last_name].filter(Boolean).join(' '),
    address: o.address ? addressFromWire(o.address) : null,
    orderType: o.order_type ?? 'normal',
    status: o.status ?? '',
    createdDate: o.created_at ?? '',
    deliveryDate: o.delivery_date ?? '',
    pickup: o.pickup ?? '',
    shipping: o.shipping ?? '',
    products,
    totalItems: o.total_items ?? products.reduce((sum, p) => sum + p.quantity, 0),
    quote: quoteFromWire(o.quote),
    parentOrderId: o.parent_order_id ?? null,
  };
}

/** Filters of the order list. */
export interface OrderFilter {
  type?: 'normal' | 'return';
  status?: string;
  portal?: number;
  page?: number;
  per?: number;
}

/** Lists the shopper's orders (GET /orders?type=&status=&portal=). */
export async function listOrders(filter: OrderFilter = {}): Promise<{ orders: Order[]; meta: PageMeta }> {
  const res = await api<{ data: OrderWire[]; meta?: { current_page: number; total_pages: number; total_count: number } }>('/orders', {
    query: { type: filter.type, status: filter.status, portal: filter.portal, page: filter.page, per: filter.per },
  });
  const meta = res.meta ?? { current_page: 1, total_pages: 1, total_count: res.data.length };
  return {
    orders: res.data.map(orderFromWire),
    meta: { currentPage: meta.current_page, totalPages: meta.total_pages, totalCount: meta.total_count },
  };
}

/** Loads one order. */
export async function getOrder(id: number): Promise<Order> {
  const res = await api<{ data: OrderWire }>(`/orders/${id}`);
  return orderFromWire(res.data);
}

/** Moves an order to another of the shopper's addresses. */
export async function updateOrderAddress(id: number, addressId: number): Promise<Order> {
  const res = await api<{ data: OrderWire }>(`/orders/${id}`, { method: 'PATCH', body: { order: { address: addressId } } });
  return orderFromWire(res.data);
}

/** Lists an order's products. */
export async function listOrderProducts(id: number): Promise<OrderProduct[]> {
  const res = await api<{ data: ProductWire[] }>(`/orders/${id}/products`);
  return res.data.map(productFromWire);
}

/** Loads an order's cost summary; null until the quote is issued. */
export async function getCostSummary(id: number): Promise<Quote | null> {
  const res = await api<{ data: QuoteWire | null }>(`/orders/${id}/cost_summary`);
  return quoteFromWire(res.data);
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
}

/** Places an order: multipart POST /orders with order_type normal and status placed. */
export async function createOrder(order: { portal: number; addressId: number; products: NewOrderProduct[] }): Promise<{ id: number }> {
  const form = new FormData();
  form.append('order[portal_id]', String(order.portal));
  form.append('order[order_type]', 'normal');
  form.append('order[status]', 'placed');
  form.append('order[address_id]', String(order.addressId));
  order.products.forEach((p, i) => {
    form.append(`order[products][${i}][name]`, p.name);
    form.append(`order[products][${i}][description]`, p.description);
    form.append(`order[products][${i}][quantity]`, String(p.quantity));
    form.append(`order[products][${i}][comment]`, p.comment);
    form.append(`order[products][${i}][screenshot]`, p.screenshot, p.fileName);
  });
  const res = await api<{ data: { id: number } }>('/orders', { method: 'POST', body: form, timeout: config.uploadTimeoutMs });
  return { id: res.data.id };
}

/** Schedules a return of one product of a delivered order (multipart). */
export async function returnOrder(orderId: number, ret: { productId: number; quantity: number; reason: string; photo: Blob; fileName: string }): Promise<{ id: number }> {
  const form = new FormData();
  form.append('id', String(orderId));
  form.append('product_id', String(ret.productId));
  form.append('return_quantity', String(ret.quantity));
  form.append('return_reason', ret.reason);
  form.append('return_photo', ret.photo, ret.fileName);
  const res = await api<{ data: { id: number } }>(`/orders/${orderId}/return_order`, { method: 'POST', body: form, timeout: config.uploadTimeoutMs });
  return { id: res.data.id };
}

/** Marks a returning order as picked up. */
export async function completeReturnOrder(orderId: number): Promise<void> {
  await api(`/orders/${orderId}/complete_return_order`);
}

/** Loads one product. */
export async function getProduct(id: number): Promise<OrderProduct> {
  const res = await api<{ data: ProductWire }>(`/products/${id}`);
  return productFromWire(res.data);
}

/** Deletes a product from an order; the answer names it for the undo toast. */
export async function deleteProduct(id: number): Promise<{ id: number; name: string }> {
  const res = await api<{ data: { id: number; name: string } }>(`/products/${id}`, { method: 'DELETE' });
  return res.data;
}

/** Restores a deleted product (undo). */
export async function restoreProduct(id: number): Promise<OrderProduct> {
  const res = await api<{ data: ProductWire }>(`/products/${id}/restore`, { method: 'POST' });
  return productFromWire(res.data);
}
