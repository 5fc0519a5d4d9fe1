import type { Field } from '@sveltia/cms';
import { z } from 'astro/zod';

/** The picture formats the site serves, as the upload dialog's accept list; nothing else can be uploaded. */
export const STUDIO_IMAGE_TYPES = '.svg,.png,.jpg,.jpeg,.webp';

// The number field's min is inclusive: this pattern on what the editor types refuses 0 itself, for the schema's positive().
const ABOVE_ZERO = '^(?!-)(?!0*(\\.0*)?$)';

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  error?: () => string;
}

const checksOf = (schema: z.ZodType): CheckDef[] => (schema.def.checks ?? []).map((check) => check._zod.def as CheckDef);

/** A number's bound as the studio's inclusive min or max; "more than 0" for a decimal also needs a pattern. */
function numberBound(name: string, check: CheckDef, isInt: boolean): Record<string, unknown> {
  if (check.check !== 'greater_than' && check.check !== 'less_than') return {};
  const key = check.check === 'greater_than' ? 'min' : 'max';
  const value = Number(check.value);
  // A whole number above n is one from n + 1, below n one up to n - 1.
  if (check.inclusive || isInt) return { [key]: check.inclusive ? value : key === 'min' ? value + 1 : value - 1 };
  if (key === 'min' && value === 0) return { min: 0, pattern: [ABOVE_ZERO, 'Must be more than 0'] };
  throw new Error(`${name}: a studio bound includes its value; only "more than 0" has a pattern that leaves it out`);
}

const metaOf = (schema: z.ZodType): Record<string, unknown> => z.globalRegistry.get(schema) ?? {};

/** The studio's fields for an object schema, in the schema's order. */
export const studioFields = (schema: z.ZodObject): Field[] =>
  Object.entries(schema.shape).map(([name, field]) => studioField(name, field as z.ZodType));

/** One field of the studio's form: the widget and rules the zod schema implies, then its .meta() (label, hint and what only the studio knows) over them. */
export function studioField(name: string, schema: z.ZodType): Field {
  const field: Record<string, unknown> = { name };
  let meta = metaOf(schema);
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
    field.required = false;
    if (inner instanceof z.ZodDefault) field.default = inner.def.defaultValue;
    inner = inner.def.innerType as z.ZodType;
    meta = { ...metaOf(inner), ...meta };
  }
  const checks = checksOf(inner);
  switch (inner.def.type) {
    case 'string':
      field.widget = 'string';
      for (const check of checks) {
        if (check.check === 'min_length') field.minlength = check.minimum;
        if (check.check === 'max_length') field.maxlength = check.maximum;
        if (check.format === 'regex' && check.pattern) field.pattern = [check.pattern.source, check.error?.()];
      }
      // A string with no minimum and nothing it must match (a pattern, a format such as z.email(), a refinement) may be
      // empty: the studio's "not required".
      if (!('format' in inner.def) && !checks.some((check) => ['min_length', 'string_format', 'custom'].includes(check.check)))
        field.required = false;
      break;
    case 'number': {
      const isInt = checks.some((check) => check.check === 'number_format' && check.format?.includes('int'));
      Object.assign(field, { widget: 'number', value_type: isInt ? 'int' : 'float' });
      for (const check of checks) Object.assign(field, numberBound(name, check, isInt));
      break;
    }
    case 'boolean':
      field.widget = 'boolean';
      break;
    case 'enum':
      Object.assign(field, { widget: 'select', options: (inner as z.ZodEnum).options });
      break;
    case 'date':
      Object.assign(field, { widget: 'datetime', type: 'date', format: 'YYYY-MM-DD' });
      break;
    case 'object':
      Object.assign(field, { widget: 'object', fields: studioFields(inner as z.ZodObject) });
      break;
    case 'array': {
      const item = (inner as z.ZodArray<z.ZodType>).element;
      field.widget = 'list';
      if (item instanceof z.ZodObject) field.fields = studioFields(item);
      else field.field = studioField('item', item);
      for (const check of checks) {
        if (check.check === 'min_length') field.min = check.minimum;
        if (check.check === 'max_length') field.max = check.maximum;
      }
      if (field.min === undefined) field.required = false;
      break;
    }
    default:
      throw new Error(`${name}: the content studio has no field for a zod ${inner.def.type}`);
  }
  Object.assign(field, meta);
  if (field.widget === 'image') field.accept = STUDIO_IMAGE_TYPES;
  return field as unknown as Field;
}
