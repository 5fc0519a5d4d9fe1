import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/lib/api/orders';
import type { User } from '../../src/lib/api/users';
import { exportFileName, personalData } from '../../src/lib/data-export';

const user: User = {
  id: 7,
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: 'thandi@example.com',
  mobile: '+27821234567',
  notificationMethod: 'sms',
  birthDate: '1990-02-01',
  archivedAt: null,
};
const address = {
  id: 3,
  name: 'Home',
  address: '12 Long St',
  townCity: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
};
const order = (id: number, orderType: Order['orderType']): Order => ({
  id,
  portalId: 1,
  portalName: 'Amazon',
  userName: 'Thandi Nkosi',
  address,
  orderType,
  status: orderType === 'return' ? 'returning' : 'processing',
  createdDate: '2026-11-01T10:00:00Z',
  deliveryDate: '',
  pickup: '',
  shipping: '',
  products: [
    {
      id: 9,
      name: 'Kindle',
      description: 'https://www.amazon.com/dp/B08',
      quantity: 1,
      comment: '',
      costPrice: 100,
      customsPrice: 20,
      deliveryPrice: 30,
      serviceFee: 185,
      screenshot: '',
    },
  ],
  totalItems: 1,
  quote: { feesCost: 50, serviceFeeCost: 185, subTotal: 335, totalVat: 50.25, total: 385.25, quotedAt: '2026-11-02T10:00:00Z' },
  parentOrderId: orderType === 'return' ? 1 : null,
  paymentStatus: '',
  totalCharged: null,
});

const parts = {
  user,
  addresses: [address],
  cards: [
    { id: 1, userId: 7, token: 'tok_secret_visa', cardName: 'Personal Visa', isPreferred: true, isValid: true },
    { id: 2, userId: 7, token: 'tok_secret_master', cardName: 'Travel Mastercard', isValid: false },
  ],
  orders: [order(1, 'normal'), order(2, 'return')],
};

describe('the export of the shopper data', () => {
  const data = personalData(parts, new Date('2026-11-25T08:30:00Z'));

  it('holds the profile, addresses, cards by name and status, orders with products and quotes, and returns apart', () => {
    expect(data.readAt).toBe('2026-11-25T08:30:00.000Z');
    // toEqual passes over a property that is undefined: this reads 'every field of the user but its id'.
    expect(data.profile).toEqual({ ...user, id: undefined });
    expect(data.addresses).toEqual([address]);
    expect(data.cards).toEqual([
      { cardName: 'Personal Visa', isPreferred: true, isValid: true },
      { cardName: 'Travel Mastercard', isPreferred: false, isValid: false },
    ]);
    expect(data.orders.map((o) => o.id)).toEqual([1]);
    expect(data.orders[0]?.products[0]?.description).toBe('https://www.amazon.com/dp/B08');
    expect(data.orders[0]?.quote?.total).toBe(385.25);
    expect(data.returns.map((o) => o.id)).toEqual([2]);
  });

  it('carries no card token and no internal user id', () => {
    const text = JSON.stringify(data);
    expect(text).not.toContain('tok_secret');
    expect(text).not.toMatch(/"token"|"userId"/);
    expect(data.profile).not.toHaveProperty('id');
  });

  it('is saved under a dated file name', () => {
    expect(exportFileName(data)).toBe('my-data-2026-11-25.json');
  });
});
