import { useEffect, type RefObject } from 'react';

/**
 * After hydration, takes into the form state whatever the visitor typed (or a page script
 * prefilled) in the server-rendered fields before React arrived, so nothing typed is lost.
 */
export function useAdoptTypedValues(formRef: RefObject<HTMLFormElement | null>, setFieldValue: (field: string, value: string, validate?: boolean) => unknown, values: Record<string, string>): void {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || !element.name) continue;
      if (element.name in values && element.value !== values[element.name]) void setFieldValue(element.name, element.value, false);
    }
    // Only once, right after hydration: later the DOM follows the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
