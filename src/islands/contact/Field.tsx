import type { FormikProps } from 'formik';
import type { ReactNode } from 'react';

/** One labelled text field of a public form, with its error tied to it for assistive technology. */
export function Field<V extends object>(props: {
  form: FormikProps<V>;
  /** Form id prefix, so two forms on a page never share an id. */
  idPrefix: string;
  name: Extract<keyof V, string>;
  label: string;
  type?: 'text' | 'email' | 'tel';
  multiline?: boolean;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
}): ReactNode {
  const { form, idPrefix, name, label, type = 'text', multiline = false, autoComplete, required = false, hint } = props;
  const id = `${idPrefix}-${name}`;
  const touched = (form.touched as Record<string, unknown>)[name];
  const fieldError = (form.errors as Record<string, unknown>)[name];
  const error = touched && typeof fieldError === 'string' ? fieldError : undefined;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value: String(form.values[name] ?? ''),
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    autoComplete,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea {...common} rows={6} /> : <input {...common} type={type} />}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
