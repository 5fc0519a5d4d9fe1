import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';

const ASSETS = 'node_modules/@sveltia/cms/npm/assets';

/**
 * Answers the studio's requests to hosts other than `own` (the site's origin and any stand-in's) as those hosts would,
 * from this machine: its version check, GitHub's status page and the CDN fonts. Anything else is recorded in
 * `unexpected` and refused.
 */
export async function answerOtherHosts(page: Page, own: string[], unexpected: string[]): Promise<void> {
  const fonts = readdirSync(ASSETS).filter((name) => name.endsWith('.woff2'));
  await page.route(
    (url) => !own.includes(url.origin),
    (route: Route) => {
      const url = new URL(route.request().url());
      if (url.href === 'https://unpkg.com/@sveltia/cms/package.json') return route.fulfill({ json: { version: '0.221.1' } });
      if (url.href === 'https://www.githubstatus.com/api/v2/status.json')
        return route.fulfill({ json: { status: { indicator: 'none' } } });
      const font =
        url.href.startsWith('https://cdn.jsdelivr.net/fontsource/fonts/') &&
        fonts.find((name) => name.startsWith(url.pathname.split('/')[3]?.split(/[:@]/)[0] ?? '-'));
      if (font) return route.fulfill({ body: readFileSync(join(ASSETS, font)), contentType: 'font/woff2' });
      unexpected.push(url.href);
      return route.abort();
    },
  );
}
