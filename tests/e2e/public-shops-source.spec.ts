import { startSandbox } from '../../sandbox/src/server';
import { SEED_PORTAL_IDS } from '../../sandbox/src/seed';
import { PORTALS, syncPortals } from '../../sandbox/src/shops';
import { sandboxBuildEnv } from '../../scripts/build-env.mjs';
import { createSiteServer } from '../../scripts/serve.mjs';
import { expect, test } from './fixtures';
import { listenLocally, stopServer } from './local-server';
import { buildSiteCopy, type SiteBuild } from './site-build';

// The service decides which shops exist: the build reads GET /portals (src/lib/portals-loader.ts). Here a
// sandbox of its own gains a shop and loses one before a build, and the built /portals/ and home page follow.

const ADDED = { id: 11, name: 'Takealot', link: 'https://www.takealot.com', category: 'Home', picture: '' };

// The pages as built, before any script runs (the carousels rearrange slides once they start).
test.use({ javaScriptEnabled: false });

test('a shop added to the service appears on /portals/ and the home page after a build, and one removed disappears', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const seedIds: readonly number[] = SEED_PORTAL_IDS;
  const removed = PORTALS.find((p) => !seedIds.includes(p.id));
  if (!removed) throw new Error('the sandbox catalogue needs a shop the demo data does not use');
  const api = await startSandbox({ db: ':memory:', port: 0, quiet: true });
  let site: SiteBuild | undefined;
  try {
    syncPortals(api.ctx, [...PORTALS.filter((p) => p.id !== removed.id), ADDED]);
    // A copy of the site with the two pages that list shops, built against this sandbox.
    site = await buildSiteCopy({
      pages: ['index.astro', 'portals.astro'],
      env: { ...sandboxBuildEnv({ apiPort: api.port }), PUBLIC_API_HOST: api.url },
    });
    const log = site.log;
    expect(log).toContain(`${PORTALS.length} shops from ${api.url}/api/web/v1/portals`);
    expect(log).toContain(`the service lists no shop with "portalId" ${removed.id}; not shown`);

    const server = createSiteServer({ root: site.outDir });
    const origin = await listenLocally(server);
    try {
      await page.goto(`${origin}/portals/`);
      const grid = page.getByRole('region', { name: 'All shops' }).getByRole('listitem');
      await expect(grid).toHaveCount(PORTALS.length);
      // No logo of its own yet: the tile names the shop, and still opens it.
      const added = grid.filter({ hasText: ADDED.name });
      await expect(added.getByRole('link', { name: `${ADDED.name} (opens in a new tab)` })).toHaveAttribute('href', ADDED.link);
      await expect(added).toContainText('Home');
      await expect(grid.filter({ hasText: removed.name })).toHaveCount(0);

      await page.goto(`${origin}/`);
      const logos = page.getByRole('region', { name: 'Shop logos', exact: true });
      await expect(logos.getByRole('link', { name: `${ADDED.name} (opens in a new tab)` })).toHaveCount(1);
      await expect(logos.getByRole('img', { name: removed.name, exact: true })).toHaveCount(0);
    } finally {
      await stopServer(server);
    }
  } finally {
    await api.close();
    site?.remove();
  }
});
