import type { ReactNode } from 'react';
import { getIn, useFormikContext } from 'formik';
import type { OrderFormValues, ProductValues } from '../../lib/schemas/order';
import { ImageCropField } from '../ui/ImageCropField';

/** Props of one product block. */
export interface ProductBlockProps {
  index: number;
  product: ProductValues;
  /** Offered only when there is more than one product and the order is not being placed. */
  onDelete?: () => void;
  disabled?: boolean;
}

/** The message of a field once it was touched (or the form submitted). */
export function useFieldError(path: string): string | undefined {
  const { errors, touched } = useFormikContext<OrderFormValues>();
  const message: unknown = getIn(errors, path);
  return getIn(touched, path) && typeof message === 'string' ? message : undefined;
}

function TextField({ path, id, label, type = 'text', multiline = false, hint }: { path: string; id: string; label: string; type?: string; multiline?: boolean; hint?: string }): ReactNode {
  const { getFieldProps } = useFormikContext<OrderFormValues>();
  const error = useFieldError(path);
  const field = getFieldProps(path);
  const described = [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const common = { id, className: 'field__input', 'aria-invalid': error ? true : undefined, 'aria-describedby': described } as const;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...field} {...common} rows={3} value={(field.value as string | undefined) ?? ''} />
      ) : (
        <input {...field} {...common} type={type} value={(field.value as string | number | undefined) ?? ''} {...(type === 'number' ? { min: 1, step: 1, inputMode: 'numeric' as const } : {})} {...(type === 'url' ? { inputMode: 'url' as const, autoComplete: 'url' } : {})} />
      )}
      {/* The slot keeps its height so that a message going away on blur never moves the button being clicked. */}
      <p id={`${id}-error`} className="field__error field__error--slot">
        {error}
      </p>
    </div>
  );
}

/** One product of the order: product page URL, screenshot, quantity and comment. */
export function ProductBlock({ index, product, onDelete, disabled }: ProductBlockProps): ReactNode {
  const { setFieldValue, setFieldTouched, touched } = useFormikContext<OrderFormValues>();
  const base = `products.${index}`;
  const idBase = `product-${product.key}`;
  const screenshotError = useFieldError(`${base}.screenshot`);
  return (
    <fieldset className="product-block" disabled={disabled}>
      <legend className="product-block__name">{product.name}</legend>
      <TextField path={`${base}.description`} id={`${idBase}-description`} label="Product page URL" type="url" hint="The link to the product on the shop's website, starting with http:// or https://." />
      <ImageCropField
        id={`${idBase}-screenshot`}
        name={`${base}.screenshot`}
        label="Screenshot"
        value={product.screenshot}
        previewLabel={`Cropped screenshot of ${product.name}`}
        error={screenshotError}
        onChange={(blob) => void setFieldValue(`${base}.screenshot`, blob, getIn(touched, `${base}.screenshot`) === true)}
        onBlur={() => void setFieldTouched(`${base}.screenshot`, true)}
      />
      <TextField path={`${base}.quantity`} id={`${idBase}-quantity`} label="Quantity" type="number" />
      <TextField path={`${base}.comment`} id={`${idBase}-comment`} label="Comment" multiline hint="Size, colour or anything else we should know (optional)." />
      {onDelete ? (
        <div>
          <button type="button" className="ui-button ui-button--danger" onClick={onDelete}>
            Delete {product.name}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
