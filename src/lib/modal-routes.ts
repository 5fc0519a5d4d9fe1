/** The modal routes of SPEC section 2, each shown over the page the shopper came from. */
export const MODAL_ROUTES = {
  login: '/login/',
  register: '/register/',
  forgotPassword: '/forgot-password/',
  newPassword: '/new-password/',
  uploadOrderInstructions: '/upload-order-instructions/',
} as const;

/** The name of one modal route. */
export type ModalRoute = keyof typeof MODAL_ROUTES;

/** The history state key that holds the background page's URL. */
export const BACKGROUND_KEY = 'modalBackground';

/** The page behind the open modal, when this tab came from one (history state), else undefined. */
export function modalBackground(): string | undefined {
  const state: unknown = window.history.state;
  const value = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[BACKGROUND_KEY] : undefined;
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.origin === window.location.origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The modal route a path belongs to (with or without its trailing slash), or undefined. */
export function modalRouteOf(pathname: string): ModalRoute | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return (Object.keys(MODAL_ROUTES) as ModalRoute[]).find((name) => MODAL_ROUTES[name] === path);
}

/** Whether the URL carries a notice a modal screen shows on arrival (Password successfully reset, Account successfully unlocked). */
export function hasNoticeParam(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('reset') || params.has('unlock');
}

/** Builds a modal URL with optional query parameters, e.g. modalHref('login', { next: '/help/' }). */
export function modalHref(route: ModalRoute, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${MODAL_ROUTES[route]}?${search}` : MODAL_ROUTES[route];
}

// The URL parser drops tabs and newlines, so '/\t/evil.example' would become '//evil.example'.
function hasControlCharacter(value: string): boolean {
  return [...value].some((char) => char < ' ' || char === '\u007f');
}

/** A same-site path such as /help/ that starts with exactly one `/` (never //host, /\host or a scheme), or undefined for anything else. */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlCharacter(value)) return undefined;
  try {
    const url = new URL(value, 'http://same.site');
    // The parser turns '/.//x' into '//x', and a server that decodes %2F reads '/%2F/x' as '//x': either would leave the site.
    const decoded = decodeURIComponent(url.pathname);
    if (url.origin !== 'http://same.site' || decoded.startsWith('//') || decoded.includes('\\')) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/** The modal URL a click should open in place (a plain left click on a same-site a[data-modal]), or undefined. */
export function modalLinkTarget(event: MouseEvent): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[data-modal]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target !== '' && link.target !== '_self')) return undefined;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin && modalRouteOf(url.pathname) ? url : undefined;
}
