import { sampleRoutes } from '../src/lib/account-routes.ts';

/** A path no page has: the site answers it with its 404 page. */
export const NOT_FOUND_ROUTE = '/no-such-page/';

/** Public pages: pre-rendered, readable without JavaScript. */
export const PUBLIC_ROUTES = ['/', '/about-us/', '/portals/', '/how-it-works/', '/metaverse-logistics/', '/contact-us/', '/advertise-with-us/', '/estimate/', NOT_FOUND_ROUTE];

/** Modal routes and the standalone unlock page. */
export const MODAL_ROUTES = ['/login/', '/register/', '/forgot-password/', '/new-password/?token=bench', '/upload-order-instructions/', '/unlock-account/'];

/** Account routes, from the route table (sampleRoutes); `{processing}`, `{delivered}` and `{placed}` are replaced by order ids of the signed-in shopper. */
export const ACCOUNT_SAMPLE_ROUTES = sampleRoutes();

/** Fills the order ids into an account route. */
export function fillRoute(route, ids) {
  return route.replace(/\{(\w+)\}/g, (_, key) => String(ids[key] ?? 0));
}
