import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/src/server';
import { Client, OTHER, SHOPPER, start } from './helpers';

let api: RunningSandbox;
let shopper: Client;
let other: Client;
let control: Client;

beforeAll(async () => {
  api = await start();
  shopper = new Client(api.url);
  other = new Client(api.url);
  control = new Client(api.url);
  await shopper.login(SHOPPER);
  await other.login(OTHER);
});

afterAll(async () => {
  await api.close();
});

afterEach(async () => {
  await control.json('DELETE', '/__sandbox/faults');
});

const grant = (username: string, password: string) => ({ grant_type: 'password', username, password, client_id: 'shopper-web', scope: 'read write' });

describe('fault switches scoped to one user', () => {
  it('apply only to the bearer token of that user', async () => {
    const set = await control.json('POST', '/__sandbox/faults', { user: SHOPPER.email, status: { 'GET /api/web/v1/addresses$': 500 } });
    expect(set.status).toBe(200);
    expect(set.body.data.users[SHOPPER.email].status).toEqual({ 'GET /api/web/v1/addresses$': 500 });
    expect(await shopper.json('GET', '/addresses')).toEqual({ status: 500, body: { error: 'Injected fault 500' } });
    expect((await other.json('GET', '/addresses')).status).toBe(200);
    // No token names no user: a public call is not scoped.
    expect((await new Client(api.url).json('GET', '/portals')).status).toBe(200);
  });

  it('follow the user to the token endpoint by username and by refresh token', async () => {
    const tokens = await new Client(api.url).login(SHOPPER);
    await control.json('POST', '/__sandbox/faults', { user: 'Shopper@Example.com', status: { 'POST /oauth/token': 503 } });
    expect((await control.json('POST', '/oauth/token', grant(SHOPPER.email, SHOPPER.password))).status).toBe(503);
    const refresh = await control.json('POST', '/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'shopper-web' });
    expect(refresh.status).toBe(503);
    expect((await control.json('POST', '/oauth/token', grant(OTHER.email, OTHER.password))).status).toBe(200);
  });

  it('delay and drop only that user, and an expired token still names its user', async () => {
    await control.json('POST', '/__sandbox/faults', { user: OTHER.email, latency: { 'GET /api/web/v1/cards': 300 }, drop: { '* /api/web/v1/addresses': true } });
    let started = Date.now();
    expect((await shopper.call('GET', '/cards')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(250);
    started = Date.now();
    expect((await other.call('GET', '/cards')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await expect(other.call('GET', '/addresses')).rejects.toThrow();
    expect((await shopper.call('GET', '/addresses')).status).toBe(200);

    await control.json('POST', '/__sandbox/token-lifetime', { seconds: 0 });
    const expired = new Client(api.url);
    await expired.login(OTHER);
    await control.json('POST', '/__sandbox/token-lifetime', { seconds: 7200 });
    await expect(expired.call('GET', '/addresses')).rejects.toThrow();
  });

  it('win over unscoped switches, which still apply to everyone else', async () => {
    await control.json('POST', '/__sandbox/faults', { status: { 'GET /api/web/v1/cards': 502 } });
    await control.json('POST', '/__sandbox/faults', { user: SHOPPER.email, status: { 'GET /api/web/v1/cards': 500 } });
    expect((await shopper.json('GET', '/cards')).status).toBe(500);
    expect((await other.json('GET', '/cards')).status).toBe(502);
    // Replacing the unscoped switches keeps the scoped ones.
    await control.json('POST', '/__sandbox/faults', {});
    expect((await other.json('GET', '/cards')).status).toBe(200);
    expect((await shopper.json('GET', '/cards')).status).toBe(500);
  });

  it('are replaced per user and cleared per user, by DELETE and by reset', async () => {
    await control.json('POST', '/__sandbox/faults', { user: SHOPPER.email, status: { 'GET /api/web/v1/cards': 500 } });
    await control.json('POST', '/__sandbox/faults', { user: OTHER.email, status: { 'GET /api/web/v1/cards': 500 } });
    await control.json('POST', '/__sandbox/faults', { user: SHOPPER.email, status: { 'GET /api/web/v1/addresses': 500 } });
    expect((await shopper.json('GET', '/cards')).status).toBe(200);
    expect((await shopper.json('GET', '/addresses')).status).toBe(500);

    const cleared = await control.json('DELETE', `/__sandbox/faults?user=${encodeURIComponent(SHOPPER.email)}`);
    expect(Object.keys(cleared.body.data.users)).toEqual([OTHER.email]);
    expect((await shopper.json('GET', '/addresses')).status).toBe(200);
    expect((await other.json('GET', '/cards')).status).toBe(500);

    await control.json('POST', '/__sandbox/faults', { user: SHOPPER.email, status: { 'GET /api/web/v1/cards': 500 } });
    await control.json('POST', '/__sandbox/faults', { user: SHOPPER.email });
    expect((await shopper.json('GET', '/cards')).status).toBe(200);

    await control.json('DELETE', '/__sandbox/faults');
    expect((await control.json('GET', '/__sandbox/faults')).body.data).toEqual({ latency: {}, status: {}, drop: {}, users: {} });
    await control.json('POST', '/__sandbox/faults', { user: OTHER.email, status: { 'GET /api/web/v1/cards': 500 } });
    await control.json('POST', '/__sandbox/reset');
    expect((await control.json('GET', '/__sandbox/faults')).body.data.users).toEqual({});
  });

  it('refuse a user that is not a text and bad rules', async () => {
    expect((await control.json('POST', '/__sandbox/faults', { user: 42, status: { 'GET /x': 500 } })).status).toBe(422);
    expect((await control.json('POST', '/__sandbox/faults', { user: SHOPPER.email, status: { 'GET /x': 200 } })).status).toBe(422);
  });
});
