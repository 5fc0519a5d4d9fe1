import { idPathPrefixes } from '../account-paths';

const KEY = 'shown_pages';
/** The worker's cache of pages (runtimeCaching `pages` in scripts/pwa.mjs). */
const PAGES_CACHE = 'pages';
const MOST = 20;

// The same rule as PAGES_NEVER_KEPT and isCacheablePage in scripts/pwa.mjs (which the worker gets as source text and so cannot import).
const NEVER_KEPT = [...idPathPrefixes(), '/auth/'];
const isCacheable = (location: Location): boolean =>
  location.search === '' && !NEVER_KEPT.some((prefix) => location.pathname.startsWith(prefix));

function readShown(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((p): p is string => typeof p === 'string' && p.startsWith('/') && !p.startsWith('//'))
      : [];
  } catch {
    return [];
  }
}

/** Notes this page, shown before a service worker controls the site, so that the worker keeps it once it does. */
export function rememberShownPage(): void {
  if (!isCacheable(window.location)) return;
  try {
    const shown = readShown().filter((p) => p !== window.location.pathname);
    sessionStorage.setItem(KEY, JSON.stringify([...shown, window.location.pathname].slice(-MOST)));
  } catch {
    // Blocked storage: the page is cached at its next visit instead.
  }
}

/** Puts the pages this tab showed before the worker took over into the worker's page cache (those it lacks), then forgets the list. */
export async function cacheShownPages(): Promise<void> {
  const shown = readShown();
  if (shown.length === 0 || typeof caches === 'undefined') return;
  const cache = await caches.open(PAGES_CACHE);
  await Promise.all(shown.map(async (path) => (await cache.match(path)) ?? cache.add(path)));
  sessionStorage.removeItem(KEY);
}
