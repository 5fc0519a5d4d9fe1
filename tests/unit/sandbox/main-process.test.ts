import { Client } from './helpers';
import { startMain, type MainProcess } from './processes';

const CONTROL: [string, string][] = [
  ['GET', '/__sandbox/faults'], ['POST', '/__sandbox/faults'], ['POST', '/__sandbox/token-lifetime'], ['GET', '/__sandbox/tokens'],
  ['GET', '/__sandbox/outbox'], ['POST', '/__sandbox/orders/1/status'], ['POST', '/__sandbox/reset'],
];

describe('npm run sandbox (main.ts) and SANDBOX_FAULTS', { timeout: 60_000 }, () => {
  let main: MainProcess | undefined;
  afterEach(async () => {
    await main?.stop();
    main = undefined;
  });

  it('without SANDBOX_FAULTS=1 mounts no control endpoints and ignores SANDBOX_TOKEN_LIFETIME', async () => {
    main = await startMain({ SANDBOX_DB: ':memory:', SANDBOX_TOKEN_LIFETIME: '60' });
    const c = new Client(main.url);
    for (const [method, route] of CONTROL) {
      expect(await c.json(method, route, method === 'POST' ? { status: 'delivered', seconds: 1 } : undefined), `${method} ${route}`).toEqual({
        status: 404, body: { error: 'Not found' },
      });
    }
    expect((await c.login()).expires_in).toBe(7200);
    expect(main.stderr()).toContain('SANDBOX_TOKEN_LIFETIME is a fault switch: ignored without SANDBOX_FAULTS=1');
  });

  it('with SANDBOX_FAULTS=1 mounts them and honours SANDBOX_TOKEN_LIFETIME', async () => {
    main = await startMain({ SANDBOX_DB: ':memory:', SANDBOX_FAULTS: '1', SANDBOX_TOKEN_LIFETIME: '60' });
    const c = new Client(main.url);
    expect(await c.json('GET', '/__sandbox/faults')).toEqual({ status: 200, body: { data: { latency: {}, status: {}, drop: {}, users: {} } } });
    expect((await c.login()).expires_in).toBe(60);
    expect((await c.json('POST', '/__sandbox/faults', { status: { 'GET /api/web/v1/portals$': 503 } })).status).toBe(200);
    expect((await c.json('GET', '/portals')).status).toBe(503);
    expect((await c.json('POST', '/__sandbox/token-lifetime', { seconds: 5 })).body).toEqual({ data: { seconds: 5 } });
    expect((await new Client(main.url).login()).expires_in).toBe(5);
    expect(main.stderr()).not.toContain('SANDBOX_TOKEN_LIFETIME');
  });
});
