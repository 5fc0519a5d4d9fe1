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

/** The modal route a path belongs to (with or without its trailing slash), or undefined. */
export function modalRouteOf(pathname: string): ModalRoute | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return (Object.keys(MODAL_ROUTES) as ModalRoute[]).find((name) => MODAL_ROUTES[name] === path);
}

/** Builds a modal URL with optional query parameters, e.g. modalHref('login', { next: '/help/' }). */
export function modalHref(route: ModalRoute, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${MODAL_ROUTES[route]}?${search}` : MODAL_ROUTES[route];
}

/** A same-site path such as /help/ (never //host or a scheme), or undefined for anything else. */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  try {
    const url = new URL(value, 'http://same.site');
    return url.origin === 'http://same.site' ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}
