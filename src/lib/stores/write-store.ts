import { map, type MapStore } from 'nanostores';
import { ApiError, isApiError, normaliseError } from '../api/errors';
import { createTryAgain, type TryAgain } from './try-again';

/** A write's state: whether it is in flight, the failure of its last press (SPEC section 8's error unless the write names its own) and the result of its last success. */
export interface WriteState<Result = unknown, Failure = ApiError> {
  loading: boolean;
  error?: Failure;
  data?: Result;
}

/** How one `mutate` ended: with the write's result, or with its failure. */
export type WriteOutcome<Result, Failure = ApiError> = { data: Result } | { error: Failure };

/** How a write fails and waits, beside the reads it changes. */
export interface WriteOptions<Failure = ApiError> {
  /**
   * What a failure becomes: a text (SPEC section 8's one message for every failure of this write, the API's kind kept), or
   * a function from whatever the write threw (a form's own failure: an `AuthFailure` with its toast's duration). Without
   * it, the API's own `ApiError`.
   */
  failure?: string | ((error: unknown) => Failure);
  /**
   * Waits out a 429: what was tried too often ('sign-in attempts', for the refusal's words), or a wait another write
   * shares. After a 429 nothing is sent until its Retry-After is over, a press meanwhile fails with a 429 saying how long
   * to wait, and `wait` says it to the form, which holds its button until then.
   */
  waitOut429?: string | TryAgain;
}

/** A write: its state, and `mutate`, which sends the write and resolves with its outcome, or with undefined when one was already in flight and nothing was sent. */
export type WriteStore<Data, Result = unknown, Failure = ApiError> = MapStore<WriteState<Result, Failure>> & {
  mutate: (data: Data) => Promise<WriteOutcome<Result, Failure> | undefined>;
};

/** A write that waits out a 429, with its wait for the form (`useTryAgain(store.wait)`). */
export type WaitingWriteStore<Data, Result = unknown, Failure = ApiError> = WriteStore<Data, Result, Failure> & { wait: TryAgain };

// The personal reads live in query.ts, which registers how to ask them again; a public page loads no reads, so nothing is asked.
let revalidate: (prefix: string) => void = () => undefined;

/** Names how the personal reads whose key starts with a prefix are asked again (query.ts, once it is loaded). */
export function setRevalidator(revalidator: (prefix: string) => void): void {
  revalidate = revalidator;
}

/**
 * A write as a store, `{ loading, error, data }` plus `mutate`: a second `mutate` while one is in flight sends nothing, a
 * failure lands in `error` (see {@link WriteOptions.failure}; a plain text is shorthand for `{ failure }`), a form that waits
 * out a 429 sends nothing while the wait is on, and the personal reads whose keys start with one of `changes` are asked
 * again once it settles, success or not (a failure may still have changed something).
 */
export function createWriteStore<Data, Result = unknown, Failure = ApiError>(
  write: (data: Data) => Promise<Result>,
  changes: string[],
  options: WriteOptions<Failure> & { waitOut429: string | TryAgain },
): WaitingWriteStore<Data, Result, Failure>;
export function createWriteStore<Data, Result = unknown, Failure = ApiError>(
  write: (data: Data) => Promise<Result>,
  changes: string[],
  options?: string | WriteOptions<Failure>,
): WriteStore<Data, Result, Failure>;
export function createWriteStore<Data, Result, Failure>(
  write: (data: Data) => Promise<Result>,
  changes: string[],
  options: string | WriteOptions<Failure> = {},
): WriteStore<Data, Result, Failure> & { wait?: TryAgain } {
  const { failure, waitOut429 } = typeof options === 'string' ? { failure: options, waitOut429: undefined } : options;
  const wait = typeof waitOut429 === 'string' ? createTryAgain(waitOut429) : waitOut429;
  const failed = (error: unknown): Failure => {
    if (typeof failure === 'function') return failure(error);
    const api = failure === undefined ? normaliseError(error) : new ApiError(failure, isApiError(error) ? error.kind : 'unknown');
    return api as Failure;
  };
  // Not nanoquery's createMutatorStore: a screen subscribed to one did not arrive while a token refresh was held
  // (e2e 'concurrent 401s in two tabs'), where a plain map store does.
  const $state = map<WriteState<Result, Failure>>({ loading: false });
  const mutate = async (data: Data): Promise<WriteOutcome<Result, Failure> | undefined> => {
    if ($state.get().loading) return undefined;
    $state.set({ loading: true });
    try {
      const result = await (wait ? wait.send(() => write(data)) : write(data));
      $state.set({ loading: false, data: result });
      return { data: result };
    } catch (error) {
      const refusal = failed(error);
      $state.set({ loading: false, error: refusal });
      return { error: refusal };
    } finally {
      for (const prefix of changes) revalidate(prefix);
    }
  };
  return Object.assign($state, wait ? { mutate, wait } : { mutate });
}
