import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `server` on a free port of 127.0.0.1 and gives its origin. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Stops `server` at once. `close` alone waits for every open connection, and a page still open keeps some: a
 * kept-alive socket holds it 5 s, and a socket Chromium opened ahead of a request (a preconnect) until Node's
 * header timeout, up to 90 s, which is how a test ran out of time after its last assertion.
 */
export async function stopServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  server.closeAllConnections();
  await closed;
}
