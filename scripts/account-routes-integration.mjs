import { writeFile } from 'node:fs/promises';
import { hostRewrites } from '../src/lib/account-routes.ts';

/** Writes the host's `_redirects` from the account route table: each page with an id is served by its static shell. */
export function accountRoutesIntegration() {
  return {
    name: 'account-routes',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeFile(new URL('_redirects', dir), hostRewrites());
      },
    },
  };
}
