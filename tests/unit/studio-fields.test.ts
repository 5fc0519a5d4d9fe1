import type { Collection, Field } from '@sveltia/cms';
import { z } from 'astro/zod';
import { describe, expect, it, vi } from 'vitest';
import { studioCollections } from '../../src/content-studio';
import { STUDIO_IMAGE_TYPES, studioField, studioFields } from '../../src/lib/studio-fields';

// A field added to a schema, with nothing else changed: the studio's forms must show it (the last describe below).
vi.mock('../../src/lib/content-schemas', async (importOriginal) => {
  const { z } = await import('astro/zod');
  const schemas = await importOriginal<typeof import('../../src/lib/content-schemas')>();
  const audience = z.enum(['shoppers', 'businesses']).meta({ label: 'Audience', hint: 'Who asks this question.' });
  const icon = z.string().optional().meta({ label: 'Icon', hint: 'A picture beside the step.' });
  return {
    ...schemas,
    faqs: { ...schemas.faqs, schema: schemas.faqs.schema.extend({ audience }) },
    steps: { ...schemas.steps, schema: schemas.steps.schema.extend({ icon }) },
  };
});

const label = { label: 'L', hint: 'H' };

describe('a schema field as a studio field', () => {
  it.each<[string, z.ZodType, Record<string, unknown>]>([
    ['a string that must not be empty', z.string().min(1), { widget: 'string', minlength: 1 }],
    ['a string that may be empty, as not required', z.string(), { widget: 'string', required: false }],
    ['a length range', z.string().min(50).max(170), { widget: 'string', minlength: 50, maxlength: 170 }],
    [
      'a pattern, with the schema message',
      z.string().regex(/^4\d{9}$/, { error: 'Ten digits' }),
      { widget: 'string', pattern: ['^4\\d{9}$', 'Ten digits'] },
    ],
    ['a format (z.email()), as required', z.email(), { widget: 'string' }],
    ['a refinement, as required', z.string().refine(Boolean), { widget: 'string' }],
    ['a whole number', z.number().int(), { widget: 'number', value_type: 'int' }],
    ['a whole number above 0, as one from 1', z.number().int().positive(), { widget: 'number', value_type: 'int', min: 1 }],
    ['a number range', z.number().min(0).max(100), { widget: 'number', value_type: 'float', min: 0, max: 100 }],
    ['a number of 0 or more', z.number().nonnegative(), { widget: 'number', value_type: 'float', min: 0 }],
    [
      'a number above 0, which the pattern refuses 0 itself for',
      z.number().positive(),
      { widget: 'number', value_type: 'float', min: 0, pattern: ['^(?!-)(?!0*(\\.0*)?$)', 'Must be more than 0'] },
    ],
    ['a boolean with its default', z.boolean().default(false), { widget: 'boolean', required: false, default: false }],
    ['an enum, as a select', z.enum(['globe', 'card']), { widget: 'select', options: ['globe', 'card'] }],
    ['a date', z.coerce.date(), { widget: 'datetime', type: 'date', format: 'YYYY-MM-DD' }],
    ['an optional field', z.number().int().optional(), { widget: 'number', value_type: 'int', required: false }],
    [
      'a nullish object',
      z.object({ href: z.string().min(1) }).nullish(),
      { widget: 'object', required: false, fields: [{ name: 'href', widget: 'string', minlength: 1 }] },
    ],
    [
      'a list of strings, with its item field',
      z.array(z.string().min(1).meta({ name: 'line', label: 'Line' })).min(2),
      { widget: 'list', min: 2, field: { name: 'line', label: 'Line', widget: 'string', minlength: 1 } },
    ],
    [
      'a list that may be empty, as not required',
      z.array(z.object({ name: z.string().min(1) })),
      { widget: 'list', required: false, fields: [{ name: 'name', widget: 'string', minlength: 1 }] },
    ],
  ])('%s', (_, schema, expected) => {
    expect(studioField('f', schema)).toEqual({ name: 'f', ...expected });
  });

  it("puts the .meta() over what the type implies, wherever the schema wraps it, and keeps shared schemas' meta", () => {
    const path = z.string().regex(/^\/\w+$/, { error: 'A path' });
    expect(
      studioField(
        'text',
        z
          .string()
          .min(1)
          .meta({ ...label, widget: 'text' }),
      ),
    ).toEqual({
      name: 'text',
      widget: 'text',
      minlength: 1,
      ...label,
    });
    const picture = { ...label, widget: 'image', media_folder: '/public/shops', public_folder: '/shops' };
    const image = { name: 'logo', ...picture, pattern: ['^\\/\\w+$', 'A path'], accept: STUDIO_IMAGE_TYPES };
    expect(studioField('logo', path.optional().meta(picture))).toEqual({ ...image, required: false });
    expect(studioField('logo', path.meta(picture).optional())).toEqual({ ...image, required: false });
    const shared = z.string().meta({ pattern: ['^https?://', 'A link'] });
    expect(studioField('href', shared.meta(label))).toEqual({
      name: 'href',
      widget: 'string',
      required: false,
      pattern: ['^https?://', 'A link'],
      ...label,
    });
  });

  it('gives an object its fields in the schema order', () => {
    const fields = studioFields(z.object({ b: z.string().meta(label), a: z.boolean(), c: z.number() }));
    expect(fields.map((field) => field.name)).toEqual(['b', 'a', 'c']);
  });

  it('refuses a schema the studio cannot show or check, naming the field', () => {
    expect(() => studioField('picture', z.union([z.string(), z.number()]))).toThrow(
      'picture: the content studio has no field for a zod union',
    );
    expect(() => studioField('weight', z.number().gt(0.5))).toThrow('weight: a studio bound includes its value');
    expect(() => studioField('weight', z.number().lt(9))).toThrow('weight: a studio bound includes its value');
  });
});

describe('a field added to a schema, and nowhere else', () => {
  const fieldsOf = (name: string): Field[] => {
    const collection = studioCollections().find((entry) => entry.name === name) as Collection & {
      fields?: Field[];
      files?: { fields: Field[] }[];
    };
    return collection.fields ?? (collection.files?.[0]?.fields[0] as unknown as { fields: Field[] }).fields;
  };

  it("appears in a markdown collection's form, after the schema's other fields and before the body", () => {
    expect(fieldsOf('faqs').map((field) => field.name)).toEqual(['topic', 'order', 'audience', 'body']);
    expect(fieldsOf('faqs')[2]).toEqual({
      name: 'audience',
      widget: 'select',
      options: ['shoppers', 'businesses'],
      label: 'Audience',
      hint: 'Who asks this question.',
    });
  });

  it("appears in each item of a data file's list", () => {
    expect(fieldsOf('steps').map((field) => field.name)).toEqual(['id', 'order', 'title', 'text', 'link', 'icon']);
    expect(fieldsOf('steps')[5]).toMatchObject({ widget: 'string', required: false, label: 'Icon' });
  });
});
