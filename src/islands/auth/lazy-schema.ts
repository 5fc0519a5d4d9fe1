import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { Schema, ValidationError } from 'yup';

/**
 * A formik `validate` that loads its yup schema on first use (the first blur or submit): the dialogs paint and take
 * key presses without yup's code, which only checking the values needs. Same result as `validationSchema`.
 */
export function lazySchema<V extends FormikValues>(load: () => Promise<Schema>): (values: V) => Promise<FormikErrors<V>> {
  return async (values) => {
    const schema = await load();
    try {
      await validateYupSchema(values, schema);
      return {};
    } catch (error) {
      if ((error as Error).name === 'ValidationError') return yupToFormErrors<V>(error as ValidationError);
      throw error;
    }
  };
}
