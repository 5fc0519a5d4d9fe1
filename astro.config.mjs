// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import AstroPWA from '@vite-pwa/astro';
import { loadEnv } from 'vite';
import { accountRoutesIntegration } from './scripts/account-routes-integration.mjs';
import { buildGuardIntegration } from './scripts/build-guard.mjs';
import { contentStudioIntegration } from './scripts/content-studio.mjs';
import { pushScriptIntegration, pwaOptions } from './scripts/pwa.mjs';
import { hydrationIntegration } from './src/lib/hydration/integration.ts';
import { policyDirectives } from './src/lib/hydration/policy.ts';
import { privatePaths } from './src/lib/account-routes.ts';

/** Pages that are not indexed: modal routes, the signed-in area (from its route table), the offline page and the content studio. */
const PRIVATE_PATHS = ['/login/', '/register/', '/forgot-password/', '/new-password/', '/upload-order-instructions/', '/unlock-account/', ...privatePaths(), '/auth/', '/offline/', '/admin/'];

// .env values as the client bundle sees them, so the policy names the same API origin.
const env = { ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env };
const site = env.SITE_URL ?? 'http://127.0.0.1:4321';

// Astro holds each island's entry chunk to its own exports ('exports-only'), so every module an island shares with the
// account screens it loads later became a chunk of its own: one more request, and its headers, per page. Letting the
// island's chunk carry those modules too ('allow-extension': its own exports stay as they are) merges them into it.
/** @type {import('vite').Plugin} */
const islandChunks = {
  name: 'island-chunks',
  applyToEnvironment: (environment) => environment.name === 'client',
  options: (options) => ({ ...options, preserveEntrySignatures: 'allow-extension' }),
};

export default defineConfig({
  site,
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'never' },
  // Astro 7 removes the whitespace between inline elements by default ('jsx'); the pages' text keeps its spaces.
  compressHTML: true,
  server: { host: '127.0.0.1', port: 4321 },
  // Astro writes each page's policy as a meta tag, hashing every inline script and style it puts in the page; the
  // hydration integration fails the build when one is missing. Nothing highlights code, which would add inline styles.
  security: { csp: { directives: policyDirectives({ apiHost: env.PUBLIC_API_HOST, paymentHosts: env.PUBLIC_PAYMENT_HOSTS }) } },
  markdown: { syntaxHighlight: false },
  integrations: [
    buildGuardIntegration(env),
    react(),
    // Before the hydration integration, whose policy check then covers /admin/ too.
    contentStudioIntegration(env),
    hydrationIntegration(),
    accountRoutesIntegration(),
    pushScriptIntegration(),
    sitemap({ filter: (page) => !PRIVATE_PATHS.some((p) => new URL(page).pathname.startsWith(p)) }),
    // Last: the worker's precache revisions are taken from the pages as built.
    AstroPWA(pwaOptions),
  ],
  vite: {
    build: { assetsInlineLimit: 0 },
    plugins: [islandChunks],
  },
});
