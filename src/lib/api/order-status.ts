// The status words of an order, apart from the order so that modules orders.ts reads (tracking.ts) can know them
// without importing orders.ts back.

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

/** Every status the client knows, in the spelling it shows and compares. */
export const ORDER_STATUSES: readonly OrderStatus[] = [
  'placed',
  'processing',
  'paid',
  'goods purchased',
  'in transit',
  'arrived in SA',
  'delivered',
  'return',
  'returning',
  'returned',
];
