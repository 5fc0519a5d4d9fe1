/**
 * Astro integration: the pages' CSS in one file instead of one per page (issue 14: one render-blocking stylesheet,
 * kept by the browser and the service worker for every page). Only the environments that render the pages are
 * merged; the islands' lazily loaded chunks (the client environment) keep their own CSS, loaded with them.
 */
export function oneStylesheetIntegration() {
  return {
    name: 'shopper-one-stylesheet',
    hooks: {
      'astro:build:setup': ({ vite }) => {
        for (const name of ['prerender', 'ssr']) {
          const environment = vite.environments?.[name];
          if (environment) environment.build = { ...environment.build, cssCodeSplit: false };
        }
      },
    },
  };
}
