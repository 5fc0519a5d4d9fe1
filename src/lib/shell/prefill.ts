/** Puts the `param` query value (e.g. ?title= from Query Order) into an empty field before the form hydrates. */
export function prefillFromQuery(field: HTMLInputElement | HTMLTextAreaElement, param: string, search = window.location.search): void {
  const value = new URLSearchParams(search).get(param)?.trim().slice(0, 200);
  if (value && field.value === '') field.value = value;
}
