import { nanoquery, type FetcherStore, type KeyInput } from '@nanostores/query';
import { atom, type ReadableAtom } from 'nanostores';
import { $accessToken } from './session';
import { setRevalidator } from './write-store';

export { createWriteStore, type WriteOutcome, type WriteState, type WriteStore } from './write-store';

type KeyPart = string | number;
type KeyPartInput = KeyPart | ReadableAtom<KeyPart | null>;

/** How long an answer is served without asking again: `'until-changed'` (SPEC: addresses, the user, the portals) or `'every-mount'` (lists that move on the server). */
export type Freshness = 'until-changed' | 'every-mount';

const cache = new Map<string, { data?: unknown; error?: unknown; created?: number; expires?: number }>();

const [createFetcher, , context] = nanoquery({
  cache,
  // Cached answers never expire by age: a read is asked again only by an invalidation, a retry or a mount of an `every-mount` read.
  cacheLifetime: Infinity,
  // A failed read shows its error with Retry; nothing is asked again behind the shopper's back.
  onErrorRetry: false,
});

let sessions = 0;

/**
 * The session every personal read is keyed on: a fresh value at each sign-in, null while signed out.
 * Answers of an earlier session land under keys no store reads again, and signed out nothing personal is asked for.
 */
const $session = atom<string | null>(null);

function followSession(token: string): void {
  if (token === '') {
    $session.set(null);
    // Sign-out forgets every answer at once; reads still on their way are dropped by their key.
    cache.clear();
  } else if ($session.get() === null) {
    sessions += 1;
    $session.set(`session${sessions}:`);
  }
}
followSession($accessToken.get());
$accessToken.listen(followSession);

function currentKey(parts: KeyPartInput[]): string | null {
  const values = parts.map((part) => (typeof part === 'object' ? part.get() : part));
  return values.some((v) => v === null) ? null : values.join('');
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function createRead<T>(
  parts: KeyPartInput[],
  fetcher: (...args: KeyPart[]) => Promise<T>,
  freshness: Freshness,
  onError?: (error: unknown) => void,
): FetcherStore<T> {
  return createFetcher<T>(parts as KeyInput, {
    fetcher: async (...args) => {
      const asked = args.join('');
      // A newer key (another id, a sign-out) replaces this one a task later; waiting for it lets the store drop this answer.
      const settle = async (): Promise<void> => {
        if (currentKey(parts) !== asked) await nextTask();
      };
      try {
        const data = await fetcher(...(args as KeyPart[]));
        await settle();
        return data;
      } catch (error) {
        await settle();
        throw error;
      }
    },
    dedupeTime: freshness === 'until-changed' ? Infinity : 0,
    onError,
  });
}

/** How a read is cached: its freshness, whether it is the shopper's own (`personal`, keyed on the session) and what sees its errors first. */
export interface ReadOptions {
  freshness: Freshness;
  /** Public data (the same for every visitor) is kept across sessions; personal data goes with the session. */
  scope: 'personal' | 'public';
  onError?: (error: unknown) => void;
}

/** Creates a read keyed on `parts` (constants or stores; a null part pauses it); the fetcher gets the parts' values. */
export function createFetcherStore<T>(
  parts: KeyPartInput[],
  fetcher: (...args: KeyPart[]) => Promise<T>,
  options: ReadOptions,
): FetcherStore<T> {
  if (options.scope === 'public') return createRead(parts, fetcher, options.freshness, options.onError);
  return createRead([$session, ...parts], (_session, ...rest) => fetcher(...rest), options.freshness, options.onError);
}

/** The cache key of a personal read in the current session; undefined while signed out. */
function personalKey(...parts: KeyPart[]): string | undefined {
  const session = $session.get();
  return session === null ? undefined : session + parts.join('');
}

/** The cached answer of a personal read, without asking the server. */
export function cachedData<T>(...parts: KeyPart[]): T | undefined {
  const key = personalKey(...parts);
  return key === undefined ? undefined : (cache.get(key)?.data as T | undefined);
}

/** Replaces the cached answer of a personal read after a change the server confirmed. */
export function setCachedData<T>(parts: KeyPart[], data: T): void {
  const key = personalKey(...parts);
  if (key === undefined) return;
  // mutateCache only replaces answers already cached; a first answer (an order just placed) is written here.
  cache.set(key, { data, created: Date.now(), expires: Infinity });
  context.mutateCache(key, data);
}

/** Asks the personal reads whose key (after the session) starts with `prefix` again; screens keep the old answer until the new one arrives. */
export function revalidatePersonal(prefix: string): void {
  const session = $session.get();
  if (session !== null) context.revalidateKeys((key) => key.startsWith(session + prefix));
}

/** Forgets the personal reads whose key starts with `prefix`: the next screen that reads one asks the server. */
export function invalidatePersonal(prefix: string): void {
  const session = $session.get();
  if (session !== null) context.invalidateKeys((key) => key.startsWith(session + prefix));
}

// A write store lives in write-store.ts, which public pages load without @nanostores/query; the writes asked for here move these reads.
setRevalidator(revalidatePersonal);
