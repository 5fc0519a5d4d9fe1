import { parseOrderId } from '../../../../../src/islands/account/shared/order-id';

describe('an order id in an address or a link', () => {
  it.each([
    ['12', 12],
    ['007', 7],
    ['999999999999', 999_999_999_999],
  ])('%s is order %d', (text, id) => {
    expect(parseOrderId(text)).toBe(id);
  });

  it.each([undefined, '', '0', '000', '-3', '1.5', '1e3', '12a', ' 12', '1234567890123', '１２'])('%j is no order', (text) => {
    expect(parseOrderId(text)).toBeUndefined();
  });
});
