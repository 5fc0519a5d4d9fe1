// The status words of the sandbox's orders, apart from the operations that move them so that every module (the
// tracking too) can read them without importing those operations.

/** Statuses of a normal order, in progress-bar order. */
export const NORMAL_STATUSES = ['placed', 'processing', 'paid', 'goods purchased', 'in transit', 'arrived in SA', 'delivered'] as const;
/** Statuses of a return order. */
export const RETURN_STATUSES = ['return', 'returning', 'returned'] as const;

/** The statuses of an order of this type, in the order it moves through them. */
export function statusesOf(orderType: string): readonly string[] {
  return orderType === 'return' ? RETURN_STATUSES : NORMAL_STATUSES;
}

/** Where `status` stands among the statuses of its order type (-1 for a word not among them). */
export function statusIndex(orderType: string, status: string): number {
  return statusesOf(orderType).indexOf(status);
}
