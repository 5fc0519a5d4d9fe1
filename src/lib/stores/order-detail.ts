import { atom } from 'nanostores';
import type { ApiError } from '../api/errors';
import { deleteProduct, getCostSummary, getOrder, listOrderProducts, restoreProduct, updateOrderAddress, type Order, type OrderProduct, type Quote } from '../api/orders';
import { replaceCachedOrder } from './orders';
import { $accessToken } from './session';

const OPEN = ['placed', 'processing'];

/** One order with its cost summary and products, as the quote and invoice pages show it. */
export interface OrderDetail {
  order: Order;
  quote: Quote | null;
  products: OrderProduct[];
}

/** The order on screen: its id, the loaded detail, the loading flag and the last load error. */
export interface OrderDetailState {
  id: number;
  data: OrderDetail | undefined;
  loading: boolean;
  error: ApiError | undefined;
}

const empty: OrderDetailState = { id: 0, data: undefined, loading: false, error: undefined };

/** The order the quote-payment or invoice page shows. */
export const $orderDetail = atom<OrderDetailState>(empty);

let request = 0;

/** Loads an order, its cost summary and its products together. */
export async function loadOrderDetail(id: number): Promise<void> {
  const mine = ++request;
  const current = $orderDetail.get();
  $orderDetail.set({ id, data: current.id === id ? current.data : undefined, loading: true, error: undefined });
  try {
    const [order, quote, products] = await Promise.all([getOrder(id), getCostSummary(id), listOrderProducts(id)]);
    if (mine === request) $orderDetail.set({ id, data: { order, quote, products }, loading: false, error: undefined });
  } catch (error) {
    if (mine === request) $orderDetail.set({ ...$orderDetail.get(), loading: false, error: error as ApiError });
  }
}

function patch(id: number, change: (detail: OrderDetail) => OrderDetail): void {
  const state = $orderDetail.get();
  if (state.id === id && state.data) $orderDetail.set({ ...state, data: change(state.data) });
}

/** True while products may still be removed and the address changed (placed or processing). */
export function isOpenOrder(order: Pick<Order, 'status'>): boolean {
  return OPEN.includes(order.status);
}

/** Sends the order to another of the shopper's addresses. */
export async function changeOrderAddress(orderId: number, addressId: number): Promise<void> {
  const order = await updateOrderAddress(orderId, addressId);
  patch(orderId, (detail) => ({ ...detail, order }));
  replaceCachedOrder(order);
}

async function refreshQuote(orderId: number): Promise<void> {
  const quote = await getCostSummary(orderId).catch(() => undefined);
  if (quote !== undefined) patch(orderId, (detail) => ({ ...detail, quote }));
}

/** Removes a product from the order; resolves with its name for the undo toast. */
export async function removeOrderProduct(orderId: number, productId: number): Promise<string> {
  const known = $orderDetail.get().data?.products.find((p) => p.id === productId)?.name ?? '';
  const { name } = await deleteProduct(productId);
  patch(orderId, (detail) => ({ ...detail, products: detail.products.filter((p) => p.id !== productId) }));
  await refreshQuote(orderId);
  return name || known;
}

/** Puts a removed product back (undo). */
export async function undoRemoveOrderProduct(orderId: number, productId: number): Promise<void> {
  const product = await restoreProduct(productId);
  patch(orderId, (detail) => ({
    ...detail,
    products: [...detail.products.filter((p) => p.id !== productId), product].sort((a, b) => a.id - b.id),
  }));
  await refreshQuote(orderId);
}

$accessToken.listen((token) => {
  if (token !== '') return;
  request += 1;
  $orderDetail.set(empty);
});
