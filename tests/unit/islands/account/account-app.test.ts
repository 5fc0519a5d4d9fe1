import { mayShow } from '../../../../src/islands/account/account-app';
import type { AccountRouteEntry } from '../../../../src/lib/account-routes';

const entry = (access: AccountRouteEntry['access']): AccountRouteEntry => ({
  path: `/${access}`,
  title: access,
  lede: '',
  screen: `${access}/Screen`,
  access,
  indexable: false,
});
const table = { open: entry('visitor'), closed: entry('signed-in') };

describe("the account area's access rule", () => {
  it('a signed-in shopper may open every route, and one that is not an account page (it says not found)', () => {
    expect(mayShow('open', true, table)).toBe(true);
    expect(mayShow('closed', true, table)).toBe(true);
    expect(mayShow(undefined, true, table)).toBe(true);
  });

  it('a visitor may open only the routes the table opens to visitors', () => {
    expect(mayShow('open', false, table)).toBe(true);
    expect(mayShow('closed', false, table)).toBe(false);
    expect(mayShow(undefined, false, table)).toBe(false);
    expect(mayShow('toString', false, table)).toBe(false);
  });

  it('in the real table, a visitor may use only the order form', () => {
    expect(mayShow('uploadOrders', false)).toBe(true);
    expect(['myDetails', 'orderHistory', 'quotePayment', 'invoice', 'returns', 'trackOrder', 'addCard', 'orderUploaded'].filter((route) => mayShow(route, false))).toEqual([]);
  });
});
