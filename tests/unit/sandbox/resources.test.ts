import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RunningSandbox } from '../../../sandbox/src/server';
import { Client, OTHER, start, type Json } from './helpers';

const CATALOGUE = fileURLToPath(new URL('../../../sandbox/src/portals.json', import.meta.url));

let sandbox: RunningSandbox;
let c: Client;
let other: Client;
let anon: Client;

beforeAll(async () => {
  sandbox = await start({ siteOrigin: 'http://127.0.0.1:4999' });
  c = new Client(sandbox.url);
  other = new Client(sandbox.url);
  anon = new Client(sandbox.url);
  await c.login();
  await other.login(OTHER);
});
afterAll(() => sandbox.close());

const address = { name: 'Gran', address: '5 Long Street', city: 'Pretoria', province: 'Gauteng', postal_code: '0002' };

describe('addresses', () => {
  it('lists the seeded addresses of the user only', async () => {
    const res = await c.json('GET', '/addresses');
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toEqual({ id: expect.any(Number), name: 'Home', address: expect.any(String), city: 'Johannesburg', province: 'Gauteng', postal_code: '2193' });
    expect(res.body.data[1]).toMatchObject({ city: 'Cape Town', province: 'Western Cape' });
  });

  it('creates, deletes (id and name) and restores an address', async () => {
    const created = await c.json('POST', '/addresses', { address });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), ...address });
    const id = created.body.data.id;
    expect(await c.json('DELETE', `/addresses/${id}`)).toEqual({ status: 200, body: { data: { id, name: 'Gran' } } });
    expect((await c.json('GET', '/addresses')).body.data.map((a: { id: number }) => a.id)).not.toContain(id);
    expect((await c.json('DELETE', `/addresses/${id}`)).status).toBe(404);
    expect((await c.json('POST', `/addresses/${id}/restore`)).body.data).toEqual({ id, ...address });
    expect((await c.json('GET', '/addresses')).body.data.map((a: { id: number }) => a.id)).toContain(id);
  });

  it('answers missing fields with errors.detail', async () => {
    const res = await c.json('POST', '/addresses', { address: { ...address, address: '' } });
    expect(res).toEqual({ status: 422, body: { error: "Address can't be blank", errors: { detail: "Address can't be blank" } } });
    const many = await c.json('POST', '/addresses', { address: { name: 'x', city: 5, province: {} } });
    expect(many.status).toBe(422);
    expect(many.body.errors.detail).toContain("Postal code can't be blank");
    expect(many.body.errors.detail).toContain('Province must be a string');
    expect((await c.json('POST', '/addresses', {})).status).toBe(400);
  });

  it('stores SQL-looking text verbatim', async () => {
    const sneaky = { ...address, name: "Robert'); DROP TABLE addresses;--", city: '" OR 1=1 --' };
    const created = await c.json('POST', '/addresses', { address: sneaky });
    expect(created.body.data).toMatchObject({ name: sneaky.name, city: sneaky.city });
    const listed = (await c.json('GET', '/addresses')).body.data.find((a: { id: number }) => a.id === created.body.data.id);
    expect(listed.name).toBe(sneaky.name);
  });

  it("hides another user's addresses (404)", async () => {
    const mine = (await c.json('GET', '/addresses')).body.data[0].id;
    expect(await other.json('DELETE', `/addresses/${mine}`)).toEqual({ status: 404, body: { error: 'Not found' } });
    expect((await other.json('POST', `/addresses/${mine}/restore`)).status).toBe(404);
    expect((await other.json('GET', '/addresses')).body.data.map((a: { id: number }) => a.id)).not.toContain(mine);
    expect((await anon.call('GET', '/addresses')).status).toBe(401);
    expect((await anon.call('POST', '/addresses', { address })).status).toBe(401);
  });
});

describe('portals and adverts', () => {
  it('serves every shop of its catalogue as a portal with the same id, name, link, category and picture (public)', async () => {
    const shops = JSON.parse(fs.readFileSync(CATALOGUE, 'utf8')) as { id: number; name: string; category: string; link: string; picture: string }[];
    const res = await anon.json('GET', '/portals');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: Json) => p.id)).toEqual(shops.map((s) => s.id).sort((x, y) => x - y));
    for (const shop of shops) {
      const portal = res.body.data.find((p: Json) => p.id === shop.id);
      const base = shop.link.replace(/\/+$/, '');
      expect(portal, shop.name).toEqual({
        ...shop, tc_link: `${base}/terms`, privacy_policy_link: `${base}/privacy`, return_policy_link: `${base}/returns`,
      });
    }
  });

  it('lists portals with the user orders', async () => {
    const mine = (await c.json('GET', '/portals/portals_with_orders')).body.data.map((p: { id: number }) => p.id);
    expect(mine).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await other.json('GET', '/portals/portals_with_orders')).body.data.map((p: { id: number }) => p.id)).toEqual([9]);
    expect((await anon.call('GET', '/portals/portals_with_orders')).status).toBe(401);
  });

  it('counts visits', async () => {
    expect(await anon.json('GET', '/portals/3/visit')).toEqual({ status: 200, body: { data: { id: 3, visits: 1 } } });
    expect((await c.json('GET', '/portals/3/visit')).body.data.visits).toBe(2);
    expect((await anon.json('GET', '/portals/99/visit')).status).toBe(404);
    expect((await c.json('GET', '/__sandbox/visits')).body.data[2]).toEqual({ id: 3, name: 'Nike', visits: 2 });
  });

  it('lists every advert, the expired one included', async () => {
    const res = await anon.json('GET', '/adverts');
    expect(res.body.data).toHaveLength(4);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number), portal_id: 1, name: expect.any(String), start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      end_date: expect.any(String), created_at: expect.any(String), picture: '/adverts/1.svg',
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.data.filter((a: { end_date: string }) => a.end_date < today)).toHaveLength(1);
  });
});

