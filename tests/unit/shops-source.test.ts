import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Portal } from '../../src/lib/api/portals';
import { PORTALS_SNAPSHOT, portalsLoader } from '../../src/lib/portals-loader';
import { categoryId, siteShops } from '../../src/lib/shops';

// Which shops exist is the service's to say (GET /portals, read by the build's content loader); the
// site adds a logo, a blurb and a place on the page (src/content/shops/shops.json).

const wire = (id: number, name: string, category = 'Fashion') => ({
  id,
  name,
  link: `https://shop${id}.example`,
  category,
  tc_link: `https://shop${id}.example/terms`,
  privacy_policy_link: `https://shop${id}.example/privacy`,
  return_policy_link: `https://shop${id}.example/returns`,
  picture: `/shops/${id}.svg`,
});

let dir: string;
let snapshot: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shops-source-'));
  snapshot = path.join(dir, 'snapshot.json');
  fs.writeFileSync(snapshot, JSON.stringify([wire(1, 'Amazon'), wire(2, 'ASOS')]));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllGlobals());

/** Runs the loader as Astro's content layer would and returns the stored shops and what it logged. */
async function load(source: Parameters<typeof portalsLoader>[0] = {}, stored = new Map<string, Portal>()) {
  const logger = { info: vi.fn(), warn: vi.fn() };
  const context = {
    store: { clear: () => stored.clear(), set: ({ id, data }: { id: string; data: Portal }) => stored.set(id, data) },
    logger,
    parseData: ({ data }: { data: Portal }) => Promise.resolve(data),
  };
  await portalsLoader({ url: 'https://api.test/api/web/v1/portals', snapshot, ...source }).load(context as never);
  return { stored, warnings: logger.warn.mock.calls.map(([message]) => String(message)) };
}

const answer = (body: unknown, status = 200) => vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));

describe('the shops a build shows come from the service (portalsLoader)', () => {
  it.each([
    ['the spec shape (a bare list)', [wire(3, 'Nike', 'Sports'), wire(11, 'Takealot', 'Home')]],
    ['the envelope', { data: [wire(3, 'Nike', 'Sports'), wire(11, 'Takealot', 'Home')] }],
  ])('reads the live answer in %s, not the snapshot', async (_shape, body) => {
    vi.stubGlobal('fetch', answer(body));
    const { stored, warnings } = await load();
    expect([...stored.keys()]).toEqual(['3', '11']);
    expect(stored.get('11')).toEqual({
      id: 11,
      name: 'Takealot',
      link: 'https://shop11.example',
      category: 'Home',
      tcLink: 'https://shop11.example/terms',
      privacyPolicyLink: 'https://shop11.example/privacy',
      returnPolicyLink: 'https://shop11.example/returns',
      picture: '/shops/11.svg',
    });
    expect(warnings).toEqual([]);
  });

  it('leaves out a shop without an id or a name', async () => {
    vi.stubGlobal('fetch', answer([wire(3, 'Nike'), { ...wire(4, ''), name: '' }, { ...wire(5, 'No id'), id: null }]));
    expect([...(await load()).stored.keys()]).toEqual(['3']);
  });

  it.each([
    [
      'no service at all',
      () => Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:4010') })),
      'connect ECONNREFUSED',
    ],
    ['an error status', () => Promise.resolve(new Response('{}', { status: 503 })), 'it answered 503'],
    ['an empty list', () => Promise.resolve(new Response('[]')), 'its answer lists no shops'],
    ['an answer that is not a list', () => Promise.resolve(new Response('<html>')), 'could not be read'],
    [
      'no answer in time',
      () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')),
      'no answer in time',
    ],
  ])('falls back to the committed snapshot with a warning on %s', async (_case, reply, reason) => {
    vi.stubGlobal('fetch', vi.fn(reply));
    const { stored, warnings } = await load();
    expect([...stored.values()].map((p) => p.name)).toEqual(['Amazon', 'ASOS']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('The shops could not be read from https://api.test/api/web/v1/portals');
    expect(warnings[0]).toContain(`this build shows the 2 shops of ${snapshot}, the last committed snapshot`);
    if (!reason.startsWith('could not')) expect(warnings[0]).toContain(reason);
  });

  it('fails the build when neither the service nor the snapshot gives a shop', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 500 }))),
    );
    await expect(load({ snapshot: path.join(dir, 'missing.json') })).rejects.toThrow('missing.json');
  });

  it('forgets a shop the service no longer lists (the store is emptied each build)', async () => {
    const stored = new Map<string, Portal>();
    vi.stubGlobal('fetch', answer([wire(1, 'Amazon'), wire(2, 'ASOS')]));
    await load({}, stored);
    vi.stubGlobal('fetch', answer([wire(1, 'Amazon')]));
    await load({}, stored);
    expect([...stored.keys()]).toEqual(['1']);
  });

  it('has a committed snapshot in the API dialect that the loader reads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    const { stored } = await load({ snapshot: PORTALS_SNAPSHOT });
    expect(stored.size).toBeGreaterThan(0);
    for (const shop of stored.values()) expect(shop.name).not.toBe('');
  });
});

const portal = (id: number, name: string, category = 'Fashion'): Portal => ({
  id,
  name,
  link: `https://shop${id}.example`,
  category,
  tcLink: '',
  privacyPolicyLink: '',
  returnPolicyLink: '',
  picture: `/pictures/${id}.png`,
});

describe("the site's additions to the service's shops (siteShops)", () => {
  it("shows the service's shops only, with the site's logo over the service's picture and its blurb", () => {
    const { shops, orphans } = siteShops(
      [portal(1, 'Amazon', 'Electronics'), portal(11, 'Takealot', 'Home & Garden')],
      [
        { portalId: 1, logo: '/shops/amazon.svg', blurb: 'Everything, shipped.' },
        { portalId: 8, logo: '/shops/best-buy.svg' },
      ],
    );
    expect(shops).toEqual([
      {
        id: 1,
        name: 'Amazon',
        link: 'https://shop1.example',
        picture: '/shops/amazon.svg',
        category: 'electronics',
        categoryName: 'Electronics',
        blurb: 'Everything, shipped.',
      },
      {
        id: 11,
        name: 'Takealot',
        link: 'https://shop11.example',
        picture: '/pictures/11.png',
        category: 'home-garden',
        categoryName: 'Home & Garden',
        blurb: '',
      },
    ]);
    expect(orphans).toEqual([{ portalId: 8, logo: '/shops/best-buy.svg' }]);
  });

  it('puts shops with an order first, lowest first, then the rest by name', () => {
    const { shops } = siteShops(
      [portal(1, 'Zara'), portal(2, 'adidas'), portal(3, 'Nike'), portal(4, 'ASOS')],
      [
        { portalId: 3, order: 2 },
        { portalId: 1, order: 1 },
      ],
    );
    expect(shops.map((s) => s.name)).toEqual(['Zara', 'Nike', 'adidas', 'ASOS']);
  });

  it('refuses two additions for one shop, naming the file and field', () => {
    expect(() => siteShops([portal(1, 'Amazon')], [{ portalId: 1 }, { portalId: 1, order: 3 }])).toThrow(
      'src/content/shops/shops.json: "portalId" 1 is used twice',
    );
  });

  it.each([
    ['Fashion', 'fashion'],
    ['Home & Garden', 'home-garden'],
    ['  Outdoors ', 'outdoors'],
  ])('reads the category %j as the carousel category %s', (name, id) => {
    expect(categoryId(name)).toBe(id);
  });
});
