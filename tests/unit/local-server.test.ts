import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenLocally, stopServer } from '../e2e/local-server';

const sockets: Socket[] = [];
afterEach(() => sockets.splice(0).forEach((socket) => socket.destroy()));

/** A socket opened to `origin` that never sends a request, as Chromium opens one ahead of a request it may not make. */
async function preconnect(origin: string): Promise<void> {
  const socket = connect(Number(new URL(origin).port), '127.0.0.1');
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
}

describe('the local server of an e2e test', () => {
  it('answers on 127.0.0.1 at the origin it gives', async () => {
    const server = createServer((_request, response) => response.end('here'));
    const origin = await listenLocally(server);
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(origin)).text()).toBe('here');
    await stopServer(server);
  });

  it('stops at once while a socket opened ahead of a request is still open, which `close` alone waits for', async () => {
    const server = createServer((_request, response) => response.end());
    const origin = await listenLocally(server);
    await preconnect(origin);
    const closed = new Promise((resolve) => server.close(resolve));
    const alone = await Promise.race([closed.then(() => 'closed'), new Promise((resolve) => setTimeout(resolve, 300, 'still open'))]);
    expect(alone).toBe('still open');

    // The same case through stopServer: it resolves (a hang fails the test on its own timeout) and drops the socket.
    const again = createServer((_request, response) => response.end());
    await preconnect(await listenLocally(again));
    const dropped = new Promise((resolve) => sockets[1]?.once('close', resolve));
    await stopServer(again);
    await dropped;
    expect(again.listening).toBe(false);
    server.closeAllConnections();
    await closed;
  });
});
