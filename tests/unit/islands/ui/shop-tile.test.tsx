// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Portal } from '../../../../src/lib/api/portals';

const recordVisit = vi.fn();
vi.mock('../../../../src/lib/api/portals', () => ({ listPortals: vi.fn(async () => []), recordVisit: (id: number) => recordVisit(id) }));

const { shopOf } = await import('../../../../src/lib/shops');
const { ShopTile } = await import('../../../../src/islands/ui/ShopTile');

const portal = (over: Partial<Portal> = {}): Portal => ({
  id: 3,
  name: 'Nike',
  link: 'https://www.nike.com',
  category: 'Sports',
  tcLink: '',
  privacyPolicyLink: '',
  returnPolicyLink: '',
  picture: '/shops/nike.svg',
  ...over,
});

afterEach(() => {
  cleanup();
  recordVisit.mockReset();
});

describe('shopOf', () => {
  it('keeps http(s) links and same-origin or http(s) logos', () => {
    expect(shopOf(portal())).toEqual({ id: 3, name: 'Nike', link: 'https://www.nike.com', picture: '/shops/nike.svg' });
    expect(shopOf(portal({ link: 'http://shop.example/a', picture: 'https://cdn.example/logo.png' }))).toMatchObject({
      link: 'http://shop.example/a',
      picture: 'https://cdn.example/logo.png',
    });
  });

  it.each([
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['data:text/html,<b>x</b>', 'data:image/svg+xml,<svg/>'],
    ['//evil.example/', '//evil.example/logo.png'],
    ['/relative/path', '/\\evil.example/logo.png'],
    ['', 'shops/nike.svg'],
  ])('drops the link %j and the logo %j', (link, picture) => {
    expect(shopOf(portal({ link, picture }))).toMatchObject({ link: '', picture: '' });
  });
});

describe('ShopTile', () => {
  it("says 'Select a Shop' without a shop and links nowhere", () => {
    render(<ShopTile />);
    expect(screen.getByText('Select a Shop')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the logo linked to the shop in a new tab and records the visit on click and middle click', () => {
    render(<ShopTile shop={shopOf(portal())} />);
    const link = screen.getByRole('link', { name: /^Nike ?\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', 'https://www.nike.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('img', { name: 'Nike' })).toHaveAttribute('src', '/shops/nike.svg');
    expect(screen.queryByText('Select a Shop')).toBeNull();
    fireEvent.click(link, { button: 0 });
    expect(recordVisit).toHaveBeenCalledWith(3);
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(recordVisit).toHaveBeenCalledTimes(2);
  });

  it('shows an unsafe shop without a link or an image', () => {
    render(<ShopTile shop={shopOf(portal({ link: 'javascript:alert(1)', picture: 'javascript:alert(2)' }))} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Nike')).toBeInTheDocument();
  });
});
