import { createServer } from 'node:http';
import relay, { type RelayEnv } from '../../studio-auth/worker.js';
import { listenLocally, stopServer } from './local-server';

/** A running relay: its origin (STUDIO_AUTH_URL) and its settings, which a test may complete once the studio's origin is known. */
export interface LocalRelay {
  origin: string;
  env: RelayEnv;
  close(): Promise<void>;
}

/** Runs the studio's sign-in relay (studio-auth/worker.js, the code editors deploy) on a free port of 127.0.0.1, its GET requests given to its fetch handler as Workers does. */
export async function startStudioAuthRelay(env: RelayEnv): Promise<LocalRelay> {
  let origin = '';
  const server = createServer((request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headersDistinct)) value?.forEach((one) => headers.append(name, one));
    relay
      .fetch(new Request(new URL(request.url ?? '/', origin), { method: request.method, headers }), env)
      .then(async (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  origin = await listenLocally(server);
  return { origin, env, close: () => stopServer(server) };
}
