/**
 * Makes every child of `<body>` that does not hold `host` inert (no focus, clicks or screen-reader reading outside a
 * dialog), leaving alone those already inert; returns what gives them back.
 */
export function inertOutside(host: Element | null): () => void {
  const inerted = [...document.body.children].filter((el): el is HTMLElement => el instanceof HTMLElement && !el.contains(host) && !el.inert);
  for (const el of inerted) el.inert = true;
  return () => {
    for (const el of inerted) el.inert = false;
  };
}

/** Moves focus to the dialog's first field (`[data-autofocus]`, else the dialog itself) unless it is already inside. */
export function focusInto(dialog: HTMLElement): void {
  if (!dialog.contains(document.activeElement)) (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog).focus();
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
}

/**
 * Keeps Tab and Shift+Tab inside `root`: from its last focusable element to its first and back, and from anywhere
 * outside to its first. Leaves alone a press another handler has already taken, and any press once `root` has left the page.
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
  if (event.shiftKey && (active === head || active === root)) {
    event.preventDefault();
    tail.focus();
  } else if (!event.shiftKey && active === tail) {
    event.preventDefault();
    head.focus();
  } else if (!root.contains(active)) {
    event.preventDefault();
    head.focus();
  }
}
