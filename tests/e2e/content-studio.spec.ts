import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { parse } from 'yaml';
import { sandboxBuildEnv } from '../../scripts/build-env.mjs';
import { createSiteServer } from '../../scripts/serve.mjs';
import { expect, siteOrigin, test } from './fixtures';
import { listenLocally, stopServer } from './local-server';
import { buildSiteCopy } from './site-build';
import { answerOtherHosts } from './studio-kit';

// The studio at /admin/ with "Work with Local Repository": the directory picker returns a folder of the browser's
// own storage (OPFS) seeded from this checkout's src/content, so nothing on disk changes. Nothing leaves this machine:
// every request to another host is answered here (the studio's version check, status page and CDN fonts) or fails
// the test. The edited files are then built into a copy of the project and read on /help/ and /how-it-works/.

const FAQ = 'src/content/faqs/delivery-time.md';
const STEPS = 'src/content/steps/steps.yaml';
const NEW_ANSWER = 'Our courier partner now delivers within 7 working days of release, and you can follow every step online.';
const NEW_TITLE = 'Receive your quote';

/** Every file under src/content, by its path from the project root. */
function contentFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync('src/content', { recursive: true, encoding: 'utf8' })) {
    const path = join('src/content', name);
    if (statSync(path).isFile()) files[path] = readFileSync(path, 'utf8');
  }
  return files;
}

/** A markdown file's front matter (parsed) and body. */
function frontMatter(text: string): { data: unknown; body: string } {
  const [, yaml = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  return { data: parse(yaml), body: body.trim() };
}

/** "Work with Local Repository" opens the folder the picker returns; here, a folder of the page's own storage. */
async function pickStoredFolder(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.assign(window, {
      showDirectoryPicker: async () => (await navigator.storage.getDirectory()).getDirectoryHandle('repo'),
    });
  });
}

/** Fills the browser-storage folder with these files (by path), as a repository's root. */
async function seedRepository(page: Page, files: Record<string, string>): Promise<void> {
  await page.evaluate(async (list) => {
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('repo', { create: true });
    // The studio checks that the folder is a repository's root.
    await root.getDirectoryHandle('.git', { create: true });
    for (const [path, text] of Object.entries(list)) {
      const parts = path.split('/');
      let dir = root;
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
      const writable = await (await dir.getFileHandle(parts.at(-1) ?? '', { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    }
  }, files);
}

/** The browser-storage folder that the stubbed picker returns, as text files by path. */
async function readRepository(page: Page, paths: string[]): Promise<Record<string, string>> {
  return page.evaluate(async (list) => {
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('repo');
    const read = async (path: string) => {
      const parts = path.split('/');
      let dir = root;
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
      return (await (await dir.getFileHandle(parts.at(-1) ?? '')).getFile()).text();
    };
    return Object.fromEntries(await Promise.all(list.map(async (path) => [path, await read(path)])));
  }, paths);
}

test.describe.configure({ mode: 'serial' });

let edited: Record<string, string> = {};

test('the studio edits an FAQ and a step in a local repository, refuses an empty question, and keeps to its policy', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  const unexpected: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') violations.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await answerOtherHosts(page, [siteOrigin], unexpected);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `CSP ${event.violatedDirective}: ${event.blockedURI}`,
      );
    });
  });
  await pickStoredFolder(page);

  const original = contentFiles();
  await page.goto('/admin/');
  await seedRepository(page, original);
  await expect(page).toHaveTitle(/Shopper content studio/);
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();

  // An FAQ: the question left empty is refused with the rule's message, then the answer changes.
  await page.getByRole('treeitem', { name: 'FAQs' }).click();
  await page.getByRole('gridcell', { name: '5. How long does delivery take?' }).click();
  const question = page.getByRole('textbox', { name: 'Question' });
  await question.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('group', { name: /Question/ }).getByText('This field is required.')).toBeVisible();
  const refused = page.getByText('One field has an error. Please correct it to save the entry.');
  await expect(refused).toBeVisible();
  if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: 'docs/images/studio-required.png' });
  expect((await readRepository(page, [FAQ]))[FAQ]).toBe(original[FAQ]);
  await question.fill('How long does delivery take?');
  const answer = page.getByRole('textbox', { name: 'Answer' });
  await answer.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(NEW_ANSWER);
  // The studio's notes go by themselves after five seconds: the guide's pictures of the forms are taken without them.
  await expect(refused).toBeHidden({ timeout: 10_000 });
  if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: 'docs/images/studio-faq.png' });
  // Saved, the studio goes back to the collection.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('main', { name: /FAQs.*Collection/ })).toBeVisible();

  // A step: the file of steps is one entry, each step an item of its list.
  await page.getByRole('treeitem', { name: 'How-it-works steps' }).click();
  await page.getByRole('gridcell', { name: 'How-it-works steps' }).click();
  const step = page.getByRole('group').filter({ has: page.getByText('4. Get a quote', { exact: true }) });
  await step.last().getByRole('button', { name: 'Expand' }).click();
  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill(NEW_TITLE);
  await expect(page.getByText('Entry saved.')).toBeHidden({ timeout: 10_000 });
  if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: 'docs/images/studio-step.png' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('main', { name: /How-it-works steps.*Collection/ })).toBeVisible();

  edited = await readRepository(page, [FAQ, STEPS]);
  // Only the edited fields changed (the studio drops the files' comment lines and writes its own layout, so data is compared).
  const before = frontMatter(original[FAQ] ?? '');
  const after = frontMatter(edited[FAQ] ?? '');
  expect(after.data).toEqual(before.data);
  expect(after.body).toBe(NEW_ANSWER);
  const steps = parse(original[STEPS] ?? '') as { id: string; title: string }[];
  // A step without a link is saved with `link: null`, which the schema reads as no link.
  const savedSteps = (parse(edited[STEPS] ?? '') as Record<string, unknown>[]).map((step) =>
    Object.fromEntries(Object.entries(step).filter(([, value]) => value !== null)),
  );
  expect(savedSteps).toEqual(steps.map((step) => (step.id === 'get-quote' ? { ...step, title: NEW_TITLE } : step)));

  expect(violations).toEqual([]);
  expect(unexpected).toEqual([]);
});

