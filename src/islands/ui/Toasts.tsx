import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import 'react-toastify/ReactToastify.css';

/** SPEC section 9: success toasts stay 5000 ms, others 3000 ms unless the spec says 5000. */
export const TOAST_MS = { success: 5000, error: 3000, long: 5000 } as const;

// The toast library loads with the first toast: most visits never show one (the sign-in dialog shows one on failure).
// Toasts raised before the container has mounted wait in the library's own queue and show once it has.
const loadToastify = () => import('react-toastify/unstyled');

const ToastRegion = lazy(() =>
  loadToastify().then(({ ToastContainer, Slide }) => ({
    default: function ToastRegion(): ReactNode {
      return (
        <ToastContainer
          position="top-center"
          transition={Slide}
          newestOnTop
          closeOnClick={false}
          pauseOnFocusLoss
          role="status"
        />
      );
    },
  })),
);

let owner: symbol | undefined;
let wanted = false;
let onWanted: (() => void) | undefined;

function toastify(): ReturnType<typeof loadToastify> {
  wanted = true;
  onWanted?.();
  return loadToastify();
}

/** The one toast region of the page; a second island's copy stays silent. Its code loads with the first toast. */
export function Toasts(): ReactNode {
  const [id] = useState(() => Symbol('toasts'));
  const [active, setActive] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (owner) return undefined;
    owner = id;
    setActive(true);
    onWanted = () => setShown(true);
    if (wanted) setShown(true);
    return () => {
      owner = undefined;
      onWanted = undefined;
    };
  }, [id]);
  if (!active || !shown) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}

/** Shows the toasts of SPEC section 8 with their durations. */
export const notify = {
  /** A success message, 5000 ms. */
  success(message: string): void {
    void toastify().then(({ toast }) => toast.success(message, { autoClose: TOAST_MS.success }));
  },
  /** A failure message, 3000 ms by default (5000 where the spec says so). */
  error(message: string, ms: number = TOAST_MS.error): void {
    void toastify().then(({ toast }) => toast.error(message, { autoClose: ms }));
  },
  /** A warning that stays 5000 ms. */
  warning(message: string): void {
    void toastify().then(({ toast }) => toast.warning(message, { autoClose: TOAST_MS.long }));
  },
  /** A message with an Undo button that stays until closed or undone. */
  undo(message: string, onUndo: () => void): void {
    void toastify().then(({ toast }) =>
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
      ),
    );
  },
};
