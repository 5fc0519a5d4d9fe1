import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { accountPath } from '../src/lib/account-paths.ts';
import { idPagePrefixes, precachedShells } from '../src/lib/account-routes.ts';

/** The static shells precached at install: the app's own pages (no personal data: it comes from the API), the account's from its route table. */
export const PRECACHED_PAGES = ['index.html', 'offline/index.html', 'portals/index.html', 'login/index.html', 'register/index.html', ...precachedShells()];

// From the project's root, where every build and test runs (under vitest's jsdom, import.meta.url is not a file URL).
const PUSH_SOURCE = pathToFileURL(join(process.cwd(), 'src', 'worker', 'sw-push.js'));

/** The account pages a push notification opens, from the route table's addresses (the worker's script is no module and imports nothing). */
export const PUSH_PAGES = {
  quotePayment: accountPath('quotePayment'),
  trackOrder: accountPath('trackOrder'),
  orderHistory: accountPath('orderHistory'),
  order: accountPath('order'),
  credit: accountPath('credit'),
};

/** The push handlers as the build writes them: src/worker/sw-push.js with PUSH_PAGES declared in front. */
export const PUSH_SCRIPT_TEXT = `// Written by the build from src/lib/account-paths.ts (scripts/pwa.mjs).
const PUSH_PAGES = ${JSON.stringify(PUSH_PAGES)};

${await readFile(PUSH_SOURCE, 'utf8')}`;

/**
 * Where the worker imports its push handlers from (PUSH_SCRIPT_TEXT), named by their content and served as an
 * immutable asset: the browser's update check then takes it from its cache, and a change renames it, which changes sw.js.
 */
export const PUSH_SCRIPT = `/sw-push-${createHash('sha256').update(PUSH_SCRIPT_TEXT).digest('hex').slice(0, 10)}.js`;

/** Writes the push handlers into the build under PUSH_SCRIPT's name. */
export function pushScriptIntegration() {
  return {
    name: 'push-script',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeFile(new URL(PUSH_SCRIPT.slice(1), dir), PUSH_SCRIPT_TEXT);
      },
    },
  };
}

/** The page a navigation gets when neither the network nor the worker's caches can answer it. */
export const OFFLINE_PAGE = '/offline/index.html';

/** The web app manifest. */
export const manifest = {
  id: '/',
  name: 'Shopper: shop overseas, delivered in South Africa',
  short_name: 'Shopper',
  description: 'Order from overseas online shops and have it delivered to your door in South Africa.',
  lang: 'en-ZA',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#0b4f8a',
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

// The runtime routes below are copied into the worker as source text: each must stand alone (no outer names).
// The API is another origin, so no route here matches it: its requests never reach a worker cache.

/**
 * Addresses that carry an id (the account pages with one, from the route table) or a sign-in code, and the content
 * studio (always the deployed one): never kept, the offline page when the network fails. A RegExp, which the worker gets as its literal: Workbox matches it anywhere
 * in a same-origin URL, and in another origin's only from its start, which `http` never matches.
 */
export const PAGES_NEVER_KEPT = new RegExp(`/(${[...idPagePrefixes(), '/auth/', '/admin/'].map((prefix) => prefix.slice(1, -1)).join('|')})/`);

/** Same-origin navigations without a query (the addresses of PAGES_NEVER_KEPT are taken by the route before this one). */
export function isCacheablePage({ request, url }) {
  return request.mode === 'navigate' && url.origin === self.location.origin && url.search === '';
}

/** Every other same-origin navigation: network only, the offline page when that fails. */
export function isOtherPage({ request, url }) {
  return request.mode === 'navigate' && url.origin === self.location.origin;
}

/** Any other image of the site (the precache has the SVGs); the API's images are another origin. */
export function isSiteImage({ request, url }) {
  return request.destination === 'image' && url.origin === self.location.origin;
}

/**
 * Options of @vite-pwa/astro: a Workbox worker that precaches the build's assets and app shells, never API answers.
 * @type {import('@vite-pwa/astro').PwaOptions}
 */
export const pwaOptions = {
  registerType: 'prompt',
  // Registered by src/lib/shell/pwa.ts, an external module after load (nothing inline, so no new CSP hash; no workbox-window, whose 2.4 KB would break the public pages' JS budget).
  injectRegister: false,
  manifest,
  workbox: {
    // The site's own images are small SVGs (14 KB in all): kept from the start, a repeat visit asks for none.
    globPatterns: ['_astro/**/*.{js,css}', 'favicon.svg', 'logo.svg', 'icons/*.png', '{images,shops,categories,payments,adverts}/*.svg', ...PRECACHED_PAGES],
    // Our own transform list (empty): the integration's default would rename 'portals/index.html' to 'portals', which '/portals/' does not match.
    manifestTransforms: [],
    // Pages are static: a query (?next=, ?order=) is read by the page's script, so the shell without it is the same file.
    ignoreURLParametersMatching: [/./],
    // Not a single-page app: no navigation is answered with one fallback shell.
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    // A waiting deploy comes in at the shopper's next page load (public/sw-update.js, served uncached, as sw.js is);
    // push notifications are shown and opened by PUSH_SCRIPT.
    importScripts: ['/sw-update.js', PUSH_SCRIPT],
    runtimeCaching: [
      { urlPattern: PAGES_NEVER_KEPT, handler: 'NetworkOnly', options: { precacheFallback: { fallbackURL: OFFLINE_PAGE } } },
      {
        urlPattern: isCacheablePage,
        handler: 'NetworkFirst',
        options: {
          cacheName: 'pages',
          networkTimeoutSeconds: 6,
          expiration: { maxEntries: 40 },
          precacheFallback: { fallbackURL: OFFLINE_PAGE },
        },
      },
      { urlPattern: isOtherPage, handler: 'NetworkOnly', options: { precacheFallback: { fallbackURL: OFFLINE_PAGE } } },
      {
        urlPattern: isSiteImage,
        handler: 'CacheFirst',
        options: { cacheName: 'images', expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 } },
      },
    ],
  },
};
