/**
 * Astro integration: the pages' CSS in one file instead of one per page (issue 14: one render-blocking stylesheet,
 * kept by the browser and the service worker for every page). Only the server build, which renders the pages, is
 * merged; the islands' lazily loaded chunks keep their own CSS, loaded with them.
 */
export function oneStylesheetIntegration() {
  return {
    name: 'shopper-one-stylesheet',
    hooks: {
      'astro:build:setup': ({ vite, target }) => {
        if (target === 'server') vite.build = { ...vite.build, cssCodeSplit: false };
      },
    },
  };
}
