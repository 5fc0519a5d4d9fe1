import { createRouter, getPagePath, type ConfigFromRouter, type ParamsArg } from '@nanostores/router';

/** Every client-routed page of the account area, in one place. */
export const $router = createRouter(
  {
    uploadOrders: '/upload-orders',
    orderUploaded: '/order-uploaded/:id',
    myDetails: '/my-details',
    addCard: '/add-card',
    trackOrder: '/track-order',
    orderHistory: '/my-orders-history',
    returns: '/my-returns',
    invoice: '/my-invoice/:id',
    quotePayment: '/quote-payment/:id',
    help: '/help',
  },
  { links: false },
);

type Routes = ConfigFromRouter<typeof $router>;

/** A route name of the account area. */
export type AccountRoute = keyof Routes;

/** The URL of an account page, always with the trailing slash the static host uses. */
export function pathTo<Name extends AccountRoute>(name: Name, ...args: ParamsArg<Routes, Name>): string {
  const path = getPagePath($router, name, ...args);
  const [pathname = '', search = ''] = path.split('?');
  return `${pathname.endsWith('/') ? pathname : `${pathname}/`}${search ? `?${search}` : ''}`;
}

/** Moves to an account page without a page load. */
export function goTo<Name extends AccountRoute>(name: Name, ...args: ParamsArg<Routes, Name>): void {
  $router.open(pathTo(name, ...args));
}

/** Replaces the current account page without adding a history entry. */
export function replaceWith<Name extends AccountRoute>(name: Name, ...args: ParamsArg<Routes, Name>): void {
  $router.open(pathTo(name, ...args), true);
}

