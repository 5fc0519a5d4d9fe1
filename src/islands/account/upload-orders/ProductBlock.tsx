import type { ReactNode } from 'react';
import { getIn, useFormikContext } from 'formik';
import { IF_UNAVAILABLE_LABELS, IF_UNAVAILABLE_RULES } from '../../../lib/if-unavailable';
import type { OrderFormValues, ProductValues } from '../../../lib/schemas/order';
import { describedBy, Field, useFieldError } from '../../ui/Field';
import { ImageCropField } from '../../ui/ImageCropField';

/** Props of one product block. */
export interface ProductBlockProps {
  index: number;
  product: ProductValues;
  /** Offered only when there is more than one product and the order is not being placed. */
  onDelete?: () => void;
  disabled?: boolean;
}

/** One product of the order: product page URL, screenshot, quantity, comment, and what to do if it is unavailable. */
export function ProductBlock({ index, product, onDelete, disabled }: ProductBlockProps): ReactNode {
  const form = useFormikContext<OrderFormValues>();
  const { setFieldValue, setFieldTouched, touched } = form;
  const base = `products.${index}`;
  const idBase = `product-${product.key}`;
  const screenshotError = useFieldError(`${base}.screenshot`);
  const ruleError = useFieldError(`${base}.ifUnavailable`);
  return (
    <fieldset className="product-block" disabled={disabled}>
      <legend className="product-block__name">{product.name}</legend>
      <Field form={form} name={`products.${index}.description`} id={`${idBase}-description`} label="Product page URL" type="url" inputMode="url" autoComplete="url" reserveError hint="The link to the product on the shop's website, starting with http:// or https://." />
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
      <Field form={form} name={`products.${index}.quantity`} id={`${idBase}-quantity`} label="Quantity" type="number" min={1} step={1} inputMode="numeric" reserveError />
      <Field form={form} name={`products.${index}.comment`} id={`${idBase}-comment`} label="Comment" multiline rows={3} reserveError hint="Size, colour or anything else we should know (optional)." />
      <div className="field">
        <label htmlFor={`${idBase}-if-unavailable`}>If unavailable</label>
        <select
          id={`${idBase}-if-unavailable`}
          name={`${base}.ifUnavailable`}
          value={product.ifUnavailable}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          aria-invalid={ruleError ? true : undefined}
          aria-describedby={describedBy(ruleError && `${idBase}-if-unavailable-error`)}
        >
          {IF_UNAVAILABLE_RULES.map((rule) => (
            <option key={rule} value={rule}>
              {IF_UNAVAILABLE_LABELS[rule]}
            </option>
          ))}
        </select>
        <p className="field-error field-error--slot" id={`${idBase}-if-unavailable-error`}>
          {ruleError}
        </p>
      </div>
      <Field form={form} name={`products.${index}.alternative`} id={`${idBase}-alternative`} label="Alternative (size, colour)" reserveError hint="What we buy instead if this product is sold out, for example UK 7.5 or White. Needed with Buy the alternative." />
      {onDelete ? (
        <div>
          <button type="button" className="button button--danger" onClick={onDelete}>
            Delete {product.name}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
