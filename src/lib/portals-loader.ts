import { readFile } from 'node:fs/promises';
import type { Loader } from 'astro/loaders';
import { readPortals, type Portal } from './api/portals';
import { config } from './config';

/** The last committed answer of GET /portals (`npm run shops:snapshot` writes it): what a build uses when the service cannot be reached. */
export const PORTALS_SNAPSHOT = 'src/content/shops/portals-snapshot.json';

/** Where the loader reads the shops, and how long it waits for them. */
export interface PortalsSource {
  url?: string;
  snapshot?: string;
  timeoutMs?: number;
}

// A build waits longer than a shopper's page would: a slow answer still beats an old snapshot.
const BUILD_TIMEOUT_MS = 15000;

/** The body of a GET to the service at build time (undefined when it is not JSON); throws when the service does not answer 2xx in time. */
export async function serviceBody(url: string, timeoutMs = BUILD_TIMEOUT_MS): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`it answered ${response.status}`);
  return response.json().catch(() => undefined);
}

async function fromService(url: string, timeoutMs: number): Promise<Portal[]> {
  const portals = readPortals(await serviceBody(url, timeoutMs));
  if (portals.length === 0) throw new Error('its answer lists no shops');
  return portals;
}

async function fromSnapshot(snapshot: string): Promise<Portal[]> {
  const portals = readPortals(JSON.parse(await readFile(snapshot, 'utf8')));
  if (portals.length === 0) throw new Error(`${snapshot} lists no shops`);
  return portals;
}

/** Why a call at build time failed, in a few words for the build's log. */
export function failureReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  if (error instanceof Error && error.cause instanceof Error) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** The shops the service lists (GET /portals) at build time; the committed snapshot stands in, with a warning, when the service cannot be reached. */
export function portalsLoader({
  url = `${config.apiBase}/portals`,
  snapshot = PORTALS_SNAPSHOT,
  timeoutMs = BUILD_TIMEOUT_MS,
}: PortalsSource = {}): Loader {
  return {
    name: 'portals',
    load: async ({ store, logger, parseData }) => {
      let portals: Portal[];
      try {
        portals = await fromService(url, timeoutMs);
        logger.info(`${portals.length} shops from ${url}`);
      } catch (error) {
        portals = await fromSnapshot(snapshot);
        logger.warn(
          `The shops could not be read from ${url} (${failureReason(error)}): this build shows the ${portals.length} shops of ${snapshot}, the last committed snapshot, which may be out of date.`,
        );
      }
      store.clear();
      for (const portal of portals) {
        const id = String(portal.id);
        store.set({ id, data: await parseData({ id, data: { ...portal } }) });
      }
    },
  };
}
