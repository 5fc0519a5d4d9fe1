import { expect, test } from './fixtures';
import { STAND_IN_COMMIT, startGitHubStandIn, type GitHubStandIn } from './git-host-stand-in';
import { authorizeAs, checkoutFiles, expectEveryCollection, openSignInPopup, openStudio, popupClosed, serveStudioBuild, type StudioSite } from './studio-kit';

// An editor signs in to /admin/ as in production: the studio opens the relay in a pop-up, the editor authorizes on
// "GitHub", the relay hands the token back to the studio's window, and the studio loads the repository from GitHub's
// API. Relay and API are a stand-in on this machine (git-host-stand-in.ts) that serves this checkout's content; the
// studio is a build of this project pointed at it and served with public/_headers, whose opener policy the hand-over
// needs. Nothing leaves this machine.

const REPO = 'shopper-za/shopper-web';
// The studio sets a service's and a repository's names between invisible bidirectional isolates (U+2068, U+2069).
const SIGN_IN = 'Sign In with \u2068GitHub\u2069';

let standIn: GitHubStandIn;
let site: StudioSite;
let studio = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  standIn = await startGitHubStandIn({
    repo: REPO,
    branch: 'main',
    files: checkoutFiles('src/content', 'public'),
    accounts: [
      { login: 'editor', name: 'Content Editor', canWrite: true },
      { login: 'reader', name: 'Read Only', canWrite: false },
    ],
    allowedDomains: ['127.0.0.1'],
  });
  site = await serveStudioBuild({ STUDIO_REPO: REPO, STUDIO_AUTH_URL: standIn.authUrl, STUDIO_API_ROOT: standIn.apiRoot });
  studio = site.studio;
});

test.afterAll(async () => {
  await site.close();
  await standIn.close();
});

test('an editor signs in through the relay pop-up and the studio shows every collection, having only read the repository', async ({
  page,
}) => {
  const problems: string[] = [];
  // Each answer the studio reads is right: it logs an error for any it cannot use (the files' commit metadata, say).
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await openStudio(page, studio, standIn.origin, problems);
  await expect(page.getByText('Loading CMS Configuration…')).toBeHidden();
  if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: 'docs/images/studio-sign-in.png' });
  await authorizeAs(await openSignInPopup(page, 'GitHub'), 'editor');

  await expectEveryCollection(page);
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
  await openStudio(page, studio, standIn.origin, problems);
  await authorizeAs(await openSignInPopup(page, 'GitHub'), 'reader');

  await expect(page.getByRole('alert')).toHaveText(
    `There was an error while loading site data. You don’t have access to the “\u2068${REPO.split('/')[1]}\u2069” repository.`,
  );
  if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: 'docs/images/studio-no-access.png' });
  await expect(page.getByRole('button', { name: SIGN_IN })).toBeVisible();
  expect(problems).toEqual([]);
});

test('an editor who cancels on GitHub, or closes the pop-up, is told to try again', async ({ page }) => {
  const problems: string[] = [];
  await openStudio(page, studio, standIn.origin, problems);
  const popup = await openSignInPopup(page, 'GitHub');
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await popupClosed(popup);
  await expect(page.getByText('Failed to receive an authorization code. Please try again later.')).toBeVisible();

  const again = await openSignInPopup(page, 'GitHub');
  await again.close();
  await expect(page.getByText('Authentication aborted. Please try again.')).toBeVisible();
  await expect(page.getByRole('treeitem', { name: 'FAQs' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a relay that does not serve the studio’s host answers an error, which the studio shows', async ({ page }) => {
  const problems: string[] = [];
  standIn.allowedDomains.splice(0, Infinity, 'studio.shopper.example');
  try {
    await openStudio(page, studio, standIn.origin, problems);
    const popup = await openSignInPopup(page, 'GitHub');
    await popupClosed(popup);
    await expect(page.getByText('Your domain is not allowed to use the authenticator.')).toBeVisible();
    if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: 'docs/images/studio-sign-in-refused.png' });
  } finally {
    standIn.allowedDomains.splice(0, Infinity, '127.0.0.1');
  }
  expect(problems).toEqual([]);
});
