import { createSandbox, type RunningSandbox } from '../../sandbox/src/server';
import { Client, start } from './sandbox/helpers';

const HOSTILE = '<img src=x onerror=alert(1)>';

let sandbox: RunningSandbox;
let c: Client;

beforeAll(async () => {
  sandbox = await start();
  c = new Client(sandbox.url);
  await c.login();
});
afterAll(() => sandbox.close());

describe('overwriting server-supplied fields (faults on)', () => {
  it('sets a portal name and links the API would never hand out, and lists them as stored', async () => {
    const set = await c.json('POST', '/__sandbox/portals/6', { name: HOSTILE, tc_link: 'javascript:alert(1)', picture: '"><script>alert(1)</script>' });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ id: 6, name: HOSTILE, tc_link: 'javascript:alert(1)', link: 'https://www.rei.com' });
    const portals = (await c.json('GET', '/portals')).body.data as { id: number; name: string; picture: string }[];
    expect(portals.find((p) => p.id === 6)).toMatchObject({ name: HOSTILE, picture: '"><script>alert(1)</script>' });
  });

  it('sets advert, product and order fields', async () => {
    expect((await c.json('POST', '/__sandbox/adverts/2', { name: HOSTILE, picture: 'javascript:alert(1)' })).body.data).toMatchObject({ id: 2, name: HOSTILE, picture: 'javascript:alert(1)' });
    expect((await c.json('POST', '/__sandbox/products/1', { description: 'javascript:alert(1)' })).body.data).toMatchObject({ id: 1, description: 'javascript:alert(1)' });
    expect((await c.json('GET', '/products/1')).body.data.description).toBe('javascript:alert(1)');
    expect((await c.json('POST', '/__sandbox/orders/1', { status: HOSTILE })).status).toBe(200);
    expect((await c.json('GET', '/orders/1')).body.data.status).toBe(HOSTILE);
  });

  it('refuses unknown columns, non-text values and unknown ids', async () => {
    expect((await c.json('POST', '/__sandbox/portals/6', { visits: '9' })).status).toBe(422);
    expect((await c.json('POST', '/__sandbox/orders/1', { user_id: '2' })).status).toBe(422);
    expect((await c.json('POST', '/__sandbox/adverts/1', { name: 5 })).status).toBe(422);
    expect((await c.json('POST', '/__sandbox/portals/999', { name: 'x' })).status).toBe(404);
  });

  it('is not mounted without faults', async () => {
    const plain = createSandbox({ db: ':memory:', quiet: true });
    const response = await plain.app.request('/__sandbox/portals/1', { method: 'POST', body: '{"name":"x"}', headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(404);
    plain.close();
  });
});
