import { useEffect, useId, useRef, type ReactNode } from 'react';
import { focusInto, inertOutside, keepTabInside } from '../../lib/dialog';
import './Modal.css';

/** Props of the modal dialog. */
export interface ModalProps {
  /** Visible heading, also the dialog's accessible name. */
  title: string;
  /** Called by Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  /** Dialog width: narrow forms or a wider reading panel. */
  size?: 'narrow' | 'wide';
  children: ReactNode;
}

/** An accessible modal dialog: labelled, focus kept inside and given back, the page behind made inert. */
export function Modal({ title, onClose, size = 'narrow', children }: ModalProps): ReactNode {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const root = dialog.current;
    if (!root) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Everything outside the dialog's own island stops taking focus, clicks and screen-reader reading.
    const restoreOutside = inertOutside(root.closest('astro-island') ?? root.parentElement);
    document.documentElement.classList.add('has-modal');
    // A deep-linked dialog hydrates on the first interaction: focus the shopper already moved inside it stays.
    focusInto(root);

    const onKeydown = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
        return;
      }
      keepTabInside(event, root);
    };
    // A press on the backdrop itself (not a drag that ends there) closes; keyboard users have Escape and the close button.
    const onBackdrop = (event: MouseEvent): void => {
      if (event.target === event.currentTarget) closeRef.current();
    };
    const shade = backdrop.current;
    document.addEventListener('keydown', onKeydown);
    shade?.addEventListener('mousedown', onBackdrop);
    return () => {
      document.removeEventListener('keydown', onKeydown);
      shade?.removeEventListener('mousedown', onBackdrop);
      restoreOutside();
      document.documentElement.classList.remove('has-modal');
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <div ref={backdrop} className="modal-backdrop">
      <div ref={dialog} className={`modal modal--${size}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}
