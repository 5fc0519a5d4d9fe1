import type { ReactNode } from 'react';

/** Props of the failed-load alert. */
export interface LoadErrorProps {
  /** The SPEC section 8 message of the failure. */
  message: string;
  /** Tries the load again. */
  onRetry: () => void;
}

/** An inline alert for a screen part that failed to load, with a Retry button. */
export function LoadError({ message, onRetry }: LoadErrorProps): ReactNode {
  return (
    <div className="load-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--ghost button--small" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
