/** Moves focus to the first invalid field after a rejected submit. */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: Record<string, unknown>): void {
  const first = Object.keys(errors)[0];
  if (!form || !first) return;
  const field = form.elements.namedItem(first);
  if (field instanceof HTMLElement) field.focus();
}
