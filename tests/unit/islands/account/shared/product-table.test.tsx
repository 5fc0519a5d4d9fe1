// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderProduct } from '../../../../../src/lib/api/orders';
import { ProductTable } from '../../../../../src/islands/account/shared/ProductTable';

// What docs/security.md promises of links taken from data, as behaviour: a value that is no http(s)
// URL never becomes a link. The content's links: security-content-links.test.ts; the shell's advert
// banners: public-shell; shop tiles: order-shop-tile; the payment redirect: account-payment-redirect;
// the next-page paths of sign-in: auth-session-stores.

function product(description: string): OrderProduct {
  return { id: 1, name: 'Shirt', description, quantity: 1, comment: '', costPrice: 10, customsPrice: 0, deliveryPrice: 0, serviceFee: 0, screenshot: '' };
}

describe('an order product links its page only when it is an http(s) URL', () => {
  it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'not a url'])('%s shows as text', (description) => {
    render(<ProductTable products={[product(description)]} caption="Products" />);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('an https page opens in a new tab without a handle on this one', () => {
    render(<ProductTable products={[product('https://shop.example/item')]} caption="Products" />);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', 'https://shop.example/item');
    expect(link.getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
  });
});
