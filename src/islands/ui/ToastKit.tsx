import type { ReactNode } from 'react';
import { ToastContainer, toast, Slide } from 'react-toastify/unstyled';

/** The toast region itself (react-toastify's container); toasts shown before it mounts wait in the library's queue. */
export function ToastRegion(): ReactNode {
  return (
    <ToastContainer position="top-center" transition={Slide} newestOnTop closeOnClick={false} pauseOnFocusLoss role="status" />
  );
}

/** A toast of one kind that closes after `ms`. */
export function showToast(kind: 'success' | 'error' | 'warning', message: string, ms: number): void {
  toast[kind](message, { autoClose: ms });
}

/** A toast with an Undo button that stays until closed or undone. */
export function showUndoToast(message: string, onUndo: () => void): void {
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
}
