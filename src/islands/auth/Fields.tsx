import { useEffect, useId, useState, type FocusEvent, type ReactNode, type RefObject } from 'react';
import type { FormikProps } from 'formik';

interface FieldProps<V> {
  formik: FormikProps<V>;
  name: Extract<keyof V, string>;
  label: string;
  autoComplete?: string;
  hint?: string;
  initialFocus?: boolean;
}

function errorOf<V>(formik: FormikProps<V>, name: Extract<keyof V, string>): string | undefined {
  const error = formik.errors[name];
  return formik.touched[name] && typeof error === 'string' ? error : undefined;
}

/** Blur validates a field once it has a value (or was already checked), so tabbing past an empty field shows no error. */
function blurHandler<V>(formik: FormikProps<V>, name: Extract<keyof V, string>) {
  return (event: FocusEvent<HTMLInputElement>): void => {
    if (event.target.value === '' && !formik.touched[name]) return;
    formik.handleBlur(event);
  };
}

function useDescription(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function Messages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: string;
  hintId: string;
  error?: string;
  errorId: string;
}): ReactNode {
  return (
    <>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** The state and input attributes every field shares: value and handlers from formik, required, error linked by aria-describedby. */
function useBoundInput<V>({ formik, name, autoComplete, hint, initialFocus }: FieldProps<V>) {
  const error = errorOf(formik, name);
  const { id, hintId, errorId, describedBy } = useDescription(hint, error);
  const field = formik.getFieldProps(name);
  const input = {
    id,
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: field.onChange,
    onBlur: blurHandler(formik, name),
    autoComplete,
    'aria-required': true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'data-autofocus': initialFocus ? '' : undefined,
  };
  return { error, hintId, errorId, input };
}

/** A labelled text input bound to formik, its error linked by aria-describedby. */
export function TextField<V>({
  type = 'text',
  ...props
}: FieldProps<V> & { type?: 'text' | 'email' | 'date' | 'tel' }): ReactNode {
  const { error, hintId, errorId, input } = useBoundInput(props);
  return (
    <div className="field">
      <label htmlFor={input.id}>{props.label}</label>
      <input type={type} {...input} />
      <Messages hint={props.hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A password input with a show/hide toggle button (aria-pressed). */
export function PasswordField<V>({ autoComplete = 'current-password', ...props }: FieldProps<V>): ReactNode {
  const [shown, setShown] = useState(false);
  const { error, hintId, errorId, input } = useBoundInput({ ...props, autoComplete });
  const { label, hint } = props;
  return (
    <div className="field">
      <label htmlFor={input.id}>{label}</label>
      <div className="auth-password">
        <input type={shown ? 'text' : 'password'} {...input} />
        <button
          type="button"
          className="auth-toggle"
          aria-pressed={shown}
          aria-label={`Show ${label.toLowerCase()}`}
          onClick={() => setShown(!shown)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="22"
            height="22"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {shown && <path d="M4 4l16 16" />}
          </svg>
        </button>
      </div>
      <Messages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A labelled checkbox bound to formik. */
export function CheckboxField<V>({ formik, name, label }: Pick<FieldProps<V>, 'formik' | 'name' | 'label'>): ReactNode {
  const field = formik.getFieldProps({ name, type: 'checkbox' });
  return (
    <label className="auth-check">
      <input type="checkbox" name={field.name} checked={field.checked === true} onChange={field.onChange} onBlur={field.onBlur} />
      {label}
    </label>
  );
}

/** Moves focus to the first invalid field after a submit that failed validation. */
export function useFocusFirstError<V>(formik: FormikProps<V>, form: RefObject<HTMLFormElement | null>): void {
  const { submitCount, isSubmitting, isValid } = formik;
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || isValid) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, isValid, form]);
}
