import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { sandboxBuildEnv } from '../../scripts/build-env.mjs';
import { createSiteServer } from '../../scripts/serve.mjs';
import { studioCollections } from '../../src/content-studio.ts';
import { expect, test } from './fixtures';
import { STAND_IN_COMMIT, startGitHubStandIn, type GitHubStandIn } from './git-host-stand-in';
import { buildSiteCopy, type SiteBuild } from './site-build';
import { answerOtherHosts } from './studio-kit';

// An editor signs in to /admin/ as in production: the studio opens the relay in a pop-up, the editor authorizes on
// "GitHub", the relay hands the token back to the studio's window, and the studio loads the repository from GitHub's
// API. Relay and API are a stand-in on this machine (git-host-stand-in.ts) that serves this checkout's content; the
// studio is a build of this project pointed at it and served with public/_headers, whose opener policy the hand-over
// needs. Nothing leaves this machine.

const REPO = 'shopper-za/shopper-web';
// The studio sets a service's and a repository's names between invisible bidirectional isolates (U+2068, U+2069).
const SIGN_IN = 'Sign In with \u2068GitHub\u2069';

/** Every file under these folders of the checkout, by its path from the project root. */
function filesUnder(...folders: string[]): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const folder of folders) {
    for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      const path = join(folder, name);
      if (statSync(path).isFile()) files[path] = readFileSync(path);
    }
  }
  return files;
}

let standIn: GitHubStandIn;
let site: SiteBuild;
let server: Server;
let studio = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  standIn = await startGitHubStandIn({
    repo: REPO,
    branch: 'main',
    files: filesUnder('src/content', 'public'),
    accounts: [
      { login: 'editor', name: 'Content Editor', canWrite: true },
      { login: 'reader', name: 'Read Only', canWrite: false },
    ],
    allowedDomains: ['127.0.0.1'],
  });
  // The home page too: the studio's preview takes the site's stylesheet from it.
  site = await buildSiteCopy({
    pages: ['index.astro'],
    env: { ...sandboxBuildEnv(), STUDIO_REPO: REPO, STUDIO_AUTH_URL: standIn.authUrl, STUDIO_API_ROOT: standIn.apiRoot },
  });
  server = createSiteServer({ root: site.outDir });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  studio = `http://127.0.0.1:${(server.address() as AddressInfo).port}/admin/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  site.remove();
  await standIn.close();
});

/** Opens the studio, recording policy violations and page errors into `problems`, and answering the other hosts it asks. */
async function openStudio(page: Page, problems: string[]): Promise<void> {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.exposeFunction('reportViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `CSP ${event.violatedDirective}: ${event.blockedURI}`,
      );
    });
  });
  await answerOtherHosts(page, [new URL(studio).origin, standIn.origin], problems);
  const response = await page.goto(studio);
  // The header the pop-up's hand-over depends on: with same-origin, the relay's page would find no opener.
  expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
}

/** Chooses Sign In with GitHub and returns the pop-up the studio opens on the relay. */
async function openRelay(page: Page): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: SIGN_IN }).click();
  return popup;
}

/** Waits for the studio to close its pop-up (it may have done so already). */
async function closed(popup: Page): Promise<void> {
  if (!popup.isClosed()) await popup.waitForEvent('close');
}

/** On the consent page in the pop-up, signs in as `login` and authorizes the studio; the pop-up then closes. */
async function authorizeAs(popup: Page, login: string): Promise<void> {
  await expect(popup.getByRole('heading', { name: 'Authorize Shopper content studio' })).toBeVisible();
  await popup.getByRole('textbox', { name: 'Username' }).fill(login);
  await popup.getByRole('button', { name: 'Authorize' }).click();
  await closed(popup);
}

test('an editor signs in through the relay pop-up and the studio shows every collection, having only read the repository', async ({
  page,
}) => {
  const problems: string[] = [];
  // Each answer the studio reads is right: it logs an error for any it cannot use (the files' commit metadata, say).
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await openStudio(page, problems);
  await expect(page.getByText('Loading CMS Configuration…')).toBeHidden();
  if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: 'docs/images/studio-sign-in.png' });
  await authorizeAs(await openRelay(page), 'editor');

  for (const { label } of studioCollections()) await expect(page.getByRole('treeitem', { name: label })).toBeVisible();
  await page.getByRole('treeitem', { name: 'FAQs' }).click();
  await expect(page.getByRole('gridcell', { name: '5. How long does delivery take?' })).toBeVisible();
  if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: 'docs/images/studio-signed-in.png' });

  expect(standIn.asked).toContain('GET /api/v3/user');
  expect(standIn.asked).toContain(`GET /api/v3/repos/${REPO}/collaborators/editor`);
  expect(standIn.asked).toContain(`GET /api/v3/repos/${REPO}/git/trees/${STAND_IN_COMMIT}`);
  expect(standIn.asked.filter((call) => !call.startsWith('GET ') && call !== 'POST /graphql')).toEqual([]);
  expect(standIn.unanswered).toEqual([]);
  expect(problems).toEqual([]);
});

test('an account that may only read the repository is told at sign-in that it has no access, and can sign in again', async ({
  page,
}) => {
  const problems: string[] = [];
  await openStudio(page, problems);
  await authorizeAs(await openRelay(page), 'reader');

  await expect(page.getByRole('alert')).toHaveText(
    `There was an error while loading site data. You don’t have access to the “\u2068${REPO.split('/')[1]}\u2069” repository.`,
  );
  if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: 'docs/images/studio-no-access.png' });
  await expect(page.getByRole('button', { name: SIGN_IN })).toBeVisible();
  expect(problems).toEqual([]);
});

test('an editor who cancels on GitHub, or closes the pop-up, is told to try again', async ({ page }) => {
  const problems: string[] = [];
  await openStudio(page, problems);
  const popup = await openRelay(page);
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await closed(popup);
  await expect(page.getByText('Failed to receive an authorization code. Please try again later.')).toBeVisible();

  const again = await openRelay(page);
  await again.close();
  await expect(page.getByText('Authentication aborted. Please try again.')).toBeVisible();
  await expect(page.getByRole('treeitem', { name: 'FAQs' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a relay that does not serve the studio’s host answers an error, which the studio shows', async ({ page }) => {
  const problems: string[] = [];
  standIn.allowedDomains.splice(0, Infinity, 'studio.shopper.example');
  try {
    await openStudio(page, problems);
    const popup = await openRelay(page);
    await closed(popup);
    await expect(page.getByText('Your domain is not allowed to use the authenticator.')).toBeVisible();
    if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: 'docs/images/studio-sign-in-refused.png' });
  } finally {
    standIn.allowedDomains.splice(0, Infinity, '127.0.0.1');
  }
  expect(problems).toEqual([]);
});
