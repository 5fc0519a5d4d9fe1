import type { FormikProps } from 'formik';
import type { ReactNode } from 'react';

/** Props of a labelled text input bound to a formik form. */
export interface TextFieldProps<V> {
  form: FormikProps<V>;
  name: keyof V & string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'number';
  autoComplete?: string;
  /** Extra help under the field. */
  hint?: string;
  /** The form's id prefix, so two forms on a page never share an id. */
  idPrefix: string;
  min?: number;
  inputMode?: 'numeric' | 'text' | 'tel' | 'email';
}

/** The error to show for a field: after it was touched or the form was submitted. */
export function visibleError<V>(form: FormikProps<V>, name: keyof V & string): string | undefined {
  const error = form.errors[name];
  const shown = form.touched[name] || form.submitCount > 0;
  return shown && typeof error === 'string' ? error : undefined;
}

/** A labelled input with its error linked by aria-describedby and aria-invalid. */
export function TextField<V>({ form, name, label, type = 'text', autoComplete, hint, idPrefix, min, inputMode }: TextFieldProps<V>): ReactNode {
  const id = `${idPrefix}-${name}`;
  const error = visibleError(form, name);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const value = form.values[name];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type={type}
        min={min}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
