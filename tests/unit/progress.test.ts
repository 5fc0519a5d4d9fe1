import { describe, expect, it } from 'vitest';
import { PROGRESS_STEPS, progressOf, statusLabel } from '../../src/lib/progress';

describe('progressOf', () => {
  it.each([
    ['placed', 1, 14],
    ['processing', 2, 29],
    ['paid', 3, 43],
    ['goods purchased', 4, 57],
    ['in transit', 5, 71],
    ['arrived in SA', 6, 86],
    ['delivered', 7, 100],
  ])('%s completes %i of 7 steps (%i%%)', (status, completed, percent) => {
    expect(progressOf(status)).toEqual({ completed, percent, isReturn: false });
  });

  it('compares case-insensitively and ignores surrounding space', () => {
    expect(progressOf('  Arrived In sa ')).toEqual({ completed: 6, percent: 86, isReturn: false });
    expect(progressOf('DELIVERED').completed).toBe(7);
  });

  it('shows every step, in red, for a return', () => {
    expect(progressOf('return')).toEqual({ completed: 7, percent: 100, isReturn: true });
    expect(progressOf('Return').isReturn).toBe(true);
  });

  it('completes nothing for the return order statuses that name no step', () => {
    expect(progressOf('returning')).toEqual({ completed: 0, percent: 0, isReturn: false });
    expect(progressOf('returned')).toEqual({ completed: 0, percent: 0, isReturn: false });
  });

  it('completes nothing for an unknown status', () => {
    expect(progressOf('lost at sea')).toEqual({ completed: 0, percent: 0, isReturn: false });
  });

  it('completes nothing for a missing status', () => {
    expect(progressOf(undefined)).toEqual({ completed: 0, percent: 0, isReturn: false });
    expect(progressOf(null)).toEqual({ completed: 0, percent: 0, isReturn: false });
    expect(progressOf('')).toEqual({ completed: 0, percent: 0, isReturn: false });
    expect(progressOf('   ')).toEqual({ completed: 0, percent: 0, isReturn: false });
  });

  it('has the seven steps of SPEC section 4 in order', () => {
    expect(PROGRESS_STEPS).toEqual(['Order Placed', 'Processing Order', 'Order Paid', 'Goods Purchased', 'In Transit', 'Arrived in SA', 'Delivered']);
  });
});

describe('statusLabel', () => {
  it("reads 'paid' as 'Order Paid' and leaves the others", () => {
    expect(statusLabel('paid')).toBe('Order Paid');
    expect(statusLabel('in transit')).toBe('in transit');
  });
});
