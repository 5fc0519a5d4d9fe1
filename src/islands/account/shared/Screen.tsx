import { useEffect, type ReactNode } from 'react';
import { ACCOUNT_ROUTES, type AccountRoute, type AccountRouteEntry } from '../../../lib/account-routes';

/** Props of an account screen's frame. */
export interface ScreenProps {
  /** The account page shown: its lede goes under the heading, its title is the heading unless `title` says otherwise. */
  page?: AccountRoute;
  /** The page heading, also the document title; without it, the route's (its `heading` when it says more than its title). */
  title?: string;
  /** Something beside the heading (a back link). */
  before?: ReactNode;
  children: ReactNode;
}

/** The frame of an account screen: its heading (focused after client-side moves) and the document title. */
export function Screen({ page, title: heading, before, children }: ScreenProps): ReactNode {
  const entry: AccountRouteEntry | undefined = page ? ACCOUNT_ROUTES[page] : undefined;
  const title = heading ?? entry?.title ?? '';
  useEffect(() => {
    const brand = document.title.includes(' | ') ? document.title.slice(document.title.lastIndexOf(' | ')) : '';
    document.title = `${title}${brand}`;
  }, [title]);
  return (
    <section className="account-screen" aria-labelledby="account-title">
      {before}
      <h1 id="account-title" tabIndex={-1}>
        {heading ?? entry?.heading ?? title}
      </h1>
      {entry ? <p className="account-lede">{entry.lede}</p> : null}
      {children}
    </section>
  );
}
