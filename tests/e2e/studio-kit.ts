import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type Route } from '@playwright/test';
import { sandboxBuildEnv } from '../../scripts/build-env.mjs';
import { createSiteServer } from '../../scripts/serve.mjs';
import { studioCollections } from '../../src/content-studio.ts';
import { listenLocally, stopServer } from './local-server';
import { buildSiteCopy } from './site-build';

const ASSETS = 'node_modules/@sveltia/cms/npm/assets';

/**
 * Answers the studio's requests to hosts other than `own` (the site's origin and any stand-in's) as those hosts would,
 * from this machine: its version check, GitHub's and GitLab's status pages and the CDN fonts. Anything else is recorded in
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
      if (url.href === 'https://status-api.hostedstatus.com/1.0/status/5b36dc6502d06804c08349f7')
        return route.fulfill({ json: { result: { status_overall: { status_code: 100 } } } });
      const font =
        url.href.startsWith('https://cdn.jsdelivr.net/fontsource/fonts/') &&
        fonts.find((name) => name.startsWith(url.pathname.split('/')[3]?.split(/[:@]/)[0] ?? '-'));
      if (font) return route.fulfill({ body: readFileSync(join(ASSETS, font)), contentType: 'font/woff2' });
      unexpected.push(url.href);
      return route.abort();
    },
  );
}

/**
 * Opens the studio at `studio`, recording policy violations and page errors into `problems`, and answering the hosts
 * other than it and `standIn`; it is served with the opener policy its sign-in pop-up needs, `opener`.
 */
export async function openStudio(page: Page, studio: string, standIn: string, problems: string[], opener = 'same-origin-allow-popups'): Promise<void> {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.exposeFunction('reportViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `CSP ${event.violatedDirective}: ${event.blockedURI}`,
      );
    });
  });
  await answerOtherHosts(page, [new URL(studio).origin, standIn], problems);
  const response = await page.goto(studio);
  // The header the pop-up's hand-over depends on (scripts/content-studio.mjs, studioOpenerPolicy).
  expect(response?.headers()['cross-origin-opener-policy']).toBe(opener);
}

/** Chooses the studio's sign-in button for `service` (GitHub, GitLab) and returns the pop-up it opens. */
export async function openSignInPopup(page: Page, service: string): Promise<Page> {
  const popup = page.waitForEvent('popup');
  // The studio sets a service's name between invisible bidirectional isolates (U+2068, U+2069).
  await page.getByRole('button', { name: `Sign In with \u2068${service}\u2069` }).click();
  return popup;
}

/** Waits for the studio to close its pop-up (it may have done so already). */
export async function popupClosed(popup: Page): Promise<void> {
  if (!popup.isClosed()) await popup.waitForEvent('close');
}

/** On a stand-in's consent page in the pop-up, signs in as `login` and authorizes the studio; the pop-up then closes. */
export async function authorizeAs(popup: Page, login: string): Promise<void> {
  await expect(popup.getByRole('heading', { name: 'Authorize Shopper content studio' })).toBeVisible();
  await popup.getByRole('textbox', { name: 'Username' }).fill(login);
  await popup.getByRole('button', { name: 'Authorize' }).click();
  await popupClosed(popup);
}

/** Every file under these folders of the checkout, by its path from the project root. */
export function checkoutFiles(...folders: string[]): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const folder of folders) {
    for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      const path = join(folder, name);
      if (statSync(path).isFile()) files[path] = readFileSync(path);
    }
  }
  return files;
}

/** A studio built and served by {@link serveStudioBuild}: its /admin/ address, and how to stop and remove it. */
export interface StudioSite {
  studio: string;
  close(): Promise<void>;
}

/**
 * Builds a copy of the project with these STUDIO_* variables (the home page only: the studio's preview takes the
 * site's stylesheet from it) and serves it as `npm run serve` does, with public/_headers, on a free port.
 */
export async function serveStudioBuild(studioEnv: Record<string, string>): Promise<StudioSite> {
  const site = await buildSiteCopy({ pages: ['index.astro'], env: { ...sandboxBuildEnv(), ...studioEnv } });
  const server = createSiteServer({ root: site.outDir });
  const origin = await listenLocally(server);
  return {
    studio: `${origin}/admin/`,
    close: async () => {
      await stopServer(server);
      site.remove();
    },
  };
}

/** Signed in, the studio lists every collection of src/content-studio.ts, and the FAQs hold this checkout's questions. */
export async function expectEveryCollection(page: Page): Promise<void> {
  for (const { label } of studioCollections()) await expect(page.getByRole('treeitem', { name: label })).toBeVisible();
  await page.getByRole('treeitem', { name: 'FAQs' }).click();
  await expect(page.getByRole('gridcell', { name: '5. How long does delivery take?' })).toBeVisible();
}
