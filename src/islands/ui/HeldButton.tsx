import type { ReactNode } from 'react';

/** Props of a button held while the service asks to wait. */
export interface HeldButtonProps {
  /** What useTryAgain says while the wait lasts (the button is then disabled and names it); undefined when it may be pressed. */
  wait: string | undefined;
  /** The id of the wait's notice, which the button names in aria-describedby. */
  waitId: string;
  /** Disabled for another reason too (sending, loading). */
  disabled?: boolean;
  /** Marks the button aria-busy (a form being sent). */
  busy?: boolean;
  type?: 'submit' | 'button';
  onClick?: () => void;
  className?: string;
  noticeClassName?: string;
  children: ReactNode;
}

/**
 * A form's button, disabled while the service asks to wait after a 429, with the wait beside it. The notice is not a
 * live region: the toast announced it once, and a ticking count would repeat it every second.
 */
export function HeldButton(props: HeldButtonProps): ReactNode {
  const { wait, waitId, disabled = false, busy, type = 'submit', onClick, className = 'button', noticeClassName = 'notice', children } = props;
  return (
    <>
      <button
        type={type}
        className={className}
        disabled={disabled || wait !== undefined}
        aria-busy={busy}
        aria-describedby={wait !== undefined ? waitId : undefined}
        onClick={onClick}
      >
        {children}
      </button>
      {wait !== undefined && (
        <p id={waitId} className={noticeClassName}>
          {wait}
        </p>
      )}
    </>
  );
}