describe('email', () => {
  it('stores contact and advertise messages in the outbox', async () => {
    const contact = { email: 'a@b.co', first_name: 'A', last_name: 'B', mobile: '0820000000', query_title: 'Order 5', query_body: 'Where is it?' };
    expect(await anon.json('POST', '/email/contact_us', { contact })).toEqual({ status: 200, body: { message: 'Successfully Sent' } });
    expect(await anon.json('POST', '/email/advertise_with_us', { contact: { email: 'ads@shop.co', mobile: '0820000000', company_name: 'Shop', message: 'Hi' } }))
      .toEqual({ status: 200, body: { message: 'Email Sent' } });
    const outbox = (await c.json('GET', '/__sandbox/outbox')).body.data;
    expect(outbox[0]).toMatchObject({ kind: 'advertise_with_us', payload: { company_name: 'Shop' } });
    expect(outbox[1]).toMatchObject({ kind: 'contact_us', payload: contact });
  });

  it('validates the e-mail', async () => {
    const res = await anon.json('POST', '/email/contact_us', { contact: { email: 'nope' } });
    expect(res).toEqual({ status: 422, body: { error: 'Must be a valid email', errors: { email: ['Must be a valid email'] } } });
    expect((await anon.json('POST', '/email/advertise_with_us', { contact: {} })).status).toBe(422);
    expect((await anon.json('POST', '/email/advertise_with_us', {})).status).toBe(400);
  });
});

describe('cards and payments', () => {
  it('lists valid cards only', async () => {
    const res = await c.json('GET', '/cards');
    expect(res.body.data).toEqual([{ id: expect.any(Number), user_id: expect.any(Number), token: expect.any(String), card_name: 'Personal Visa', is_preferred: true, is_valid: true }]);
  });

  it('creates a card pending tokenisation and completes it on the PayFast stand-in', async () => {
    const created = await c.json('POST', '/cards', { card: { card_name: 'Travel card', is_preferred: false } });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body).toEqual({
      data: { id, user_id: expect.any(Number), token: expect.any(String), card_name: 'Travel card', is_preferred: false, is_valid: false },
      tokenize: { status: 'pending', location: expect.stringMatching(new RegExp(`^${sandbox.url}/stand-in/payfast/cards/${id}/[\\w-]{32}$`)) },
    });
    expect((await c.json('GET', '/cards')).body.data).toHaveLength(1);
    const page = await fetch(created.body.tokenize.location);
    const html = await page.text();
    expect(html).toContain('Complete');
    expect(html).toContain('Cancel');
    expect(html).not.toContain('<script');
    const done = await fetch(`${created.body.tokenize.location}/complete`, { method: 'POST', redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://127.0.0.1:4999/my-details?success=true');
    expect((await c.json('GET', '/cards')).body.data.map((x: { id: number }) => x.id)).toContain(id);
    expect((await fetch(created.body.tokenize.location)).status).toBe(404);
  });

  it('cancels a pending card', async () => {
    const created = (await c.json('POST', '/cards', { card: { card_name: 'Temp' } })).body;
    const id = created.data.id;
    const cancel = await fetch(`${created.tokenize.location}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.headers.get('location')).toBe('http://127.0.0.1:4999/my-details?cancel=true');
    expect((await c.json('DELETE', `/cards/${id}`)).status).toBe(404);
  });

  it('updates, prefers and deletes cards', async () => {
    const id = (await c.json('POST', '/cards', { card: { card_name: 'Second' } })).body.data.id;
    const updated = await c.json('POST', `/cards/${id}`, { card: { card_name: 'Renamed', is_preferred: true } });
    expect(updated.body.data).toMatchObject({ card_name: 'Renamed', is_preferred: true });
    // Only one preferred card: the seeded one gave way.
    expect((await c.json('GET', '/cards')).body.data.find((x: { card_name: string }) => x.card_name === 'Personal Visa').is_preferred).toBe(false);
    expect((await c.json('POST', `/cards/${id}`, { card: { is_preferred: 'maybe' } })).body.errors.is_preferred).toEqual(['must be true or false']);
    expect((await c.json('POST', '/cards', { card: { card_name: '' } })).status).toBe(422);
    expect((await c.json('DELETE', `/cards/${id}`)).body.data).toMatchObject({ id, card_name: 'Renamed' });
  });

  it("hides another user's cards (404)", async () => {
    const mine = (await c.json('GET', '/cards')).body.data[0].id;
    expect(await other.json('DELETE', `/cards/${mine}`)).toEqual({ status: 404, body: { error: 'Not found' } });
    expect((await other.json('POST', `/cards/${mine}`, { card: { card_name: 'Mine now' } })).status).toBe(404);
    expect((await other.json('GET', '/cards')).body.data.map((x: { card_name: string }) => x.card_name)).toEqual(['Business Mastercard']);
  });

  it('POST /payments answers ok and needs a token', async () => {
    expect(await c.json('POST', '/payments')).toEqual({ status: 200, body: { data: { status: 'ok' } } });
    expect((await anon.call('POST', '/payments')).status).toBe(401);
    expect((await anon.call('GET', '/cards')).status).toBe(401);
  });
});
