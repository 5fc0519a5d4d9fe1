import { useEffect, useState, type ReactNode } from 'react';
import { ToastContainer, toast, Slide } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

/** SPEC section 9: success toasts stay 5000 ms, others 3000 ms unless the spec says 5000. */
export const TOAST_MS = { success: 5000, error: 3000, long: 5000 } as const;

let owner: symbol | undefined;

/** The one toast region of the page; a second island's copy stays silent. */
export function Toasts(): ReactNode {
  const [id] = useState(() => Symbol('toasts'));
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (owner) return undefined;
    owner = id;
    setActive(true);
    return () => {
      owner = undefined;
    };
  }, [id]);
  if (!active) return null;
  return <ToastContainer position="top-center" transition={Slide} newestOnTop closeOnClick={false} pauseOnFocusLoss role="status" />;
}

/** Shows the toasts of SPEC section 8 with their durations. */
export const notify = {
  /** A success message, 5000 ms. */
  success(message: string): void {
    toast.success(message, { autoClose: TOAST_MS.success });
  },
  /** A failure message, 3000 ms by default (5000 where the spec says so). */
  error(message: string, ms: number = TOAST_MS.error): void {
    toast.error(message, { autoClose: ms });
  },
  /** A warning that stays 5000 ms. */
  warning(message: string): void {
    toast.warning(message, { autoClose: TOAST_MS.long });
  },
  /** A message with an Undo button that stays until closed or undone. */
  undo(message: string, onUndo: () => void): void {
    toast(
      ({ closeToast }) => (
        <span className="toast-undo">
          {message}{' '}
          <button
            type="button"
            className="toast-undo__button"
            onClick={() => {
              onUndo();
              closeToast();
            }}
          >
            Undo
          </button>
        </span>
      ),
      { autoClose: false, closeOnClick: false },
    );
  },
};
