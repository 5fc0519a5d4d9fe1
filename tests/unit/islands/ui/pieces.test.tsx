// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressCard } from '../../../../src/islands/ui/AddressCard';
import { PaymentCard } from '../../../../src/islands/ui/PaymentCard';
import { ProgressBar } from '../../../../src/islands/ui/ProgressBar';
import { Spinner } from '../../../../src/islands/ui/Spinner';

afterEach(cleanup);

const address = { id: 4, name: 'Home', address: '14 Jan Smuts Avenue', townCity: 'Johannesburg', province: 'Gauteng', postalCode: '2193' };
const card = { id: 9, userId: 1, token: 't', cardName: 'Personal Visa', isValid: true };

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

describe('Spinner', () => {
  it('is a status with accessible text', () => {
    render(<Spinner label="Loading your orders…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders…');
  });
});
