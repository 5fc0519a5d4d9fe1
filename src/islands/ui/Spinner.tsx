import type { ReactNode } from 'react';

/** Props of the loading spinner. */
export interface SpinnerProps {
  /** What is loading, read by screen readers. */
  label?: string;
}

/** A loading spinner with a status role and accessible text. */
export function Spinner({ label = 'Loading…' }: SpinnerProps): ReactNode {
  return (
    <div className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
