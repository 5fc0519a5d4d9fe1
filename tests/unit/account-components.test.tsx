// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/lib/api/orders';
import { OrderCard } from '../../src/islands/account/shared/OrderCard';
import { AddressCard } from '../../src/islands/ui/AddressCard';
import { PaymentCard } from '../../src/islands/ui/PaymentCard';
import { ProgressBar } from '../../src/islands/ui/ProgressBar';
import { Spinner } from '../../src/islands/ui/Spinner';

afterEach(cleanup);

const address = { id: 4, name: 'Home', address: '14 Jan Smuts Avenue', townCity: 'Johannesburg', province: 'Gauteng', postalCode: '2193' };
const card = { id: 9, userId: 1, token: 't', cardName: 'Personal Visa', isValid: true };

function order(status: string, extra: Partial<Order> = {}): Order {
  return {
    id: 12, portalId: 1, portalName: 'Amazon', userName: 'Thandi Nkosi', address: null, orderType: 'normal', status,
    createdDate: '2026-11-20T09:15:00.000Z', deliveryDate: '', pickup: '', shipping: '', products: [], totalItems: 3, quote: null,
    parentOrderId: null, paymentStatus: '', totalCharged: null, ...extra,
  };
}

describe('ProgressBar', () => {
  it('fills the rounded percentage and reports it', () => {
    render(<ProgressBar status="paid" />);
    const bar = screen.getByRole('progressbar', { name: 'Order progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '43');
    expect(bar).toHaveAttribute('aria-valuetext', '3 of 7 steps: Order Paid');
    expect(bar.firstElementChild).toHaveStyle({ width: '43%' });
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
  });

  it('shows every step in red for a return', () => {
    const { container } = render(<ProgressBar status="return" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(container.querySelector('.progress--return')).not.toBeNull();
    expect(container.querySelectorAll('.progress__step--done')).toHaveLength(7);
  });

  it('is empty for an unknown status', () => {
    render(<ProgressBar status="mystery" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });
});

describe('AddressCard', () => {
  it('shows province, town or city, address and postal code, without delete by default', () => {
    render(<AddressCard address={address} />);
    for (const text of ['Gauteng', 'Johannesburg', '14 Jan Smuts Avenue', '2193']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers delete only when a handler is supplied', () => {
    const onDelete = vi.fn();
    render(<AddressCard address={address} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete address Home' }));
    expect(onDelete).toHaveBeenCalledWith(address);
  });
});

describe('PaymentCard', () => {
  it('shows the card name without a radio by default', () => {
    render(<PaymentCard card={card} />);
    expect(screen.getByText('Personal Visa')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('offers a radio only when a select handler is supplied', () => {
    const onSelect = vi.fn();
    render(<PaymentCard card={card} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Personal Visa' }));
    expect(onSelect).toHaveBeenCalledWith(card);
  });
});

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

describe('Spinner', () => {
  it('is a status with accessible text', () => {
    render(<Spinner label="Loading your orders…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders…');
  });
});
