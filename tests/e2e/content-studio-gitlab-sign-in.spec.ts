import { expect, test } from './fixtures';
import { startGitLabStandIn, type GitLabStandIn } from './git-host-stand-in';
import { authorizeAs, checkoutFiles, expectEveryCollection, openSignInPopup, openStudio, serveStudioBuild, type StudioSite } from './studio-kit';

// The README's other sign-in: a self-hosted GitLab with PKCE (STUDIO_BACKEND=gitlab, STUDIO_GITLAB_APP_ID,
// STUDIO_API_ROOT), no relay. The studio opens itself in the pop-up, which goes on to GitLab's consent page, comes back
// to /admin/ with a code, trades it and its verifier for a token, and hands the token to the studio's window. GitLab is
// a stand-in on this machine (git-host-stand-in.ts) that checks the verifier and serves this checkout's content. The
// build serves /admin/ with Cross-Origin-Opener-Policy unsafe-none here: under same-origin-allow-popups the pop-up,
// back from GitLab, has lost its opener and the sign-in never completes.

const REPO = 'shopper-za/shopper-web';

let gitlab: GitLabStandIn;
let site: StudioSite;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  gitlab = await startGitLabStandIn({
    repo: REPO,
    branch: 'main',
    files: checkoutFiles('src/content', 'public'),
    accounts: [
      { login: 'editor', name: 'Content Editor', canWrite: true },
      { login: 'outsider', name: 'Not A Member', canWrite: false },
    ],
  });
  site = await serveStudioBuild({
    STUDIO_BACKEND: 'gitlab',
    STUDIO_REPO: REPO,
    STUDIO_GITLAB_APP_ID: 'shopper-studio',
    STUDIO_API_ROOT: gitlab.apiRoot,
  });
});

test.afterAll(async () => {
  await site.close();
  await gitlab.close();
});

test('an editor signs in to a self-hosted GitLab with PKCE through the pop-up and the studio shows every collection', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await openStudio(page, site.studio, gitlab.origin, problems, 'unsafe-none');
  await authorizeAs(await openSignInPopup(page, 'GitLab'), 'editor');

  await expectEveryCollection(page);
  expect(gitlab.asked).toContain('GET /api/v4/user');
  expect(gitlab.asked).toContain(`GET /api/v4/projects/${encodeURIComponent(REPO)}/users`);
  expect(gitlab.asked.filter((call) => !call.startsWith('GET ') && call !== 'POST /api/graphql')).toEqual([]);
  expect(gitlab.unanswered).toEqual([]);
  expect(problems).toEqual([]);
});

test('an account that is not a member of the GitLab project is told at sign-in that it has no access', async ({ page }) => {
  const problems: string[] = [];
  await openStudio(page, site.studio, gitlab.origin, problems, 'unsafe-none');
  await authorizeAs(await openSignInPopup(page, 'GitLab'), 'outsider');

  await expect(page.getByRole('alert')).toHaveText(
    `There was an error while loading site data. You don’t have access to the “\u2068${REPO.split('/')[1]}\u2069” repository.`,
  );
  await expect(page.getByRole('button', { name: 'Sign In with \u2068GitLab\u2069' })).toBeVisible();
  expect(problems).toEqual([]);
});
