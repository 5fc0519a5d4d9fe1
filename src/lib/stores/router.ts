import { createRouter, getPagePath, type ConfigFromRouter, type ParamsArg } from '@nanostores/router';
import { ACCOUNT_ROUTES, type AccountRoute } from '../account-routes';

type Paths = { [Name in AccountRoute]: (typeof ACCOUNT_ROUTES)[Name]['path'] };

/** The account area's router: every route of the table in src/lib/account-routes.ts. */
export const $router = createRouter(
  Object.fromEntries(Object.entries(ACCOUNT_ROUTES).map(([name, entry]) => [name, entry.path])) as Paths,
  { links: false },
);

type Routes = ConfigFromRouter<typeof $router>;

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

