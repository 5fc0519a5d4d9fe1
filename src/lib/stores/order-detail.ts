import type { FetcherStore } from '@nanostores/query';
import {
  deleteProduct,
  getCostSummary,
  getOrder,
  hasQuoteExtras,
  listOrderProducts,
  orderFromWire,
  productFromWire,
  quoteFromWire,
  restoreProduct,
  updateOrderAddress,
  updateOrderDelivery,
  type DeliveryChoice,
  type Order,
  type OrderProduct,
  type OrderRecords,
  type Quote,
} from '../api/orders';
import { ORDERS_KEY } from './orders';
import { cachedData, createFetcherStore, createWriteStore, setCachedData } from './query';

const OPEN = ['placed', 'processing'];
// The order lists (`orders?...`), not the single orders: a change to one order is patched into its detail read.
const LISTS = `${ORDERS_KEY}?`;

/** One order with its cost summary and products, as the quote and invoice pages show it (with issue 44's extras). */
export interface OrderDetail {
  order: Order;
  quote: Quote | null;
  products: OrderProduct[];
}

// Issue 44's decoders, loaded only for an order that has their data (and after a change to a product or the quote).
const quoteExtras = () => import('../api/quote-extras');

const detailKey = (id: number): [string, number, string] => [`${ORDERS_KEY}/`, id, '/detail'];

/** The read of one order with its cost summary and products (`{ data, error, loading }`), asked again on every screen that shows it. */
export function orderDetailStore(id: number): FetcherStore<OrderDetail> {
  return createFetcherStore<OrderDetail>(
    detailKey(id),
    async () => {
      // Issue 44's decoders load only for an order that has their data (most quotes and invoices never need them): the
      // records are kept, and read again with them when they have it.
      const sent: OrderRecords = { order: {}, quote: null, products: [] };
      const [order, quote, products] = await Promise.all([
        getOrder(id, (o) => orderFromWire((sent.order = o))),
        getCostSummary(id, (q) => quoteFromWire((sent.quote = q))),
        listOrderProducts(id, (p) => productFromWire((sent.products.push(p), p))),
      ]);
      if (!hasQuoteExtras([sent.order, sent.quote, ...sent.products])) return { order, quote, products };
      return (await quoteExtras()).detailWithExtras(sent);
    },
    { freshness: 'every-mount', scope: 'personal' },
  );
}

function patch(id: number, change: (detail: OrderDetail) => OrderDetail): void {
  const detail = cachedData<OrderDetail>(...detailKey(id));
  if (detail) setCachedData(detailKey(id), change(detail));
}

/** True while products may still be removed and the address changed (placed or processing). */
export function isOpenOrder(order: Pick<Order, 'status'>): boolean {
  return OPEN.includes(order.status);
}

/** Sends the order to another of the shopper's addresses; the order lists are read again. */
export const $changeOrderAddress = createWriteStore<{ orderId: number; addressId: number }>(
  async ({ orderId, addressId }) => {
    const order = await updateOrderAddress(orderId, addressId);
    patch(orderId, (detail) => ({ ...detail, order }));
  },
  [LISTS],
);

/** Sends the order to one of the shopper's addresses or to a pickup point (issue 57); the quote is read again (a pickup order's delivery costs less) and so are the order lists. */
export const $changeOrderDelivery = createWriteStore<{ orderId: number; choice: DeliveryChoice }>(
  async ({ orderId, choice }) => {
    const order = await updateOrderDelivery(orderId, choice);
    patch(orderId, (detail) => ({ ...detail, order }));
    await refreshQuote(orderId);
  },
  [LISTS],
);

async function refreshQuote(orderId: number): Promise<void> {
  const quote = await quoteExtras()
    .then(({ quoteWithExtras }) => getCostSummary(orderId, quoteWithExtras))
    .catch(() => undefined);
  if (quote !== undefined) patch(orderId, (detail) => ({ ...detail, quote }));
}

interface ProductOfOrder {
  orderId: number;
  productId: number;
}

/** Removes a product from the order; resolves with its name for the undo toast. */
export const $removeProduct = createWriteStore<ProductOfOrder, string>(
  async ({ orderId, productId }) => {
    const known = cachedData<OrderDetail>(...detailKey(orderId))?.products.find((p) => p.id === productId)?.name ?? '';
    const { name } = await deleteProduct(productId);
    patch(orderId, (detail) => ({ ...detail, products: detail.products.filter((p) => p.id !== productId) }));
    await refreshQuote(orderId);
    return name || known;
  },
  [LISTS],
);

/** Puts a removed product back (undo). */
export const $restoreProduct = createWriteStore<ProductOfOrder>(
  async ({ orderId, productId }) => {
    const { productWithExtras } = await quoteExtras();
    const product = await restoreProduct(productId, productWithExtras);
    patch(orderId, (detail) => ({
      ...detail,
      products: [...detail.products.filter((p) => p.id !== productId), product].sort((a, b) => a.id - b.id),
    }));
    await refreshQuote(orderId);
  },
  [LISTS],
);
