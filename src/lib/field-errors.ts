import { isApiError } from './api/errors';

/**
 * A form's names for the server's error keys: the wire key (`first_name`, `return_quantity`, `detail`) to the form's field.
 * `[]` stands for an index: `'products[].if_unavailable': 'products.[].ifUnavailable'` takes `products[2].if_unavailable`
 * to `products.2.ifUnavailable`, formik's path.
 */
export type FieldAliases<Field extends string> = Readonly<Record<string, Field>>;

// `products[2].name` is looked up as `products[].name`, with 2 carried to the form's path.
const INDEX = /\[(\d+)\]/g;

/** The first message the service gave for a key: a text (`{ "detail": "message" }`) or the first of a list (`{ "email": ["message", ...] }`). */
function firstMessage(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/**
 * The one mapper of every form: a failure's field map (an `ApiError`'s `errors`, in either wire shape, or that map
 * itself) to the form's fields by `aliases`, first message each; keys the form does not name are left out (the toast
 * says them), and any other failure marks no field.
 */
export function fieldErrors<Field extends string>(
  failure: unknown,
  aliases: FieldAliases<Field>,
): Partial<Record<Field, string>> {
  const errors: unknown = isApiError(failure) ? failure.errors : failure;
  const fields: Partial<Record<Field, string>> = {};
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors) || errors instanceof Error) return fields;
  for (const [key, value] of Object.entries(errors ?? {})) {
    const pattern = key.replace(INDEX, '[]');
    const field = Object.hasOwn(aliases, pattern) ? aliases[pattern] : undefined;
    const message = firstMessage(value);
    if (field === undefined || message === undefined) continue;
    const indices = Array.from(key.matchAll(INDEX), (match) => match[1] ?? '');
    let at = 0;
    fields[field.replace(/\[\]/g, () => indices[at++] ?? '') as Field] = message;
  }
  return fields;
}
