import { atom, type WritableAtom } from 'nanostores';
import { ApiError, isApiError } from '../api/errors';

/** Seconds to wait after a 429 that names no Retry-After. */
export const DEFAULT_WAIT_S = 30;

/** How long, in the shopper's words: '1 second', '42 seconds', '15 minutes', '2 hours' (rounded up). */
export function waitWords(seconds: number): string {
  const [count, unit] =
    seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** Whether a failure is the service's (or a form's own) refusal to take more for now: a 429. */
export function isTooMany(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 429;
}

/** A form's wait after the service answered 429 (Too Many Requests): when it may be sent again, and what to say until then. */
export interface TryAgain {
  /** When the form may be sent again (epoch ms; 0 when it may now). */
  $until: WritableAtom<number>;
  /** Seconds left before it may be sent again (0 when it may). */
  left(now?: number): number;
  /** What the form says while it must wait `seconds`. */
  message(seconds: number): string;
  /** Sends unless a wait is on, and starts one on a 429 (its Retry-After, else {@link DEFAULT_WAIT_S}); either refusal is a 429 ApiError saying how long to wait. */
  send<T>(request: () => Promise<T>): Promise<T>;
}

/** The wait of one form, whose refusals name what was tried too often ('sign-in attempts', 'messages sent'). */
export function createTryAgain(attempts: string): TryAgain {
  const $until = atom(0);
  const left = (now = Date.now()): number => Math.max(0, Math.ceil(($until.get() - now) / 1000));
  const message = (seconds: number): string => `Too many ${attempts}. Please wait ${waitWords(seconds)} before you try again.`;
  const refusal = (seconds: number): ApiError => new ApiError(message(seconds), 'client', { status: 429, retryAfter: seconds });
  return {
    $until,
    left,
    message,
    async send<T>(request: () => Promise<T>): Promise<T> {
      const waiting = left();
      // Nothing is sent while the service has asked to wait: a press would only be refused again.
      if (waiting > 0) throw refusal(waiting);
      try {
        return await request();
      } catch (error) {
        if (!isTooMany(error)) throw error;
        const seconds = Math.max(1, error.retryAfter ?? DEFAULT_WAIT_S);
        $until.set(Date.now() + seconds * 1000);
        throw refusal(seconds);
      }
    },
  };
}
