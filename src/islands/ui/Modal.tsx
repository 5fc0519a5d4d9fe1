import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { closeOnBackdrop, focusStart, keepTabInside, showAsModal } from '../../lib/dialog';
import { keepToastsIn } from './Toasts';
import './Modal.css';

/** Props of the modal dialog. */
export interface ModalProps {
  /** Visible heading, also the dialog's accessible name. */
  title: string;
  /** Called once the dialog has closed (Escape, the close button, a press on the backdrop); it must unmount the Modal. */
  onClose: () => void;
  /** Dialog width: narrow forms or a wider reading panel. */
  size?: 'narrow' | 'wide';
  children: ReactNode;
}

/**
 * A modal `<dialog>`: labelled by its title, the page behind inert, Escape and the close button native, focus given
 * back to the opener when it closes. Rendered `open` so that the server's HTML shows it before any script; it becomes
 * modal before the browser paints. Toasts move inside it while it is open, or they would be inert too.
 */
export function Modal({ title, onClose, size = 'narrow', children }: ModalProps): ReactNode {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    // A deep-linked dialog is already modal (the client:modal directive): focus the shopper moved inside it stays.
    showAsModal(dialog);
    const restoreToasts = keepToastsIn(dialog);
    const onClosed = (): void => {
      if (dialog.open) return;
      restoreToasts();
      closeRef.current();
    };
    // Keyboard users have Escape and the close button.
    const onMousedown = (event: MouseEvent): void => closeOnBackdrop(event, dialog);
    const onKeydown = (event: KeyboardEvent): void => keepTabInside(event, dialog);
    dialog.addEventListener('close', onClosed);
    dialog.addEventListener('mousedown', onMousedown);
    dialog.addEventListener('keydown', onKeydown);
    return () => {
      dialog.removeEventListener('close', onClosed);
      dialog.removeEventListener('mousedown', onMousedown);
      dialog.removeEventListener('keydown', onKeydown);
      restoreToasts();
      // Unmounted while open (Back, a completed sign-in): closing gives focus back to the opener.
      if (dialog.open) dialog.close();
    };
  }, []);

  // One dialog serves a chain of screens (Log In, then Forgot Password): each new screen starts at its first field.
  const shownTitle = useRef(title);
  useLayoutEffect(() => {
    if (shownTitle.current === title || !ref.current) return;
    shownTitle.current = title;
    focusStart(ref.current);
  }, [title]);

  return (
    <dialog ref={ref} open className="modal" aria-labelledby={titleId}>
      <div className={`modal__panel modal__panel--${size}`}>
        <div className="modal__header">
          <h2 id={titleId} className="modal__title" tabIndex={-1}>
            {title}
          </h2>
          <form method="dialog" className="modal__close-form">
            <button className="modal__close" aria-label="Close">
              <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </form>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </dialog>
  );
}
