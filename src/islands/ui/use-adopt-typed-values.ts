import { useEffect, useState, type RefObject } from 'react';
import { ISLAND_READY } from '../../lib/hydration/ready';

/** The formik helpers the hook needs (stable across renders). */
export interface AdoptHelpers<V> {
  setValues: (values: V, validate?: boolean) => unknown;
  setFieldTouched: (field: string, touched?: boolean, validate?: boolean) => unknown;
  validateForm: (values?: V) => unknown;
}

/**
 * After hydration, takes into the form state whatever the visitor typed or ticked (or a page script
 * prefilled) in the server-rendered fields before React arrived, so nothing typed is lost. A field
 * already left counts as touched, so its error shows as if React had seen the blur.
 * All arguments are stable, so this runs once, right after hydration; once the adopted values have
 * rendered, it tells the client:interact or client:modal directive that the form's handlers are live.
 */
export function useAdoptTypedValues<V extends object>(formRef: RefObject<HTMLFormElement | null>, helpers: AdoptHelpers<V>, initialValues: V): void {
  const { setValues, setFieldTouched, validateForm } = helpers;
  const [adopted, setAdopted] = useState(false);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const initial = initialValues as Record<string, unknown>;
    const typed: Record<string, string | boolean> = {};
    const left: string[] = [];
    for (const element of Array.from(form.elements)) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || !(element.name in initial)) continue;
      const value = element instanceof HTMLInputElement && element.type === 'checkbox' ? element.checked : element.value;
      if (value === initial[element.name]) continue;
      typed[element.name] = value;
      if (element !== document.activeElement) left.push(element.name);
    }
    if (Object.keys(typed).length > 0) {
      const values = { ...initialValues, ...typed };
      void setValues(values, false);
      for (const name of left) void setFieldTouched(name, true, false);
      // Validated with the adopted values themselves: the form's state has not rendered them yet.
      void validateForm(values);
    }
    setAdopted(true);
  }, [formRef, setValues, setFieldTouched, validateForm, initialValues]);
  useEffect(() => {
    if (!adopted) return;
    // A blur handled between the adoption and this render validated the first render's empty values: validate again.
    void validateForm();
    // A submit held until now is replayed on this signal; it must see the adopted values, not the first render's.
    formRef.current?.dispatchEvent(new CustomEvent(ISLAND_READY, { bubbles: true }));
  }, [adopted, formRef, validateForm]);
}
