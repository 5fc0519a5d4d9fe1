import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { $router } from '../../../lib/stores/router';

/** Props of a link to another account page. */
export interface RouteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A URL built by pathTo. */
  href: string;
}

/** True for a plain left click that the page may handle itself. */
export function isPlainClick(event: MouseEvent | globalThis.MouseEvent): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** A link to an account page that moves there without a page load. */
export function RouteLink({ href, onClick, children, ...rest }: RouteLinkProps): ReactNode {
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        $router.open(href);
      }}
    >
      {children}
    </a>
  );
}
