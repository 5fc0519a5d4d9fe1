import { useEffect, useState, type ReactNode } from 'react';
import { limits } from '../../../lib/schemas/rules';

/** Props of the photo field. */
export interface PhotoFieldProps {
  id: string;
  label: string;
  name: string;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  /** The validation message to show and link. */
  error?: string;
  /** The chosen file, previewed under the field. */
  value: File | null;
}

/** A labelled image file input with a preview and its error linked by aria-describedby. */
export function PhotoField({ id, label, name, onChange, onBlur, error, value }: PhotoFieldProps): ReactNode {
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!value) {
      setPreview(undefined);
      return undefined;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);
  const described = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p className="field-hint" id={`${id}-hint`}>
        A .jpg, .jpeg, .png or .webp image between 50KB and 10MB.
      </p>
      <input
        id={id}
        name={name}
        type="file"
        accept={limits.imageTypes.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        onBlur={onBlur}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {preview && <img className="photo-preview" src={preview} alt="Preview of the chosen file" width="160" height="160" />}
    </div>
  );
}
