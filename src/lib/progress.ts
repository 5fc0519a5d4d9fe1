/** The seven steps of the progress bar (SPEC section 4). */
export const PROGRESS_STEPS = [
  'Order Placed',
  'Processing Order',
  'Order Paid',
  'Goods Purchased',
  'In Transit',
  'Arrived in SA',
  'Delivered',
] as const;

/** How far an order has come: completed steps, fill width in percent, and whether it is a return. */
export interface Progress {
  completed: number;
  percent: number;
  isReturn: boolean;
}

/** Completed steps = 1-based position of the first step label containing the status (case-insensitive); 0 if none. */
export function progressOf(status: string | null | undefined): Progress {
  const total = PROGRESS_STEPS.length;
  if (status?.trim().toLowerCase() === 'return') return { completed: total, percent: 100, isReturn: true };
  const needle = status?.trim().toLowerCase() ?? '';
  const index = needle === '' ? -1 : PROGRESS_STEPS.findIndex((label) => label.toLowerCase().includes(needle));
  const completed = index + 1;
  return { completed, percent: Math.round((completed / total) * 100), isReturn: false };
}

/** The status as a shopper reads it: 'paid' reads 'Order Paid'. */
export function statusLabel(status: string): string {
  return status.trim().toLowerCase() === 'paid' ? 'Order Paid' : status;
}
