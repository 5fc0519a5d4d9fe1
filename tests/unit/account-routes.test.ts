import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ROUTES,
  hostRewrites,
  idPagePrefixes,
  menuLinks,
  precachedShells,
  privatePaths,
  sampleRoutes,
  shellPages,
  type AccountRouteEntry,
} from '../../src/lib/account-routes';
import { $router, pathTo } from '../../src/lib/stores/router';

const gift: AccountRouteEntry = {
  path: '/gift-cards',
  title: 'Gift Cards',
  lede: 'Your gift cards.',
  screen: 'account/GiftCardsScreen',
  access: 'signed-in',
  menu: { label: 'Gift Cards', profile: true },
  indexable: false,
};
const receipt: AccountRouteEntry = {
  path: '/gift-receipt/:id',
  title: 'Gift Receipt',
  lede: 'The receipt of a gift card.',
  screen: 'account/GiftReceiptScreen',
  access: 'signed-in',
  indexable: false,
  sample: 'delivered',
};
const FIXTURE = { ...ACCOUNT_ROUTES, giftCards: gift, giftReceipt: receipt };

describe('the account route table', () => {
  it('gives the router every route, and pathTo the trailing slash the static host uses', () => {
    expect($router.routes.map((r) => r[0])).toEqual(Object.keys(ACCOUNT_ROUTES));
    expect(pathTo('orderHistory')).toBe('/my-orders-history/');
    expect(pathTo('invoice', { id: '7' })).toBe('/my-invoice/7/');
  });

  it('derives the shells, menus, robots and sitemap paths, worker rules, host rewrites and bench routes of today', () => {
    expect(shellPages().map((s) => s.slug)).toEqual([
      'upload-orders',
      'order-uploaded',
      'my-details',
      'add-card',
      'track-order',
      'my-orders-history',
      'my-returns',
      'my-invoice',
      'quote-payment',
    ]);
    expect(menuLinks('side')).toEqual([
      { href: '/my-details/', label: 'My Details', client: true },
      { href: '/track-order/', label: 'Track Order', client: true },
      { href: '/my-orders-history/', label: 'Order History', client: true },
      { href: '/my-returns/', label: 'Returns', client: true },
      { href: '/help/', label: 'Help', client: false },
    ]);
    expect(menuLinks('profile').map((l) => l.label)).toEqual(['My Details', 'Track Order', 'Order History', 'Returns']);
    expect(privatePaths()).toEqual(expect.arrayContaining(['/upload-orders/', '/my-invoice/', '/help/', '/add-card/']));
    expect(privatePaths()).toHaveLength(Object.keys(ACCOUNT_ROUTES).length);
    expect(precachedShells()).toEqual([
      'upload-orders/index.html',
      'my-details/index.html',
      'add-card/index.html',
      'track-order/index.html',
      'my-orders-history/index.html',
      'my-returns/index.html',
    ]);
    expect(idPagePrefixes()).toEqual(['/order-uploaded/', '/my-invoice/', '/quote-payment/']);
    expect(hostRewrites()).toContain('/my-invoice/*  /my-invoice/index.html  200\n');
    expect(sampleRoutes()).toContain('/quote-payment/{processing}/');
  });

  it('puts a route added to the table in each place', () => {
    expect(shellPages(FIXTURE)).toEqual(
      expect.arrayContaining([
        { route: 'giftCards', slug: 'gift-cards' },
        { route: 'giftReceipt', slug: 'gift-receipt' },
      ]),
    );
    expect(menuLinks('side', FIXTURE)).toContainEqual({ href: '/gift-cards/', label: 'Gift Cards', client: true });
    expect(menuLinks('profile', FIXTURE)).toContainEqual({ href: '/gift-cards/', label: 'Gift Cards', client: true });
    expect(menuLinks('side', FIXTURE).map((l) => l.href)).not.toContain('/gift-receipt/');
    expect(privatePaths(FIXTURE)).toEqual(expect.arrayContaining(['/gift-cards/', '/gift-receipt/']));
    expect(precachedShells(FIXTURE)).toContain('gift-cards/index.html');
    expect(precachedShells(FIXTURE)).not.toContain('gift-receipt/index.html');
    expect(hostRewrites(FIXTURE)).toContain('/gift-receipt/*  /gift-receipt/index.html  200\n');
    expect(sampleRoutes(FIXTURE)).toEqual(expect.arrayContaining(['/gift-cards/', '/gift-receipt/{delivered}/']));
  });

  it('leaves an indexable route out of robots and the sitemap, and a page of its own out of the shells', () => {
    const table = { help: { ...ACCOUNT_ROUTES.help, indexable: true }, giftCards: { ...gift, screen: null } };
    expect(privatePaths(table)).toEqual(['/gift-cards/']);
    expect(shellPages(table)).toEqual([]);
    expect(menuLinks('side', table)).toContainEqual({ href: '/gift-cards/', label: 'Gift Cards', client: false });
  });

  it('refuses a route with an id but no sample order for the bench', () => {
    expect(() => sampleRoutes({ giftReceipt: { ...receipt, sample: undefined } })).toThrow(
      '/gift-receipt/:id has an id but no sample order',
    );
  });

  it('names a screen module that exists for every route the island shows', async () => {
    const { existsSync } = await import('node:fs');
    for (const entry of Object.values(ACCOUNT_ROUTES))
      if (entry.screen) expect(existsSync(`src/islands/${entry.screen}.tsx`), entry.screen).toBe(true);
  });
});
