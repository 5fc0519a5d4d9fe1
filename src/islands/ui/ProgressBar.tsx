import type { ReactNode } from 'react';
import { PROGRESS_STEPS, progressOf } from '../../lib/progress';

/** Props of the order progress bar. */
export interface ProgressBarProps {
  /** The order status the bar shows. */
  status: string;
  /** Show the seven step names under the bar (default); a page with its own list of the steps leaves them out. */
  steps?: boolean;
}

/** The seven-step order progress bar: fill width is the rounded percentage; a return shows every step in red. */
export function ProgressBar({ status, steps = true }: ProgressBarProps): ReactNode {
  const { completed, percent, isReturn } = progressOf(status);
  const total = PROGRESS_STEPS.length;
  const reached = completed > 0 ? PROGRESS_STEPS[completed - 1] : 'not started';
  return (
    <div className={isReturn ? 'progress progress--return' : 'progress'}>
      <div
        className="progress__track"
        role="progressbar"
        aria-label="Order progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={isReturn ? 'Returned: every step' : `${completed} of ${total} steps: ${reached}`}
      >
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
      {steps && (
        <ol className="progress__steps">
          {PROGRESS_STEPS.map((label, index) => (
            <li key={label} className={index < completed ? 'progress__step progress__step--done' : 'progress__step'}>
              {label}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
