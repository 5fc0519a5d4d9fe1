import { useEffect, type ReactNode } from 'react';
import { ACCOUNT_ROUTES } from '../../lib/account-routes';
import type { AccountRoute } from '../../lib/account-routes';

/** Props of an account screen's frame. */
export interface ScreenProps {
  /** The account page shown: its lede goes under the heading, its title is the heading unless `title` says otherwise. */
  page?: AccountRoute;
  /** The page heading, also the document title. */
  title?: string;
  /** Something beside the heading (a back link). */
  before?: ReactNode;
  children: ReactNode;
}

/** The frame of an account screen: its heading (focused after client-side moves) and the document title. */
export function Screen({ page, title: heading, before, children }: ScreenProps): ReactNode {
  const title = heading ?? (page ? ACCOUNT_ROUTES[page].title : '');
  useEffect(() => {
    const brand = document.title.includes(' | ') ? document.title.slice(document.title.lastIndexOf(' | ')) : '';
    document.title = `${title}${brand}`;
  }, [title]);
  return (
    <section className="account-screen" aria-labelledby="account-title">
      {before}
      <h1 id="account-title" tabIndex={-1}>
        {title}
      </h1>
      {page ? <p className="account-lede">{ACCOUNT_ROUTES[page].lede}</p> : null}
      {children}
    </section>
  );
}
