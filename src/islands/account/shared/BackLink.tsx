import type { ReactNode } from 'react';
import { pathTo } from '../../../lib/stores/router';
import { RouteLink } from './RouteLink';

/** The back arrow beside an order's heading: to the order history (a plain link, so the browser's Back still works). */
export function BackLink(): ReactNode {
  return (
    <RouteLink className="back-link" href={pathTo('orderHistory')} aria-label="Back">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
        <path
          d="M15 5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </RouteLink>
  );
}
