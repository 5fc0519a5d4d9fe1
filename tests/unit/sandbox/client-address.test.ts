import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { clientAddress, splitTrustedProxies, TrustedProxies } from '../../../sandbox/src/client-address';
import { jsonFrom, start } from './helpers';

type AddressContext = Pick<Context<{ Bindings: Partial<HttpBindings> }>, 'env' | 'req'>;

/** What clientAddress reads of a request: the socket's address and the X-Forwarded-For header. */
const request = (socket: string, forwardedFor?: string) =>
  ({
    env: { incoming: { socket: { remoteAddress: socket } } },
    req: { header: (name: string) => (name.toLowerCase() === 'x-forwarded-for' ? forwardedFor : undefined) },
  }) as unknown as AddressContext;

describe('the client address behind trusted proxies', () => {
  const proxies = new TrustedProxies(['10.0.0.0/8', '192.0.2.7', 'fd00::/8']);

  it('is the socket address, never X-Forwarded-For, when the socket is no trusted proxy', () => {
    expect(clientAddress(request('203.0.113.9', '198.51.100.1'), proxies)).toBe('203.0.113.9');
    expect(clientAddress(request('127.0.0.1', '198.51.100.1'), new TrustedProxies([]))).toBe('127.0.0.1');
    expect(clientAddress(request('::ffff:203.0.113.9'), proxies)).toBe('203.0.113.9');
  });

  it('behind a trusted proxy, is the right-most X-Forwarded-For entry that is not a trusted proxy', () => {
    // The left-most entries are whatever the client sent; only what the trusted proxies appended is believed.
    expect(clientAddress(request('10.1.2.3', '6.6.6.6, 198.51.100.1, 192.0.2.7'), proxies)).toBe('198.51.100.1');
    expect(clientAddress(request('::ffff:10.1.2.3', 'rubbish, 2001:db8::5, fd12::1'), proxies)).toBe('2001:db8::5');
    // Every hop trusted: the farthest one known (Rails' remote_ip does the same); no header: the proxy itself.
    expect(clientAddress(request('10.1.2.3', '10.9.9.9, 192.0.2.7'), proxies)).toBe('10.9.9.9');
    expect(clientAddress(request('10.1.2.3'), proxies)).toBe('10.1.2.3');
  });

  it('SANDBOX_TRUSTED_PROXIES takes addresses and CIDR ranges, comma separated, and refuses anything else', () => {
    expect(splitTrustedProxies(' 10.0.0.0/8, 192.0.2.7 ,, ')).toEqual(['10.0.0.0/8', '192.0.2.7']);
    expect(splitTrustedProxies(undefined)).toEqual([]);
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '10.0.0.0/8/1', 'fd00::/129', '10.0.0.0/x']) {
      expect(() => new TrustedProxies([bad])).toThrow(`not ${bad}`);
    }
  });

  it('the sign-in backoff and the rate limits count the forwarded client behind a trusted proxy, and the socket otherwise', async () => {
    const api = await start({ trustedProxies: ['127.0.0.1'], signInBackoff: { failures: 100, addressFailures: 2, baseSeconds: 60 }, rateLimits: { perEmail: 100, perAddress: 2 } });
    try {
      const grant = { grant_type: 'password', username: 'nobody@example.com', password: 'Wrong#2026', client_id: 'shopper-web' };
      const via = (client: string) => ({ 'X-Forwarded-For': `198.51.100.7, ${client}` });
      for (let i = 0; i < 2; i += 1) expect((await jsonFrom('127.0.0.1', api.url, 'POST', '/oauth/token', grant, via('203.0.113.1'))).status).toBe(400);
      expect((await jsonFrom('127.0.0.1', api.url, 'POST', '/oauth/token', grant, via('203.0.113.1'))).status).toBe(429);
      // Another client behind the same proxy is not held up; nor is the proxy's own address.
      expect((await jsonFrom('127.0.0.1', api.url, 'POST', '/oauth/token', grant, via('203.0.113.2'))).status).toBe(400);
      // A client that connects directly cannot name another address: its header is ignored.
      for (let i = 0; i < 2; i += 1) expect((await jsonFrom('127.0.0.2', api.url, 'POST', '/oauth/token', grant, via(`203.0.113.${10 + i}`))).status).toBe(400);
      expect((await jsonFrom('127.0.0.2', api.url, 'POST', '/oauth/token', grant, via('203.0.113.12'))).status).toBe(429);

      const forgot = (client: string) => jsonFrom('127.0.0.1', api.url, 'POST', '/users/forgot_password', { user: { email: 'x@example.com' } }, via(client));
      expect([(await forgot('203.0.113.3')).status, (await forgot('203.0.113.3')).status, (await forgot('203.0.113.3')).status]).toEqual([200, 200, 429]);
      expect((await forgot('203.0.113.4')).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});
