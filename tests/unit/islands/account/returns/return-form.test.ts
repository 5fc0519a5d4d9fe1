// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  initialReturnValues,
  itemOption,
  orderOption,
  portalOption,
  returnChoices,
  returnFieldErrors,
  returnRequest,
  withOrder,
  withPortal,
} from '../../../../../src/islands/account/returns/return-form';
import { ApiError } from '../../../../../src/lib/api/errors';
import { messages } from '../../../../../src/lib/schemas/rules';
import { returnSchema, type ReturnValues } from '../../../../../src/lib/schemas/account';
import { anOrder } from '../../../order-fixture';

const photo = new File([new Uint8Array(60_000)], 'shirt.jpg', { type: 'image/jpeg' });
const shirt = { ...anOrder({ id: 7 }).products[0]!, id: 40, name: 'Shirt', quantity: 3 };
const delivered = anOrder({ id: 7, portalId: 2, deliveryDate: '2026-11-20', products: [shirt] });
const chosen: ReturnValues = { portal: 2, orderId: 7, item: 40, totalItems: 2, returnReason: ' Too small ', returnPhoto: photo };

describe('the return form model', () => {
  it('starts with nothing chosen and one item', () => {
    expect(initialReturnValues).toEqual({ portal: 0, orderId: 0, item: 0, totalItems: 1, returnReason: '', returnPhoto: null });
  });

  it('offers the shop by name, the order by title and delivery date, the item with how many the order holds', () => {
    expect(portalOption({ id: 2, name: 'Takealot' } as never)).toEqual({ value: 2, label: 'Takealot' });
    expect(orderOption(delivered).label).toMatch(/\(delivered .*2026\)$/);
    expect(orderOption({ ...delivered, deliveryDate: '' }).label).toMatch(/\(delivered recently\)$/);
    expect(itemOption(shirt)).toEqual({ value: 40, label: 'Shirt (3)' });
  });

  it("offers the chosen shop's delivered orders and the chosen order's items; an answer for another shop counts for nothing", () => {
    const answer = { data: { portal: 2, orders: [delivered] }, loading: false };
    expect(returnChoices(chosen, answer)).toEqual({ orders: [delivered], products: [shirt], noOrders: false });
    expect(returnChoices({ portal: 3, orderId: 7 }, answer)).toEqual({ orders: [], products: [], noOrders: false });
    expect(returnChoices({ portal: 2, orderId: 0 }, answer).products).toEqual([]);
  });

  it('says the shop has no delivered orders only once its answer is in and empty', () => {
    expect(returnChoices({ portal: 2, orderId: 0 }, { data: { portal: 2, orders: [] }, loading: false }).noOrders).toBe(true);
    expect(returnChoices({ portal: 2, orderId: 0 }, { data: { portal: 2, orders: [] }, loading: true }).noOrders).toBe(false);
    expect(returnChoices({ portal: 2, orderId: 0 }, { data: { portal: 2, orders: [] }, loading: false, error: new Error('x') }).noOrders).toBe(false);
    expect(returnChoices({ portal: 0, orderId: 0 }, { loading: false }).noOrders).toBe(false);
  });

  it('another shop clears the order and item; another order clears the item; the rest is kept', () => {
    expect(withPortal(chosen, 5)).toEqual({ ...chosen, portal: 5, orderId: 0, item: 0 });
    expect(withPortal(chosen, null)).toEqual({ ...chosen, portal: 0, orderId: 0, item: 0 });
    expect(withOrder(chosen, 8)).toEqual({ ...chosen, orderId: 8, item: 0 });
    expect(withOrder(chosen, null)).toEqual({ ...chosen, orderId: 0, item: 0 });
  });

  it('sends the order, its item, the quantity, the reason trimmed and the chosen photo', () => {
    expect(returnRequest(chosen)).toEqual({ orderId: 7, productId: 40, quantity: 2, reason: 'Too small', photo });
  });

  it("marks the fields the service refused, the photo's too; other keys are for the toast", () => {
    const error = new ApiError('Validation failed', 'client', {
      status: 422,
      errors: { product_id: ['is not part of this order'], return_quantity: ['is more than was delivered'], return_reason: 'is too long', return_photo: [messages.imageType], id: ['x'] },
    });
    expect(returnFieldErrors(error)).toEqual({
      item: 'is not part of this order',
      totalItems: 'is more than was delivered',
      returnReason: 'is too long',
      returnPhoto: messages.imageType,
    });
    expect(returnFieldErrors(new ApiError('Server is probably offline', 'offline'))).toEqual({});
  });

  it.each([
    ['no shop', { portal: 0 }, 'portal', messages.returnPortal],
    ['no order', { orderId: 0 }, 'orderId', messages.returnOrder],
    ['no item', { item: 0 }, 'item', messages.returnItem],
    ['no quantity', { totalItems: 0 }, 'totalItems', messages.returnItems],
    ['a part of an item', { totalItems: 1.5 }, 'totalItems', messages.returnItems],
    ['no photo', { returnPhoto: null }, 'returnPhoto', messages.imageRequired],
  ] as const)('refuses %s with its SPEC section 5 message', async (_name, change, field, message) => {
    const problem = await returnSchema.validateAt(field, { ...chosen, ...change }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(problem).toBe(message);
    await expect(returnSchema.isValid(chosen)).resolves.toBe(true);
  });
});
