// The one table of the account area. Everything else that lists account pages is derived from it: the router
// (src/lib/stores/router.ts), the island's screens (src/islands/account/AccountApp.tsx, one folder per route), the static shells
// (src/pages/[...account].astro), both menus, robots.txt, the sitemap, the worker's rules (scripts/pwa.mjs), the
// host's rewrites (_redirects, written by scripts/account-routes-integration.mjs), the bench's routes
// (scripts/routes.mjs), the pages a push notification opens (written into the worker's push script by scripts/pwa.mjs)
// and every link to an account page outside the island (accountPath of src/lib/account-paths.ts, the table's address
// column; tests/unit/account-routes.test.ts refuses an address written by hand). Node scripts import this file as it
// is, so it imports only account-paths.ts, by the full name Node needs, and uses erasable types only.

import { ACCOUNT_PATHS, hasParams, idPathPrefixes, routeBase } from './account-paths.ts';

/** A route's address up to its first parameter, with the trailing slash (from src/lib/account-paths.ts). */
export { routeBase };

/** Which of the demo shopper's orders a route with an id shows in the bench and the screenshots. */
export type SampleOrder = 'processing' | 'delivered' | 'placed';

/** One account page. */
export interface AccountRouteEntry {
  /** The address, without the trailing slash the static host adds; `:id` stands for an order id (its entry of ACCOUNT_PATHS). */
  path: string;
  /** The page's title: its document title, and its heading unless `heading` says more. */
  title: string;
  /** One sentence under the heading, also the meta description. */
  lede: string;
  /** The page's heading when it says more than its title. */
  heading?: string;
  /** The screen's module under src/islands/account, in a folder named after the route (kebab-case: quotePayment's is quote-payment/); its named export has the file's name. Null for a page with static content of its own. */
  screen: string | null;
  /** `visitor`: the page works signed out (the order form keeps its draft on this device); `signed-in`: visitors are sent home. */
  access: 'visitor' | 'signed-in';
  /** Its link in the account side menu (`profile`: in the header's profile menu as well). */
  menu?: { label: string; profile: boolean };
  /** Whether search engines may list it (robots.txt and the sitemap). */
  indexable: boolean;
  /** For a route with an id: which order the bench and the screenshot script open. */
  sample?: SampleOrder;
}

/** Every account page, in menu order. */
export const ACCOUNT_ROUTES = {
  uploadOrders: {
    path: ACCOUNT_PATHS.uploadOrders,
    title: 'Order Form',
    lede: 'Upload your order: choose a shop, add each product with its link and a screenshot, pick a delivery address and place the order.',
    screen: 'upload-orders/OrderFormScreen',
    access: 'visitor',
    indexable: false,
  },
  orderUploaded: {
    path: ACCOUNT_PATHS.orderUploaded,
    title: 'Order Placed',
    heading: 'Your order has been placed.',
    lede: 'Your inclusive quote (item cost, shipping, import duties and the facilitation fee) will arrive by e-mail within 24 hours. The quote is valid for 48 hours.',
    screen: 'order-uploaded/OrderUploadedScreen',
    access: 'signed-in',
    indexable: false,
    sample: 'placed',
  },
  myDetails: {
    path: ACCOUNT_PATHS.myDetails,
    title: 'My Details',
    lede: 'Your personal details, delivery addresses and saved cards.',
    screen: 'my-details/MyDetailsScreen',
    access: 'signed-in',
    menu: { label: 'My Details', profile: true },
    indexable: false,
  },
  addCard: {
    path: ACCOUNT_PATHS.addCard,
    title: 'Add Credit Card',
    lede: 'Name the card you pay quotes with; PayFast then asks for the card details on its own secure page and brings you back here.',
    screen: 'add-card/AddCardScreen',
    access: 'signed-in',
    indexable: false,
  },
  trackOrder: {
    path: ACCOUNT_PATHS.trackOrder,
    title: 'Track Order',
    lede: 'Follow an order through its seven steps, from placed to delivered.',
    screen: 'track-order/TrackOrderScreen',
    access: 'signed-in',
    menu: { label: 'Track Order', profile: true },
    indexable: false,
  },
  orderHistory: {
    path: ACCOUNT_PATHS.orderHistory,
    title: 'My Orders',
    lede: 'Your pending orders and order history, with quotes and invoices.',
    screen: 'order-history/OrderHistoryScreen',
    access: 'signed-in',
    menu: { label: 'Order History', profile: true },
    indexable: false,
  },
  order: {
    path: ACCOUNT_PATHS.order,
    title: 'Order',
    lede: 'Where your order is, what happens next and when it arrives.',
    screen: 'order/OrderScreen',
    access: 'signed-in',
    indexable: false,
    sample: 'delivered',
  },
  returns: {
    path: ACCOUNT_PATHS.returns,
    title: 'Returns',
    lede: 'Schedule a return of a delivered order and follow your returns.',
    screen: 'returns/ReturnsScreen',
    access: 'signed-in',
    menu: { label: 'Returns', profile: true },
    indexable: false,
  },
  credit: {
    path: ACCOUNT_PATHS.credit,
    title: 'Store Credit',
    lede: 'Money back from items not bought and returns: spend it on a quote or have it paid to your bank.',
    screen: 'credit/CreditScreen',
    access: 'signed-in',
    menu: { label: 'Store Credit', profile: true },
    indexable: false,
  },
  shipTogether: {
    path: ACCOUNT_PATHS.shipTogether,
    title: 'Ship Together',
    lede: 'Orders waiting at our warehouse for the same address or pickup point can fly as one parcel: see what it saves before you confirm.',
    screen: 'ship-together/ShipTogetherScreen',
    access: 'signed-in',
    menu: { label: 'Ship Together', profile: false },
    indexable: false,
  },
  invoice: {
    path: ACCOUNT_PATHS.invoice,
    title: 'Invoice',
    lede: 'The invoice of one of your orders: products, prices, cost summary and address.',
    screen: 'invoice/InvoiceScreen',
    access: 'signed-in',
    indexable: false,
    sample: 'delivered',
  },
  quotePayment: {
    path: ACCOUNT_PATHS.quotePayment,
    title: 'Quote and Payment',
    lede: 'The quote of your order: cost summary, shipping address, products and payment by saved card.',
    screen: 'quote-payment/QuotePaymentScreen',
    access: 'signed-in',
    indexable: false,
    sample: 'processing',
  },
  help: {
    path: ACCOUNT_PATHS.help,
    title: 'Help',
    lede: 'Answers to common questions about quotes, payments, delivery times and returns.',
    // A static page of its own (src/pages/help.astro: the FAQ, built from src/content/faqs).
    screen: null,
    access: 'signed-in',
    menu: { label: 'Help', profile: false },
    indexable: false,
  },
  // Each route's address is its own entry of ACCOUNT_PATHS: a route missing there, or one only there, fails the type check.
} as const satisfies { [Route in keyof typeof ACCOUNT_PATHS]: AccountRouteEntry & { path: (typeof ACCOUNT_PATHS)[Route] } };

