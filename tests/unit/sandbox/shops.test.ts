import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSandbox } from '../../../sandbox/src/server';
import { SEED_PORTAL_IDS } from '../../../sandbox/src/seed';
import { loadShopPortals, PORTALS, syncPortals } from '../../../sandbox/src/shops';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-shops-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const shop = (over: Record<string, unknown> = {}) => ({
  id: 11, name: 'Takealot', category: 'Home', link: 'https://www.takealot.com/', picture: '/shops/takealot.svg', ...over,
});
const write = (name: string, content: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
};

describe('portals from the sandbox catalogue (sandbox/src/portals.json)', () => {
  it('reads a shop of the catalogue as a portal', () => {
    expect(loadShopPortals(write('one.json', [shop()]))).toEqual([
      { id: 11, name: 'Takealot', link: 'https://www.takealot.com/', category: 'Home', picture: '/shops/takealot.svg' },
    ]);
  });

  it('refuses a catalogue it cannot turn into portals, naming the shop', () => {
    expect(() => loadShopPortals(write('object.json', { shops: [] }))).toThrow('expected a list of shops');
    expect(() => loadShopPortals(write('zero.json', [shop({ id: 0 })]))).toThrow('shop 1: "id" must be a positive integer');
    expect(() => loadShopPortals(write('twice.json', [shop(), shop({ name: 'Again' })]))).toThrow('shop 2: id 11 is used twice');
    expect(() => loadShopPortals(write('nameless.json', [shop({ name: '' })]))).toThrow('shop 1: "name" must be a non-empty string');
  });

  it('gives a shop added to the catalogue a working portal on an existing database, keeping visits and orders', async () => {
    const sandbox = createSandbox({ db: ':memory:', quiet: true, shape: 'envelope' });
    try {
      expect((await sandbox.app.request('/api/web/v1/portals/11/visit')).status).toBe(404);
      await sandbox.app.request('/api/web/v1/portals/1/visit');
      const added = loadShopPortals(write('added.json', [shop()]))[0];
      if (!added) throw new Error('no portal loaded');
      const renamed = PORTALS.map((p) => (p.id === 1 ? { ...p, name: 'Amazon US' } : p));
      syncPortals(sandbox.ctx, [...renamed, added]);
      expect(await (await sandbox.app.request('/api/web/v1/portals/11/visit')).json()).toEqual({ data: { id: 11, visits: 1 } });
      const portals = (await (await sandbox.app.request('/api/web/v1/portals')).json()) as { data: { id: number; name: string; tc_link: string }[] };
      expect(portals.data.find((p) => p.id === 11)).toMatchObject({ name: 'Takealot', tc_link: 'https://www.takealot.com/terms' });
      expect(portals.data.find((p) => p.id === 1)?.name).toBe('Amazon US');
      expect(sandbox.ctx.db.prepare('SELECT visits FROM portals WHERE id = 1').get()).toEqual({ visits: 1 });
      expect(sandbox.ctx.db.prepare('SELECT COUNT(*) AS n FROM orders').get()).toEqual({ n: 15 });
    } finally {
      sandbox.close();
    }
  });

  it('brings the portals of an existing database file up to date with the catalogue on start, without reseeding', async () => {
    const db = path.join(dir, 'stale.db');
    const seedIds: readonly number[] = SEED_PORTAL_IDS;
    const unused = PORTALS.find((p) => !seedIds.includes(p.id));
    const first = PORTALS[0];
    if (!unused || !first) throw new Error('the catalogue needs a shop the demo data does not use');
    const stale = createSandbox({ db, quiet: true, shape: 'envelope' });
    stale.ctx.db.prepare('DELETE FROM portals WHERE id = ?').run(unused.id);
    stale.ctx.db.prepare("UPDATE portals SET name = 'Stale', visits = 4 WHERE id = ?").run(first.id);
    stale.close();

    const fresh = createSandbox({ db, quiet: true, shape: 'envelope' });
    try {
      expect((await fresh.app.request(`/api/web/v1/portals/${unused.id}/visit`)).status).toBe(200);
      expect(fresh.ctx.db.prepare('SELECT name, visits FROM portals WHERE id = ?').get(first.id)).toEqual({ name: first.name, visits: 4 });
      expect(fresh.ctx.db.prepare('SELECT COUNT(*) AS n FROM orders').get()).toEqual({ n: 15 });
    } finally {
      fresh.close();
    }
  });

  it('deletes a shop taken out of the catalogue, but keeps one that orders or adverts refer to', async () => {
    const sandbox = createSandbox({ db: ':memory:', quiet: true, shape: 'spec' });
    try {
      const seedIds: readonly number[] = SEED_PORTAL_IDS;
      const unused = PORTALS.find((p) => !seedIds.includes(p.id));
      if (!unused) throw new Error('the catalogue needs a shop the demo data does not use');
      syncPortals(sandbox.ctx, PORTALS.filter((p) => p.id !== unused.id && p.id !== 1));
      const ids = ((await (await sandbox.app.request('/api/web/v1/portals')).json()) as { id: number }[]).map((p) => p.id);
      expect(ids).not.toContain(unused.id);
      expect(ids).toContain(1);
      expect((await sandbox.app.request(`/api/web/v1/portals/${unused.id}/visit`)).status).toBe(404);
    } finally {
      sandbox.close();
    }
  });
});
