import { useEffect, useRef } from 'react';
import { $router } from '../../lib/stores/router';
import { isPlainClick } from './shared/RouteLink';

// The header's My Profile menu links to the same pages; its aria-current must follow too.
const MENU_LINKS = '[data-account-menu] a[href], #profile-menu a[href]';

function markCurrent(pathname: string): void {
  const here = pathname.endsWith('/') ? pathname : `${pathname}/`;
  for (const link of document.querySelectorAll<HTMLAnchorElement>(MENU_LINKS)) {
    if (new URL(link.href).pathname === here) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

/** Keeps the static side menu in step with the client-side route: its links move without a page load, aria-current follows, focus goes to the new heading. */
export function useAccountNav(path: string | undefined): void {
  const first = useRef(true);

  useEffect(() => {
    const onClick = (event: MouseEvent): void => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-account-link]') : null;
      if (!link || !isPlainClick(event) || link.origin !== window.location.origin) return;
      event.preventDefault();
      $router.open(`${link.pathname}${link.search}`);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    if (path === undefined) return;
    markCurrent(window.location.pathname);
    if (first.current) {
      first.current = false;
      return;
    }
    // A client-side move is silent for screen readers: the new page's heading takes focus.
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => document.getElementById('account-title')?.focus());
  }, [path]);
}