test('a build from the edited files shows the new answer on /help/ and the new step on /how-it-works/', async ({ page }) => {
  test.setTimeout(120_000);
  expect(Object.keys(edited)).toHaveLength(2);
  // A copy of the project with the edited content and the two pages that show it, built as `npm start` builds (the
  // home page too: the studio's preview takes the site's stylesheet from it).
  const site = await buildSiteCopy({ pages: ['index.astro', 'help.astro', 'how-it-works.astro'], files: edited, env: sandboxBuildEnv() });
  try {
    const server = createSiteServer({ root: site.outDir });
    const origin = await listenLocally(server);
    try {
      // /help/ is an account page that sends a guest to sign in: its built HTML is read instead.
      const help = readFileSync(join(site.outDir, 'help', 'index.html'), 'utf8');
      expect(/<details id="faq-delivery-time">[\s\S]*?<\/details>/.exec(help)?.[0]).toContain(`<p>${NEW_ANSWER}</p>`);
      await page.goto(`${origin}/how-it-works/`);
      await expect(page.getByRole('heading', { name: `Step 4: ${NEW_TITLE}` }).first()).toBeVisible();
    } finally {
      await stopServer(server);
    }
  } finally {
    site.remove();
  }
});

/** From now on the page may read the browser-storage folder but not write to it, as when the editor has not let the browser change a folder: each write fails with NotAllowedError. */
async function refuseWrites(page: Page): Promise<void> {
  await page.evaluate(() => {
    const refused = () =>
      Promise.reject(
        new DOMException(
          'The request is not allowed by the user agent or the platform in the current context.',
          'NotAllowedError',
        ),
      );
    const directory = FileSystemDirectoryHandle.prototype;
    const { getDirectoryHandle, getFileHandle } = directory;
    directory.getDirectoryHandle = function (name, options) {
      return options?.create ? refused() : getDirectoryHandle.call(this, name, options);
    };
    directory.getFileHandle = function (name, options) {
      return options?.create ? refused() : getFileHandle.call(this, name, options);
    };
    FileSystemFileHandle.prototype.createWritable = refused;
  });
}

/**
 * How many drafts the studio has backed up in this browser: Sveltia writes a backup to its IndexedDB store
 * `draft-backups` 500 ms after the last change to the entry, so a page left sooner has none to offer.
 */
async function draftBackups(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const done = <T,>(request: IDBRequest<T>): Promise<T> =>
      new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    let count = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await done(indexedDB.open(name));
      if (db.objectStoreNames.contains('draft-backups')) count += await done(db.transaction('draft-backups').objectStore('draft-backups').count());
      db.close();
    }
    return count;
  });
}

