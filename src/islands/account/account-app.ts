import { ACCOUNT_ROUTES, type AccountRouteTable } from '../../lib/account-routes';

/** Visitors may use the routes the table opens to them (the order form: its draft keeps on this device); every other route needs a session. */
export function mayShow(route: string | undefined, signedIn: boolean, table: AccountRouteTable = ACCOUNT_ROUTES): boolean {
  return signedIn || (route !== undefined && Object.hasOwn(table, route) && table[route]?.access === 'visitor');
}
