import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/api/errors';
import type { ProductValues } from '../../src/lib/schemas/order';
import { MAX_PRODUCTS } from '../../src/lib/stores/order-draft';
import {
  canAddProduct,
  canDeleteProduct,
  canPlaceOrder,
  placeOrderStep,
  productDeletedMessage,
  restoreProductAt,
  shouldSubmitOrder,
} from '../../src/lib/stores/order-form';

const block = (n: number): ProductValues => ({ key: `k${n}`, name: `Product ${n}`, description: '', quantity: 1, comment: '', screenshot: null, ifUnavailable: 'ask_me', alternative: '' });
const blocks = (count: number): ProductValues[] => Array.from({ length: count }, (_, i) => block(i + 1));

describe('Place Order (SPEC section 2: disabled until agreed and while submitting)', () => {
  it('is enabled once the terms are agreed, online, with no order on its way', () => {
    expect(canPlaceOrder({ online: true, agreed: true, placing: false })).toBe(true);
  });

  it('is disabled until the terms are agreed', () => {
    expect(canPlaceOrder({ online: true, agreed: false, placing: false })).toBe(false);
  });

  it('is disabled while the order is being placed', () => {
    expect(canPlaceOrder({ online: true, agreed: true, placing: true })).toBe(false);
  });

  it('is disabled offline, whatever else holds', () => {
    expect(canPlaceOrder({ online: false, agreed: true, placing: false })).toBe(false);
  });

  it('a submit (Enter in a field) sends only for a signed-in shopper who agreed', () => {
    expect(shouldSubmitOrder(true, { agreed: true })).toBe(true);
    expect(shouldSubmitOrder(true, { agreed: false })).toBe(false);
    expect(shouldSubmitOrder(false, { agreed: true })).toBe(false);
  });
});

describe('product blocks', () => {
  it('delete is hidden for the only product and while the order is placed (finalized)', () => {
    expect(canDeleteProduct(blocks(2), false)).toBe(true);
    expect(canDeleteProduct(blocks(1), false)).toBe(false);
    expect(canDeleteProduct(blocks(2), true)).toBe(false);
  });

  it(`Add Items is offered up to ${MAX_PRODUCTS} products, not while the order is placed`, () => {
    expect(MAX_PRODUCTS).toBe(50);
    expect(canAddProduct(blocks(1), false)).toBe(true);
    expect(canAddProduct(blocks(MAX_PRODUCTS - 1), false)).toBe(true);
    expect(canAddProduct(blocks(MAX_PRODUCTS), false)).toBe(false);
    expect(canAddProduct(blocks(1), true)).toBe(false);
  });

  it("names the deleted product in the undo toast: '<name> deleted'", () => {
    expect(productDeletedMessage({ name: 'Product 2' })).toBe('Product 2 deleted');
  });

  it('undo puts the block back where it was', () => {
    const [first, second, third] = blocks(3) as [ProductValues, ProductValues, ProductValues];
    expect(restoreProductAt([first, third], 1, second).map((p) => p.name)).toEqual(['Product 1', 'Product 2', 'Product 3']);
    expect(restoreProductAt([second, third], 0, first).map((p) => p.name)).toEqual(['Product 1', 'Product 2', 'Product 3']);
  });

  it('undo after later deletes puts the block last when its place is gone', () => {
    const [first, , third] = blocks(3) as [ProductValues, ProductValues, ProductValues];
    expect(restoreProductAt([first], 2, third).map((p) => p.name)).toEqual(['Product 1', 'Product 3']);
  });

  it('a second undo of the same block, or an undo into a full order, changes nothing', () => {
    const all = blocks(3);
    expect(restoreProductAt(all, 1, all[1]!)).toBe(all);
    const full = blocks(MAX_PRODUCTS);
    expect(restoreProductAt(full, 0, block(99))).toBe(full);
  });
});

describe('after Place Order', () => {
  it("placed: 'Order Created', then the order-uploaded page of the new order", () => {
    expect(placeOrderStep({ data: 42 })).toEqual({ kind: 'placed', message: 'Order Created', orderId: 42 });
  });

  it('failed: the draft-kept message, and the server field map on the form paths', () => {
    const error = new ApiError('Unprocessable', 'client', {
      status: 422,
      errors: { portal_id: ['Must select a Portal'], 'products[1].description': ['Must be a valid URL'] },
    });
    expect(placeOrderStep({ error })).toEqual({
      kind: 'failed',
      message: 'Your order could not be placed. Your draft is kept: try again.',
      fields: { portal: 'Must select a Portal', 'products.1.description': 'Must be a valid URL' },
    });
  });

  it('failed without a field map: the message only', () => {
    expect(placeOrderStep({ error: new ApiError('Something terrible happened', 'server', { status: 500 }) })).toMatchObject({ kind: 'failed', fields: {} });
  });

  it('a second press while the order is on its way sends nothing and does nothing', () => {
    expect(placeOrderStep(undefined)).toEqual({ kind: 'none' });
  });
});