test('an edit the studio cannot write is not lost: the editor is told, the text stays in the form, and the studio offers it again later', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const unexpected: string[] = [];
  await answerOtherHosts(page, [siteOrigin], unexpected);
  await pickStoredFolder(page);
  const original = contentFiles();
  await page.goto('/admin/');
  await seedRepository(page, original);
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();
  await expect(page.getByRole('treeitem', { name: 'FAQs' })).toBeVisible();
  // Sveltia 0.221.1 backs drafts up only for the backend the page started with: chosen on the sign-in page, the local
  // folder replaces the configured GitHub and gets none. Loaded again, the page starts in the folder, as an editor's
  // page starts in GitHub.
  await page.goto('/admin/');
  await page.getByRole('treeitem', { name: 'FAQs' }).click();
  await page.getByRole('gridcell', { name: '5. How long does delivery take?' }).click();
  const answer = page.getByRole('textbox', { name: 'Answer' });
  await answer.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(NEW_ANSWER);

  await refuseWrites(page);
  await page.getByRole('button', { name: 'Save' }).click();
  const error = page.getByRole('alertdialog', { name: 'Error' });
  await expect(error).toContainText('There was an error while saving the entry. Please try again later.');
  if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: 'docs/images/studio-save-failed.png' });
  await error.getByRole('button', { name: 'OK' }).click();
  await expect(error).toBeHidden();
  await expect(answer).toHaveText(NEW_ANSWER);
  expect((await readRepository(page, [FAQ]))[FAQ]).toBe(original[FAQ]);

  // The editor leaves once the studio has backed the edit up, and comes back (writes allowed again): it offers the edit.
  await expect.poll(() => draftBackups(page), { message: 'the studio backs the unsaved edit up in the browser' }).toBe(1);
  await page.goto('/admin/');
  await page.getByRole('treeitem', { name: 'FAQs' }).click();
  await page.getByRole('gridcell', { name: '5. How long does delivery take?' }).click();
  await page.getByRole('alertdialog', { name: 'Restore Draft' }).getByRole('button', { name: 'Restore' }).click();
  await expect(answer).toHaveText(NEW_ANSWER);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('main', { name: /FAQs.*Collection/ })).toBeVisible();
  const saved = frontMatter((await readRepository(page, [FAQ]))[FAQ] ?? '');
  expect(saved.data).toEqual(frontMatter(original[FAQ] ?? '').data);
  expect(saved.body).toBe(NEW_ANSWER);
  expect(unexpected).toEqual([]);
});

test('an editor whose GitHub account may only read the repository is told so at sign-in, before editing anything', async ({
  page,
}) => {
  const { backend } = (await (await page.request.get('/admin/config.json')).json()) as {
    backend: { name: string; repo: string };
  };
  test.skip(backend.name !== 'github', 'this build signs editors in with GitLab');
  const unexpected: string[] = [];
  const asked: string[] = [];
  await answerOtherHosts(page, [siteOrigin], unexpected);
  // GitHub as it answers an account with read access only: its profile, the repository's open pull requests (none) and
  // last commit, but a 403 to the collaborator check the studio makes first, which GitHub answers only with push access.
  await page.route('https://api.github.com/**', (route: Route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    const query = ((request.postDataJSON() as { query?: string } | null)?.query ?? '').trim();
    asked.push(`${request.method()} ${pathname}${query.startsWith('mutation') ? ' mutation' : ''}`);
    if (pathname === '/user') return route.fulfill({ json: { id: 7, login: 'reader', name: 'Read Only' } });
    if (pathname.endsWith('/collaborators/reader'))
      return route.fulfill({ status: 403, json: { message: 'Must have push access to view repository collaborators.' } });
    if (query.includes('pullRequests')) return route.fulfill({ json: { data: { repository: { pullRequests: { nodes: [] } } } } });
    return route.fulfill({
      json: { data: { repository: { ref: { target: { history: { nodes: [{ oid: 'a'.repeat(40), message: 'Content' }] } } } } } },
    });
  });
  await page.goto('/admin/');
  await page.getByRole('button', { name: 'Sign In Using Access Token' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign In Using Access Token' });
  await dialog.getByRole('textbox', { name: 'Personal Access Token' }).fill('github_pat_read_only');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();

  // The studio sets the repository's name between invisible bidirectional isolates (U+2068, U+2069).
  await expect(page.getByRole('alert')).toHaveText(
    `There was an error while loading site data. You don’t have access to the “\u2068${backend.repo.split('/')[1]}\u2069” repository.`,
  );
  // Signed out again, with the way back in: once a developer has given the account write access, it signs in anew.
  await expect(page.getByRole('button', { name: 'Sign In with \u2068GitHub\u2069' })).toBeVisible();
  expect(asked).toContain(`GET /repos/${backend.repo}/collaborators/reader`);
  // Nothing was written: GitHub was only read (REST GETs and GraphQL queries, no mutation).
  expect(asked.filter((call) => !call.startsWith('GET ') && call !== 'POST /graphql')).toEqual([]);
  expect(unexpected).toEqual([]);
});
