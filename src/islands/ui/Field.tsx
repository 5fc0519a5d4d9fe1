import { getIn, useFormikContext, type FormikProps } from 'formik';
import { useEffect, useId, useState, type FocusEvent, type ReactNode, type RefObject } from 'react';

/** A field's name in a form's values: a top-level key, or a path into a list ('products.0.comment'). */
export type FieldPath<V> = Extract<keyof V, string> | `${Extract<keyof V, string>}.${string}`;

/** Props of the one text field every form uses. */
export interface FieldProps<V> {
  form: FormikProps<V>;
  name: FieldPath<V>;
  label: string;
  /** The input's id; else `${idPrefix}-${name}`, else one React makes. */
  id?: string;
  /** The form's id prefix, so two forms on a page never share an id. */
  idPrefix?: string;
  type?: 'text' | 'email' | 'tel' | 'number' | 'url' | 'date' | 'password';
  /** A textarea instead of an input. */
  multiline?: boolean;
  rows?: number;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'tel' | 'email' | 'url';
  min?: number;
  step?: number;
  /** Help under the label, read with the field. */
  hint?: string;
  /** aria-required, and a '*' after the label unless `requiredMark` is false. */
  required?: boolean;
  /** The '*' goes with a form note "Fields marked * are required."; forms where every field is required leave it out. */
  requiredMark?: boolean;
  /** The dialog focuses this field when it opens. */
  initialFocus?: boolean;
  /** Keeps the error line's height when empty, so a message going away on blur never moves the button being clicked. */
  reserveError?: boolean;
  /** The id of an element that already shows this field's error (the form's server message): the field points there instead of repeating it. */
  errorShownAt?: string;
}

/** The one rule for every control: its error shows once it was left (blur) or the form was submitted. A text field counts a blur only when it holds something (see Field). */
export function fieldError<V>(form: Pick<FormikProps<V>, 'errors' | 'touched' | 'submitCount'>, name: string): string | undefined {
  const error: unknown = getIn(form.errors, name);
  const shown = getIn(form.touched, name) === true || form.submitCount > 0;
  return shown && typeof error === 'string' && error !== '' ? error : undefined;
}

/** fieldError for a control inside a <Formik> form (the same rule, read from its context). */
export function useFieldError(name: string): string | undefined {
  return fieldError(useFormikContext(), name);
}

/** The aria-describedby value of a control: its hint and its error, when present. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

function EyeIcon({ crossed }: { crossed: boolean }): ReactNode {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}

/** A labelled text field bound to formik: hint, error after blur or submit, aria-describedby and aria-invalid; a password gets a show/hide toggle. */
export function Field<V>(props: FieldProps<V>): ReactNode {
  const { form, name, label, idPrefix, type = 'text', multiline = false, rows = 6, autoComplete, inputMode, min, step, hint } = props;
  const { required = false, requiredMark = true, initialFocus = false, reserveError = false, errorShownAt } = props;
  const generated = useId();
  const [revealed, setRevealed] = useState(false);
  const id = props.id ?? (idPrefix ? `${idPrefix}-${name.replace(/\./g, '-')}` : `field${generated.replace(/:/g, '')}`);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = fieldError(form, name);
  const elsewhere = error !== undefined && errorShownAt !== undefined;
  const raw: unknown = getIn(form.values, name);
  const control = {
    id,
    name,
    value: raw === null || raw === undefined ? '' : String(raw),
    onChange: form.handleChange,
    // Tabbing past an empty field is not an answer: only a field left with something in it (or already checked) shows its error before submit.
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (event.target.value === '' && getIn(form.touched, name) !== true) return;
      form.handleBlur(event);
    },
    autoComplete,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint && hintId, error && (elsewhere ? errorShownAt : errorId)),
    'data-autofocus': initialFocus ? '' : undefined,
  };
  const input = multiline ? (
    <textarea {...control} rows={rows} />
  ) : (
    <input {...control} type={type === 'password' && revealed ? 'text' : type} inputMode={inputMode} min={min} step={step} />
  );
  const shownError = error && !elsewhere ? error : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && requiredMark ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {type === 'password' ? (
        <div className="field-password">
          {input}
          <button type="button" className="field-reveal" aria-pressed={revealed} aria-label={`Show ${label.toLowerCase()}`} onClick={() => setRevealed(!revealed)}>
            <EyeIcon crossed={revealed} />
          </button>
        </div>
      ) : (
        input
      )}
      {shownError || reserveError ? (
        <p className={reserveError ? 'field-error field-error--slot' : 'field-error'} id={errorId}>
          {shownError}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled checkbox bound to formik. */
export function CheckboxField<V>({ form, name, label }: Pick<FieldProps<V>, 'form' | 'name' | 'label'>): ReactNode {
  const field = form.getFieldProps({ name, type: 'checkbox' });
  return (
    <label className="field-check">
      <input type="checkbox" name={field.name} checked={field.checked === true} onChange={field.onChange} onBlur={field.onBlur} />
      {label}
    </label>
  );
}

/** Moves focus to the first invalid field after a submit that failed validation. */
export function useFocusFirstError<V>(form: FormikProps<V>, element: RefObject<HTMLFormElement | null>): void {
  const { submitCount, isSubmitting, isValid } = form;
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || isValid) return;
    element.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, isValid, element]);
}
