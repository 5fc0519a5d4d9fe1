import type { Collection, Field } from '@sveltia/cms';
import { describe, expect, it } from 'vitest';
import * as content from '../../src/lib/content-schemas';
import { studioFields } from '../../src/lib/studio-fields';
import { studioCollections } from '../../src/content-studio';

// Before the hand-written forms go: the fields derived from the schemas and their .meta() are those of
// src/content-studio.ts, field for field (patterns compared as the regular expressions they make).
type Entry = { name: string; fields: Field[] };
const byName = Object.fromEntries(studioCollections().map((collection) => [collection.name, collection])) as Record<
  string,
  Collection & Entry & { files?: Entry[] }
>;
const rootList = (collection: string, file = collection): Field[] =>
  (byName[collection]?.files?.find((entry) => entry.name === file)?.fields[0] as unknown as { fields: Field[] }).fields.filter(
    (field) => field.name !== 'id',
  );

const normal = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v) => (key === 'pattern' && Array.isArray(v) ? [new RegExp(v[0]).source, v[1]] : v)));

const HAND_WRITTEN: [keyof typeof content, () => Field[]][] = [
  ['faqs', () => byName.faqs!.fields.filter((field) => field.name !== 'body')],
  ['pages', () => byName.pages!.fields.filter((field) => field.name !== 'body')],
  ['steps', () => rootList('steps')],
  ['benefits', () => rootList('benefits')],
  ['categories', () => rootList('categories')],
  ['shops', () => rootList('shops')],
  ['site', () => (byName.site!.files![0]!.fields[0] as unknown as { fields: Field[] }).fields],
  ['dutyRates', () => rootList('estimate', 'duty-rates')],
  ['shippingBands', () => rootList('estimate', 'shipping-bands')],
  ['exchangeRates', () => rootList('estimate', 'exchange-rates')],
  ['fees', () => rootList('estimate', 'fees')],
];

describe('the fields derived from the schemas', () => {
  it.each(HAND_WRITTEN)('%s: the same fields as the hand-written form', (name, handWritten) => {
    expect(normal(studioFields(content[name].schema))).toEqual(normal(handWritten()));
  });
});
