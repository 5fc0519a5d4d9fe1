import { normaliseError } from '../api/errors';
import { createOrder } from '../api/orders';
import { track } from '../analytics';
import { screenshotFileName } from '../image';
import { orderDestination, type OrderFormValues } from '../schemas/order';
import { clearDraft } from './order-draft';
import { ORDERS_KEY, rememberPlacedOrder } from './orders';
import { createWriteStore } from './query';

/**
 * Places the order (multipart POST /orders, to an address or a pickup point) and resolves with its id; the draft is cleared and the order lists are read
 * again. On failure the draft stays, and analytics hears of it (SPEC section 8 reports an order-creation failure there).
 */
export const $placeOrder = createWriteStore<OrderFormValues, number>(
  async (values) => {
    const count = values.products.length;
    try {
      const { id } = await createOrder({
        portal: values.portal,
        ...orderDestination(values),
        products: values.products.map((p, i) => ({
          name: p.name.trim(),
          description: p.description.trim(),
          quantity: Number(p.quantity),
          comment: p.comment,
          ifUnavailable: p.ifUnavailable,
          alternative: p.alternative.trim(),
          screenshot: p.screenshot as Blob,
          fileName: screenshotFileName(i, p.screenshot?.type ?? ''),
        })),
      });
      track('order_created', { products: count });
      rememberPlacedOrder({ id, placedAt: new Date().toISOString() });
      await clearDraft();
      return id;
    } catch (error) {
      const failure = normaliseError(error);
      track('order_create_failed', { kind: failure.kind, status: failure.status ?? 0, products: count });
      throw failure;
    }
  },
  [`${ORDERS_KEY}?`],
);