/** A route name of the account area. */
export type AccountRoute = keyof typeof ACCOUNT_ROUTES;

/** A table of account routes: the real one, or a test's fixture. */
export type AccountRouteTable = Readonly<Record<string, AccountRouteEntry>>;

/** The static shells the build writes: one page per route the island shows (`slug` is its folder in the output). */
export function shellPages(table: AccountRouteTable = ACCOUNT_ROUTES): { route: string; slug: string }[] {
  return Object.entries(table)
    .filter(([, entry]) => entry.screen !== null)
    .map(([route, entry]) => ({ route, slug: routeBase(entry.path).slice(1, -1) }));
}

/** A menu's links: the side menu has every route with a `menu`, the header's profile menu those marked `profile`; `client` links move without a page load. */
export function menuLinks(
  where: 'side' | 'profile',
  table: AccountRouteTable = ACCOUNT_ROUTES,
): { href: string; label: string; client: boolean }[] {
  return Object.values(table).flatMap((entry) =>
    entry.menu && (where === 'side' || entry.menu.profile)
      ? [{ href: routeBase(entry.path), label: entry.menu.label, client: entry.screen !== null }]
      : [],
  );
}

/** Address prefixes that search engines are asked to leave alone and the sitemap leaves out. */
export function privatePaths(table: AccountRouteTable = ACCOUNT_ROUTES): string[] {
  return Object.values(table)
    .filter((entry) => !entry.indexable)
    .map((entry) => routeBase(entry.path));
}

/** The shells the worker keeps from the first visit, so they open offline: every screen's page without an id. */
export function precachedShells(table: AccountRouteTable = ACCOUNT_ROUTES): string[] {
  return Object.values(table)
    .filter((entry) => entry.screen !== null && !hasParams(entry.path))
    .map((entry) => `${entry.path.slice(1)}/index.html`);
}

/** The address prefixes of pages with an id: one static shell answers them all, and no worker cache keeps them. */
export function idPagePrefixes(table: AccountRouteTable = ACCOUNT_ROUTES): string[] {
  return idPathPrefixes(Object.values(table).map((entry) => entry.path));
}

/** The host's rewrite rules (Netlify-style `_redirects`): each page with an id is served by its static shell. */
export function hostRewrites(table: AccountRouteTable = ACCOUNT_ROUTES): string {
  const rules = idPagePrefixes(table).map((prefix) => `${prefix}*  ${prefix}index.html  200`);
  return [
    '# Client-routed account pages with an id: each is served by its static shell (status 200 = rewrite).',
    ...rules,
    '',
  ].join('\n');
}

/** The bench's and screenshots' account routes: `{processing}`, `{delivered}`, `{placed}` stand for the demo shopper's order ids. */
export function sampleRoutes(table: AccountRouteTable = ACCOUNT_ROUTES): string[] {
  return Object.values(table).map((entry) => {
    if (!hasParams(entry.path)) return routeBase(entry.path);
    if (!entry.sample) throw new Error(`${entry.path} has an id but no sample order`);
    return `${routeBase(entry.path)}{${entry.sample}}/`;
  });
}
