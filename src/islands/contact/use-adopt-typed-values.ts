import { useEffect, type RefObject } from 'react';
import { ISLAND_READY } from '../../lib/shell/interact-directive';

/** The formik helpers the hook needs (stable across renders). */
export interface AdoptHelpers {
  setFieldValue: (field: string, value: string, validate?: boolean) => unknown;
  setFieldTouched: (field: string, touched?: boolean, validate?: boolean) => unknown;
}

/**
 * After hydration, takes into the form state whatever the visitor typed (or a page script
 * prefilled) in the server-rendered fields before React arrived, so nothing typed is lost. A field
 * already left counts as touched, so its error shows as if React had seen the blur.
 * All arguments are stable, so this runs once, right after hydration; it then tells the
 * client:interact directive that the form's handlers are live.
 */
export function useAdoptTypedValues<V extends object>(formRef: RefObject<HTMLFormElement | null>, helpers: AdoptHelpers, initialValues: V): void {
  const { setFieldValue, setFieldTouched } = helpers;
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const initial = initialValues as Record<string, unknown>;
    for (const element of Array.from(form.elements)) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || !(element.name in initial)) continue;
      if (element.value === initial[element.name]) continue;
      const left = element !== document.activeElement;
      void Promise.resolve(setFieldValue(element.name, element.value, !left)).then(() => (left ? setFieldTouched(element.name, true, true) : undefined));
    }
    form.dispatchEvent(new CustomEvent(ISLAND_READY, { bubbles: true }));
  }, [formRef, setFieldValue, setFieldTouched, initialValues]);
}
