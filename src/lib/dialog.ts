/** Focuses the dialog's first field (`[data-autofocus]`), else its title. */
export function focusStart(dialog: HTMLElement): void {
  (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('.modal__title'))?.focus();
}

/**
 * Shows a `<dialog>` as modal (top layer, the page behind inert, Escape closes) and focuses its first field; does
 * nothing when it already is. A server-rendered dialog arrives `open`, which is non-modal, and `showModal()` refuses an
 * open dialog: removing the attribute first fires no `close`.
 */
export function showAsModal(dialog: HTMLDialogElement): void {
  if (dialog.matches(':modal')) return;
  dialog.removeAttribute('open');
  dialog.showModal();
  focusStart(dialog);
}

/**
 * Closes the dialog on a press on its backdrop: the `<dialog>` fills the screen and its padding is the backdrop, so
 * the press's target is the dialog itself (not the panel, not a drag that ends there, not its scroll bar).
 */
export function closeOnBackdrop(event: MouseEvent, dialog: HTMLDialogElement): void {
  if (event.target === dialog && event.offsetX < dialog.clientWidth) dialog.close();
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
}

/**
 * Keeps Tab and Shift+Tab inside `root`, from its last focusable element to its first and back: a modal dialog makes
 * the page behind inert, but past its last control the browser moves focus to its own toolbar. Leaves alone a press
 * another handler has already taken, and any press once `root` has left the page.
 */
export function keepTabInside(event: KeyboardEvent, root: HTMLElement): void {
  if (event.key !== 'Tab' || event.defaultPrevented || !root.isConnected) return;
  const items = focusables(root);
  const head = items[0];
  const tail = items[items.length - 1];
  if (!head || !tail) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  // Before the first control (the dialog's title, focused when it has no field) or after the last, Tab goes round.
  const before = active === head || !(active instanceof Node) || (head.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
  const after = active === tail || (active instanceof Node && (tail.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0);
  if (event.shiftKey && before) {
    event.preventDefault();
    tail.focus();
  } else if (!event.shiftKey && after) {
    event.preventDefault();
    head.focus();
  }
}
