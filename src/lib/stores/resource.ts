import { atom, type ReadableAtom } from 'nanostores';
import { ApiError } from '../api/errors';
import { $accessToken } from './session';

/** A loaded value with its loading flag and last error. */
export interface Resource<T> {
  data: T | undefined;
  loading: boolean;
  error: ApiError | undefined;
}

/** A cached read: loaded once, kept until changed or until the shopper signs out. */
export interface CachedResource<T> {
  /** The value, the loading flag and the last error. */
  $store: ReadableAtom<Resource<T>>;
  /** Loads unless already loaded (or `force`); concurrent calls share one request. */
  load(force?: boolean): Promise<T | undefined>;
  /** Replaces the cached value after a change the client made. */
  set(data: T): void;
  /** Forgets the cached value. */
  reset(): void;
}

/** Creates a cached resource around a loader; `onError` sees every failure first. */
export function cachedResource<T>(loader: () => Promise<T>, onError?: (error: ApiError) => void): CachedResource<T> {
  const $store = atom<Resource<T>>({ data: undefined, loading: false, error: undefined });
  let pending: Promise<T | undefined> | undefined;
  let generation = 0;

  const load = (force = false): Promise<T | undefined> => {
    const current = $store.get();
    if (!force && current.data !== undefined) return Promise.resolve(current.data);
    if (pending) return pending;
    const mine = generation;
    $store.set({ ...current, loading: true, error: undefined });
    pending = loader()
      .then((data) => {
        if (mine === generation) $store.set({ data, loading: false, error: undefined });
        return data;
      })
      .catch((error: unknown) => {
        const apiError = error instanceof ApiError ? error : new ApiError('Something terrible happened', 'unknown');
        if (mine === generation) $store.set({ ...$store.get(), loading: false, error: apiError });
        onError?.(apiError);
        return undefined;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };

  const reset = (): void => {
    generation += 1;
    pending = undefined;
    $store.set({ data: undefined, loading: false, error: undefined });
  };

  // Personal data goes with the session.
  $accessToken.listen((token) => {
    if (token === '') reset();
  });

  return { $store, load, set: (data) => $store.set({ data, loading: false, error: undefined }), reset };
}
