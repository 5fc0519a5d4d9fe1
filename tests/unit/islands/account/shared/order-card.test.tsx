// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../../../src/lib/api/orders';
import { OrderCard } from '../../../../../src/islands/account/shared/OrderCard';

afterEach(cleanup);

const address = { id: 4, name: 'Home', address: '14 Jan Smuts Avenue', townCity: 'Johannesburg', province: 'Gauteng', postalCode: '2193' };

function order(status: string, extra: Partial<Order> = {}): Order {
  return {
    id: 12, portalId: 1, portalName: 'Amazon', userName: 'Thandi Nkosi', address: null, orderType: 'normal', status,
    createdDate: '2026-11-20T09:15:00.000Z', deliveryDate: '', pickup: '', shipping: '', products: [], totalItems: 3, quote: null,
    parentOrderId: null, paymentStatus: '', totalCharged: null, ...extra,
  };
}

describe('OrderCard', () => {
  it("says 'Order is placed' with no invoice link, 'Address not specified yet' and R0 without a quote", () => {
    render(<OrderCard order={order('placed')} />);
    expect(screen.getByText('Order is placed')).toBeInTheDocument();
    expect(screen.getByText('Address not specified yet')).toBeInTheDocument();
    expect(screen.getByText('R0')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links a processing order to its quote', () => {
    render(<OrderCard order={order('processing', { address })} />);
    expect(screen.getByRole('link', { name: 'Quote for order 12' })).toHaveAttribute('href', '/quote-payment/12/');
    expect(screen.queryByRole('link', { name: /Invoice/ })).toBeNull();
    expect(screen.getByText('14 Jan Smuts Avenue, Johannesburg, Gauteng, 2193')).toBeInTheDocument();
  });

  it('links any later status to its invoice, with the total in rand', () => {
    const quote = { feesCost: 10, serviceFeeCost: 185, subTotal: 1000, totalVat: 150, total: 1150.5, quotedAt: '' };
    const { container } = render(<OrderCard order={order('paid', { quote })} />);
    expect(screen.getByRole('link', { name: 'Invoice for order 12' })).toHaveAttribute('href', '/my-invoice/12/');
    expect(within(container).getByText(/^R1[\s\u00a0]150[.,]50$/)).toBeInTheDocument();
    expect(screen.getByText('Order Paid')).toBeInTheDocument();
    expect(screen.getByText('20 Nov 2026')).toBeInTheDocument();
  });

  it("shows a paid order's total charged (its speed and insurance with it), not the quote's", () => {
    const quote = { feesCost: 10, serviceFeeCost: 185, subTotal: 1000, totalVat: 150, total: 1150.5, quotedAt: '' };
    const { container } = render(<OrderCard order={order('paid', { quote, totalCharged: 1602.5 })} />);
    expect(within(container).getByText(/^R1[\s\u00a0]602[.,]50$/)).toBeInTheDocument();
    expect(within(container).queryByText(/150[.,]50/)).toBeNull();
  });
});
