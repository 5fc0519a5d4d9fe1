import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/error-message';

/** Props of the failed-load alert. */
export interface LoadErrorProps {
  /** The failure; the alert says its SPEC section 8 message. */
  error: unknown;
  /** Tries the load again. */
  onRetry: () => void;
}

/** An inline alert for a screen part that failed to load, with a Retry button. */
export function LoadError({ error, onRetry }: LoadErrorProps): ReactNode {
  return (
    <div className="load-error" role="alert">
      <p>{errorMessage(error)}</p>
      <button type="button" className="button button--ghost button--small" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
