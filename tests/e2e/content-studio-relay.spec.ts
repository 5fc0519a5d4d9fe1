import { createServer } from 'node:http';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startGitHubStandIn, type GitHubStandIn } from './git-host-stand-in';
import { listenLocally, stopServer } from './local-server';
import { startStudioAuthRelay, type LocalRelay } from './studio-auth-relay';
import { authorizeAs, checkoutFiles, expectEveryCollection, openSignInPopup, openStudio, serveStudioBuild, type StudioSite } from './studio-kit';

// The relay this project ships (studio-auth/worker.js) run as it is, in front of the stand-in's GitHub consent page and
// token endpoint. The studio signs in through it; a page of another origin that opens it in a pop-up, once the editor
// has granted the app (GitHub then sends the pop-up back without a click), gets the token minted but never handed over.

const REPO = 'shopper-za/shopper-web';
const APP = { clientId: 'studio-app', clientSecret: 'studio-app-secret' };

let standIn: GitHubStandIn;
let relay: LocalRelay;
let site: StudioSite;
let stranger = '';
let closeStranger: () => Promise<void>;

/** A page of another origin: it opens the relay in a pop-up and answers its handshake as the studio would, recording every message it gets. */
const STRANGER_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Free recipes</title></head><body>
<main><h1>Free recipes</h1><button type="button">See recipes</button></main>
<script>
window.received = [];
window.addEventListener('message', ({ data, origin }) => {
  window.received.push({ data, origin });
  if (data === 'authorizing:github') window.popup?.postMessage(data, origin);
});
document.querySelector('button').addEventListener('click', () => {
  window.popup = window.open(new URLSearchParams(location.search).get('relay') + '/auth?provider=github&site_id=127.0.0.1&scope=repo,user', 'auth', 'width=600,height=800');
  // It does not wait to be greeted: it answers as the studio's window does, again and again.
  setInterval(() => window.popup?.postMessage('authorizing:github', '*'), 50);
});
</script>
</body></html>`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  standIn = await startGitHubStandIn({
    repo: REPO,
    branch: 'main',
    files: checkoutFiles('src/content', 'public'),
    accounts: [{ login: 'editor', name: 'Content Editor', canWrite: true }],
    allowedDomains: [],
    oauthApp: APP,
  });
  relay = await startStudioAuthRelay({ GITHUB_CLIENT_ID: APP.clientId, GITHUB_CLIENT_SECRET: APP.clientSecret, GITHUB_ORIGIN: standIn.origin });
  site = await serveStudioBuild({ STUDIO_REPO: REPO, STUDIO_AUTH_URL: relay.origin, STUDIO_API_ROOT: standIn.apiRoot });
  relay.env.STUDIO_ORIGIN = new URL(site.studio).origin;
  const server = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(STRANGER_PAGE));
  stranger = await listenLocally(server);
  closeStranger = () => stopServer(server);
});

test.afterAll(async () => {
  await closeStranger();
  await site.close();
  await relay.close();
  await standIn.close();
});

/** The editor signs in to the studio through the relay, granting the app on GitHub's consent page. */
async function signInToStudio(page: Page): Promise<void> {
  const problems: string[] = [];
  await openStudio(page, site.studio, standIn.origin, problems);
  await authorizeAs(await openSignInPopup(page, 'GitHub'), 'editor');
  await expectEveryCollection(page);
  expect(problems).toEqual([]);
}

test('the studio signs in through the relay, which asks GitHub for public_repo whatever the studio asks', async ({ page }) => {
  const before = standIn.issued.length;
  await signInToStudio(page);
  expect(standIn.consents.at(-1)).toBe('editor public_repo');
  expect(standIn.issued.slice(before)).toEqual(['gho_stand_in_editor']);
  expect(standIn.unanswered).toEqual([]);
});

test('a page of another origin that opens the relay after the editor granted the app gets no token, though GitHub gave one', async ({ page }) => {
  await signInToStudio(page);
  const consents = standIn.consents.length;
  const issued = standIn.issued.length;

  // The editor, still signed in on GitHub, visits the other page in another tab.
  const visited = await page.context().newPage();
  await visited.goto(`${stranger}/?relay=${encodeURIComponent(relay.origin)}`);
  const popup = visited.waitForEvent('popup');
  await visited.getByRole('button', { name: 'See recipes' }).click();
  const relayPage = await popup;
  // GitHub sent the pop-up back without a click, and the relay exchanged the code for the editor's token.
  await expect(relayPage.getByText(`Signing in to the content studio at ${relay.env.STUDIO_ORIGIN}`)).toBeVisible();
  expect(standIn.consents.slice(consents)).toEqual(['editor public_repo']);
  expect(standIn.issued.slice(issued)).toEqual(['gho_stand_in_editor']);

  // The relay's page has had the stranger's answers (a listener added now runs after its own), and then sends a last
  // message that reaches the stranger after anything the relay's page sent it before.
  await relayPage.evaluate(() => {
    const seen = window as unknown as { answers: number };
    seen.answers = 0;
    window.addEventListener('message', () => (seen.answers += 1));
  });
  await expect.poll(() => relayPage.evaluate(() => (window as unknown as { answers: number }).answers)).toBeGreaterThan(2);
  await relayPage.evaluate(() => window.opener.postMessage('last', '*'));
  const received = () => visited.evaluate(() => (window as unknown as { received: { data: unknown }[] }).received.map(({ data }) => data));
  await expect.poll(received).toContain('last');
  expect(await received()).toEqual(['last']);
});
