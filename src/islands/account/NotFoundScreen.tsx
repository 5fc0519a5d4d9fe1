import type { ReactNode } from 'react';
import { pathTo } from '../../lib/stores/router';
import { RouteLink } from './shared/RouteLink';
import { Screen } from './shared/Screen';

/** An account URL that names no page or no valid order. */
export function NotFoundScreen(): ReactNode {
  return (
    <Screen title="404 Not Found">
      <p>
        This page does not exist. <RouteLink href={pathTo('orderHistory')}>See your orders</RouteLink>
      </p>
    </Screen>
  );
}
