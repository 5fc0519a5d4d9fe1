import { useEffect, type RefObject } from 'react';

/**
 * After hydration, takes into the form state whatever the visitor typed (or a page script
 * prefilled) in the server-rendered fields before React arrived, so nothing typed is lost.
 * All three arguments are stable, so this runs once, right after hydration.
 */
export function useAdoptTypedValues<V extends object>(
  formRef: RefObject<HTMLFormElement | null>,
  setFieldValue: (field: string, value: string, validate?: boolean) => unknown,
  initialValues: V,
): void {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const initial = initialValues as Record<string, unknown>;
    for (const element of Array.from(form.elements)) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || !(element.name in initial)) continue;
      if (element.value !== initial[element.name]) void setFieldValue(element.name, element.value, false);
    }
  }, [formRef, setFieldValue, initialValues]);
}
