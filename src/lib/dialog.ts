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
