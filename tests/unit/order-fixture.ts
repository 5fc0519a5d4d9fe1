import type { Order } from '../../src/lib/api/orders';

/** An order of the Amazon portal with no products, address or quote, changed by `fields`. */
export function anOrder(fields: Partial<Order> = {}): Order {
  return {
    id: 1,
    portalId: 1,
    portalName: 'Amazon',
    userName: '',
    address: null,
    orderType: 'normal',
    status: 'placed',
    createdDate: '',
    deliveryDate: '',
    pickup: '',
    shipping: '',
    products: [],
    totalItems: 1,
    quote: null,
    parentOrderId: null,
    paymentStatus: '',
    totalCharged: null,
    ...fields,
  };
}
