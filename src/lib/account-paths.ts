// The account pages' addresses, the one column of their table (src/lib/account-routes.ts) kept in a module of its
// own: a script that needs only an address (the shell on every page, a public island, the modal routes) then bundles
// these lines and not every title and lede, since the bundler keeps a module's table whole. Node scripts import this
// file as it is, so it imports nothing and uses erasable types only.

/** Every account page's address, without the trailing slash the static host adds; `:id` stands for an order id. */
export const ACCOUNT_PATHS = {
  uploadOrders: '/upload-orders',
  orderUploaded: '/order-uploaded/:id',
  myDetails: '/my-details',
  addCard: '/add-card',
  trackOrder: '/track-order',
  orderHistory: '/my-orders-history',
  order: '/my-orders/:id',
  returns: '/my-returns',
  credit: '/my-credit',
  shipTogether: '/ship-together',
  invoice: '/my-invoice/:id',
  quotePayment: '/quote-payment/:id',
  help: '/help',
} as const;

/** A route's address up to its first parameter, with the trailing slash: `/my-invoice/:id` -> `/my-invoice/`. */
export function routeBase(path: string): string {
  return `${path.split('/:')[0]}/`;
}

/** Whether a route's address carries a parameter (an order id). */
export function hasParams(path: string): boolean {
  return path.includes('/:');
}

/** An account page's address with the trailing slash, up to its id: `accountPath('invoice')` is `/my-invoice/`; for links outside the island's router. */
export function accountPath(route: keyof typeof ACCOUNT_PATHS): string {
  return routeBase(ACCOUNT_PATHS[route]);
}

/** The prefixes of the addresses with an id (one static shell answers each, and no worker cache keeps them). */
export function idPathPrefixes(paths: readonly string[] = Object.values(ACCOUNT_PATHS)): string[] {
  return paths.filter(hasParams).map(routeBase);
}
