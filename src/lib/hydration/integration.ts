import type { AstroIntegration } from 'astro';
import { SESSION_FLAG_SCRIPT } from '../shell/session-flag';
import { checkPolicies } from './policy';

// Every page runs the shell script (src/lib/shell/shell.ts): it travels in one file with everything it imports,
// instead of Rolldown's default of one small chunk per combination of importers (five files, +3 KB on every page). The
// islands import the session store and the API's error handling from that file, which the page already has. Apart:
// the entry, and the carousel (Swiper, fetched when a carousel comes near the screen).
const SHELL_CHUNK = { name: 'shell', test: /src[\\/]lib[\\/]shell[\\/](?!shell\.ts|carousel\.ts)/ };

/**
 * How the pages load their scripts, in one integration: the three client directives (client:painted,
 * client:interact, client:modal), the session flag that must run before the body paints (Astro hashes it into the
 * page's CSP), one stylesheet for every page, and a build that fails when a page's policy misses one of its scripts.
 */
export function hydrationIntegration(): AstroIntegration {
  return {
    name: 'shopper-hydration',
    hooks: {
      'astro:config:setup': ({ addClientDirective, injectScript }) => {
        addClientDirective({ name: 'painted', entrypoint: './src/lib/hydration/painted.ts' });
        addClientDirective({ name: 'interact', entrypoint: './src/lib/hydration/interact.ts' });
        addClientDirective({ name: 'modal', entrypoint: './src/lib/hydration/modal.ts' });
        injectScript('head-inline', SESSION_FLAG_SCRIPT);
      },
      // One render-blocking stylesheet, kept by the browser and the service worker for every page (issue 14): the
      // environments that render the pages merge their CSS; the islands' lazy chunks (client) keep their own.
      'astro:build:setup': ({ vite }) => {
        for (const name of ['prerender', 'ssr']) {
          const environment = vite.environments?.[name];
          if (environment) environment.build = { ...environment.build, cssCodeSplit: false };
        }
        const client = vite.environments?.client;
        if (client) {
          const rolldownOptions = client.build?.rolldownOptions ?? {};
          const output = { ...rolldownOptions.output, codeSplitting: { groups: [SHELL_CHUNK] } };
          client.build = { ...client.build, rolldownOptions: { ...rolldownOptions, output } };
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        const pages = await checkPolicies(dir);
        logger.info(`every inline script of ${pages} pages is hashed in its policy`);
      },
    },
  };
}
