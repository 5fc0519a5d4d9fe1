import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountPath, ACCOUNT_PATHS, idPathPrefixes } from '../../src/lib/account-paths';
import {
  ACCOUNT_ROUTES,
  hostRewrites,
  idPagePrefixes,
  menuLinks,
  precachedShells,
  privatePaths,
  routeBase,
  sampleRoutes,
  shellPages,
  type AccountRouteEntry,
} from '../../src/lib/account-routes';
import { $router, pathTo } from '../../src/lib/stores/router';
import { PUSH_PAGES, PUSH_SCRIPT_TEXT } from '../../scripts/pwa.mjs';

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
      'my-orders',
      'my-returns',
      'my-credit',
      'ship-together',
      'my-invoice',
      'quote-payment',
    ]);
    expect(menuLinks('side')).toEqual([
      { href: '/my-details/', label: 'My Details', client: true },
      { href: '/track-order/', label: 'Track Order', client: true },
      { href: '/my-orders-history/', label: 'Order History', client: true },
      { href: '/my-returns/', label: 'Returns', client: true },
      { href: '/my-credit/', label: 'Store Credit', client: true },
      { href: '/ship-together/', label: 'Ship Together', client: true },
      { href: '/help/', label: 'Help', client: false },
    ]);
    expect(menuLinks('profile').map((l) => l.label)).toEqual(['My Details', 'Track Order', 'Order History', 'Returns', 'Store Credit']);
    expect(privatePaths()).toEqual(expect.arrayContaining(['/upload-orders/', '/my-invoice/', '/help/', '/add-card/']));
    expect(privatePaths()).toHaveLength(Object.keys(ACCOUNT_ROUTES).length);
    expect(precachedShells()).toEqual([
      'upload-orders/index.html',
      'my-details/index.html',
      'add-card/index.html',
      'track-order/index.html',
      'my-orders-history/index.html',
      'my-returns/index.html',
      'my-credit/index.html',
      'ship-together/index.html',
    ]);
    expect(idPagePrefixes()).toEqual(['/order-uploaded/', '/my-orders/', '/my-invoice/', '/quote-payment/']);
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

  it('names a screen module that exists for every route the island shows, in a folder named after the route', async () => {
    const { existsSync } = await import('node:fs');
    const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    for (const [route, entry] of Object.entries(ACCOUNT_ROUTES)) {
      if (!entry.screen) continue;
      expect(existsSync(`src/islands/account/${entry.screen}.tsx`), entry.screen).toBe(true);
      expect(entry.screen.split('/')[0], route).toBe(kebab(route));
    }
  });
});

/** The files that wrote account addresses by hand until issue 41 (point 8); the scan below must keep covering them. */
const ONCE_BY_HAND = [
  'src/worker/sw-push.js',
  'src/lib/shell/shown-pages.ts',
  'src/pages/_components/Footer.astro',
  'src/pages/_components/Header.astro',
  'src/pages/offline.astro',
  'src/pages/estimate.astro',
  'src/islands/estimate/CostEstimator.tsx',
  'src/islands/account/order-uploaded/OrderUploadedScreen.tsx',
  'src/islands/account/upload-orders/OrderFormScreen.tsx',
  'src/islands/modal/upload-order-instructions/UploadOrderInstructions.tsx',
  'src/content-studio.ts',
];

/** Every code file under src but the table and its address column. */
const SOURCES = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .map((file) => join('src', file).replaceAll('\\', '/'))
  .filter(
    (file) => /\.(ts|tsx|js|mjs|astro)$/.test(file) && !['src/lib/account-routes.ts', 'src/lib/account-paths.ts'].includes(file),
  );

const SEGMENTS = Object.values(ACCOUNT_PATHS)
  .map((path) =>
    routeBase(path)
      .slice(1, -1)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  )
  .join('|');
// An account page's first segment written as an address (`/help`, `\/help`, `my-invoice/`) or as a regex alternative
// (`(auth|my-invoice|`), but not inside a longer name (`order-uploaded__links`, `pages/help.astro`).
const BY_HAND = new RegExp(
  String.raw`(?<![\w.-])(?:\\?/(?:${SEGMENTS})(?![\w-])|(?:${SEGMENTS})(?=\\?/)|(?<=[(|])(?:${SEGMENTS})(?=[|)]))`,
  'g',
);

/** The account addresses written by hand in a file's code, each with a little context; comments may name pages. */
function handWritten(code: string): string[] {
  const text = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1');
  return [...text.matchAll(BY_HAND)].map((match) =>
    text.slice(Math.max(0, match.index - 30), match.index + 40).replace(/\s+/g, ' '),
  );
}

describe('one route table for every link to an account page', () => {
  it('gives each route its address from ACCOUNT_PATHS, and accountPath the trailing slash up to the id', () => {
    expect(Object.keys(ACCOUNT_PATHS)).toEqual(Object.keys(ACCOUNT_ROUTES));
    for (const [route, entry] of Object.entries(ACCOUNT_ROUTES))
      expect(entry.path, route).toBe(ACCOUNT_PATHS[route as keyof typeof ACCOUNT_PATHS]);
    expect(accountPath('uploadOrders')).toBe('/upload-orders/');
    expect(accountPath('invoice')).toBe('/my-invoice/');
    expect(idPathPrefixes()).toEqual(idPagePrefixes());
  });

  it("writes the push worker's pages into its script from the table", () => {
    expect(PUSH_PAGES).toEqual({
      quotePayment: '/quote-payment/',
      trackOrder: '/track-order/',
      orderHistory: '/my-orders-history/',
      order: '/my-orders/',
      credit: '/my-credit/',
    });
    expect(PUSH_SCRIPT_TEXT).toContain(`const PUSH_PAGES = ${JSON.stringify(PUSH_PAGES)};`);
    expect(readFileSync('src/worker/sw-push.js', 'utf8')).not.toContain('const PUSH_PAGES');
  });

  it('finds an address written by hand in each way one was, and not in class names, file names or comments', () => {
    for (const code of [
      '<a href="/upload-orders/">',
      "const NEXT = '/upload-orders/';",
      '<a href="/login/?next=/help/" data-modal="login">',
      'url: `/quote-payment/${f.id}/`',
      "preview_path: '/help/',",
      '/^\\/(quote-payment\\/\\d{1,12}\\/|my-orders-history\\/)$/',
      '/^\\/(auth|my-invoice|order-uploaded)\\//',
      "'my-returns/index.html'",
    ])
      expect(handWritten(code), code).not.toEqual([]);
    for (const code of [
      '<div className="order-uploaded">',
      'id="track-order-select"',
      '<AccountLayout page="help">',
      '// src/pages/help.astro: the FAQ, see /help/',
      '/** The order form page (/upload-orders). */',
      '{/* Back to /my-details/ */}',
      "href={accountPath('help')}",
      "new URL('https://example.com/help')",
    ])
      expect(handWritten(code), code).toEqual([]);
  });

  it('leaves no account address written by hand in src: each comes from src/lib/account-routes.ts', () => {
    expect(SOURCES).toEqual(expect.arrayContaining(ONCE_BY_HAND));
    const found = SOURCES.flatMap((file) => handWritten(readFileSync(file, 'utf8')).map((context) => `${file}: ${context}`));
    expect(found, 'use accountPath() (src/lib/account-paths.ts) or pathTo() for these').toEqual([]);
  });
});
