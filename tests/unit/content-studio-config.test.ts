import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Collection, Field } from '@sveltia/cms';
import { z } from 'astro/zod';
import { describe, expect, it, vi } from 'vitest';
import {
  contentStudioIntegration,
  siteHeadersForStudio,
  studioOpenerPolicy,
  studioOriginHeaders,
  studioPolicy,
  studioPage,
  studioScript,
  guideUrl,
} from '../../scripts/content-studio.mjs';
import { STUDIO_PATTERNS, studioCollections, studioConfig, UNSET_REPO } from '../../src/content-studio';

// The studio's forms (src/content-studio.ts) against the build's schemas (src/content.config.ts), field by field: a
// rule changed on one side only fails here. The loaders are replaced by their paths so that each collection's file or
// folder can be compared too.
vi.mock('astro:content', () => ({
  defineCollection: <T>(collection: T): T => collection,
  reference: (collection: string) => z.string().describe(`reference:${collection}`),
}));
vi.mock('astro/loaders', () => ({
  file: (path: string) => ({ file: path }),
  glob: ({ base }: { base: string }) => ({ folder: base.replace(/^\.\//, '') }),
}));

const { collections } = await import('../../src/content.config');

/** One field's rules in a shape both sides can be reduced to. */
interface Rule {
  type: string;
  required: boolean;
  min?: number;
  max?: number;
  above?: number;
  int?: boolean;
  options?: string[];
  pattern?: string;
  reference?: string;
  fields?: Record<string, Rule>;
  item?: Rule;
}

type AnyZod = z.ZodType & { def: Record<string, unknown> };
/** A check's definition, read as a record (zod's check types differ by check). */
const checksOf = (schema: AnyZod): Record<string, unknown>[] =>
  ((schema.def.checks ?? []) as unknown as { _zod: { def: Record<string, unknown> } }[]).map((check) => check._zod.def);

/** What the zod schema of one field allows. */
function zodRule(schema: AnyZod, required = true): Rule {
  const type = schema.def.type as string;
  if (type === 'optional' || type === 'nullable' || type === 'default') return zodRule(schema.def.innerType as AnyZod, false);
  const rule: Rule = { type, required };
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') rule.min = check.minimum as number;
    if (check.check === 'max_length') rule.max = check.maximum as number;
    if (check.check === 'greater_than') rule[check.inclusive ? 'min' : 'above'] = check.value as number;
    if (check.check === 'less_than') rule.max = check.value as number;
    if (check.check === 'number_format') rule.int = true;
    if (check.format === 'regex') rule.pattern = (check.pattern as RegExp).source;
    // A refinement (isHttpUrl) or a format (email) is code, not a pattern: compared by samples below.
    if (check.format === 'email' || check.check === 'custom') rule.pattern = 'sampled';
  }
  if (schema.def.format === 'email') rule.pattern = 'sampled';
  if (schema.description?.startsWith('reference:')) rule.reference = schema.description.slice('reference:'.length);
  // A whole number above n is one from n + 1.
  if (rule.int && rule.above !== undefined) {
    rule.min = rule.above + 1;
    delete rule.above;
  }
  if (type === 'enum') rule.options = (schema as unknown as { options: string[] }).options;
  if (type === 'object')
    rule.fields = Object.fromEntries(
      Object.entries(schema.def.shape as Record<string, AnyZod>).map(([name, field]) => [name, zodRule(field)]),
    );
  if (type === 'array') rule.item = zodRule(schema.def.element as AnyZod);
  // A string with no minimum and no pattern may be empty, a list with no minimum may have no item: the studio's "not required".
  if ((type === 'string' && !rule.pattern && !rule.reference) || type === 'array') rule.required &&= Boolean(rule.min);
  if (type === 'string' && rule.min === 1) delete rule.min;
  if (type === 'date') rule.type = 'string';
  return rule;
}

const SAMPLED = new Set<string>([STUDIO_PATTERNS.httpUrl, STUDIO_PATTERNS.email]);
const STUDIO_TYPES: Record<string, string> = {
  string: 'string',
  text: 'string',
  markdown: 'string',
  image: 'string',
  datetime: 'string',
  relation: 'string',
  select: 'enum',
};

/** What the studio's form of one field allows, in the same shape. */
function studioRule(field: Field): Rule {
  const f = field as Field & Record<string, unknown>;
  const widget = String(f.widget ?? 'string');
  const rule: Rule = { type: STUDIO_TYPES[widget] ?? widget, required: f.required !== false };
  if (typeof f.minlength === 'number' && f.minlength > 1) rule.min = f.minlength;
  if (typeof f.maxlength === 'number') rule.max = f.maxlength;
  if (widget === 'list') {
    if (typeof f.min === 'number') rule.min = f.min;
    if (typeof f.max === 'number') rule.max = f.max;
    rule.type = 'array';
    rule.item = f.field
      ? studioRule(f.field as Field)
      : { type: 'object', required: true, fields: fieldRules((f.fields as Field[]).filter((item) => item.name !== 'id')) };
  }
  if (widget === 'number') {
    if (typeof f.min === 'number') rule.min = f.min;
    if (typeof f.max === 'number') rule.max = f.max;
    if (f.value_type === 'int') rule.int = true;
  }
  if (Array.isArray(f.pattern)) {
    const source = String(f.pattern[0]);
    rule.pattern = SAMPLED.has(source) ? 'sampled' : new RegExp(source).source;
    if (widget === 'number') {
      // The only pattern on a number: "more than" its minimum.
      rule.above = rule.min;
      delete rule.min;
      delete rule.pattern;
    }
  }
  if (widget === 'select') rule.options = f.options as string[];
  if (widget === 'relation') rule.reference = f.collection as string;
  if (widget === 'object') rule.fields = fieldRules(f.fields as Field[]);
  return rule;
}

const fieldRules = (fields: Field[]): Record<string, Rule> =>
  Object.fromEntries(fields.map((field) => [field.name, studioRule(field)]));

/** The studio's rules of a collection: its one list for a list-rooted file, its fields otherwise (the body is the markdown's, not the schema's). */
function studioSide(
  collection: Collection,
  fileName?: string,
): { path: string; rules: Record<string, Rule>; ids: Field | undefined } {
  if ('folder' in collection) {
    return {
      path: collection.folder,
      rules: fieldRules(collection.fields.filter((field) => field.name !== 'body')),
      ids: undefined,
    };
  }
  const files = 'files' in collection ? collection.files : [];
  const file = files.find((entry) => entry.name === (fileName ?? collection.name)) ?? files[0];
  const [root] = (file?.fields ?? []) as (Field & { root?: boolean; fields?: Field[] })[];
  if (root?.root)
    return {
      path: file?.file ?? '',
      rules: fieldRules((root.fields ?? []).filter((field) => field.name !== 'id')),
      ids: root.fields?.find((field) => field.name === 'id'),
    };
  return { path: file?.file ?? '', rules: fieldRules((file?.fields ?? []) as Field[]), ids: undefined };
}

/** The zod side: the schema's fields and the loader's path (a data file's entries are keyed by their id; site.json by its one key). */
function zodSide(name: keyof typeof collections): { path: string; rules: Record<string, Rule> } {
  const collection = collections[name] as unknown as { schema: AnyZod; loader: { file?: string; folder?: string } };
  const fields = zodRule(collection.schema).fields ?? {};
  if (name === 'site')
    return { path: collection.loader.file ?? '', rules: { company: { type: 'object', required: true, fields } } };
  return { path: collection.loader.file ?? collection.loader.folder ?? '', rules: fields };
}

const byName = Object.fromEntries(studioCollections().map((collection) => [collection.name, collection]));
/** Each zod collection and where the studio edits it: [schema name, studio collection, file of a files collection]. */
const PAIRS: [keyof typeof collections, string, string?][] = [
  ['faqs', 'faqs'],
  ['pages', 'pages'],
  ['steps', 'steps'],
  ['benefits', 'benefits'],
  ['categories', 'categories'],
  ['shops', 'shops'],
  ['site', 'site'],
  ['dutyRates', 'estimate', 'duty-rates'],
  ['shippingBands', 'estimate', 'shipping-bands'],
  ['exchangeRates', 'estimate', 'exchange-rates'],
  ['fees', 'estimate', 'fees'],
];

/** The collections the studio does not edit: the shops that exist come from the service's GET /portals. */
const NOT_EDITED = ['portals'];

describe('the content studio (src/content-studio.ts) and the content schemas (src/content.config.ts)', () => {
  it("has a form for every collection of the site but the service's, and no other", () => {
    expect([...PAIRS.map(([name]) => name), ...NOT_EDITED].sort()).toEqual(Object.keys(collections).sort());
    const files = PAIRS.map(([, studio, file]) => `${studio}/${file ?? studio}`);
    const forms = studioCollections().flatMap((collection) =>
      'files' in collection
        ? collection.files.map((file) => `${collection.name}/${file.name}`)
        : [`${collection.name}/${collection.name}`],
    );
    expect(forms.sort()).toEqual(files.sort());
  });

  it.each(PAIRS)(
    '%s: the same file or folder, fields, required fields, lengths, patterns, numbers and choices',
    (name, studio, file) => {
      const collection = byName[studio];
      if (!collection) throw new Error(`no studio collection ${studio}`);
      const ours = studioSide(collection, file);
      const theirs = zodSide(name);
      expect(ours.path).toBe(theirs.path);
      expect(ours.rules).toEqual(theirs.rules);
    },
  );

  it('asks every entry of a data file for its id, as a required slug or currency code', () => {
    for (const [name, studio, file] of PAIRS) {
      const collection = byName[studio];
      if (!collection || 'folder' in collection || name === 'site') continue;
      const { ids } = studioSide(collection, file);
      expect(ids, name).toMatchObject({ name: 'id', widget: 'string' });
      expect((ids as { required?: boolean }).required, name).not.toBe(false);
    }
  });

  it("gives every field a label and a hint, and every pattern the schema's message", () => {
    const walk = (fields: Field[], where: string): void => {
      for (const field of fields) {
        const f = field as Field & { hint?: string; label?: string; fields?: Field[]; field?: Field; pattern?: [string, string] };
        expect(f.label, `${where}.${field.name}`).toBeTruthy();
        // The list's single item field and a select of icons need no hint of their own.
        if (!where.endsWith('.line') && !(where.includes('socials') && field.name === 'icon'))
          expect(f.hint, `${where}.${field.name}`).toBeTruthy();
        if (f.fields) walk(f.fields, `${where}.${field.name}`);
      }
    };
    for (const collection of studioCollections()) {
      if ('folder' in collection) walk(collection.fields, collection.name);
      else if ('files' in collection)
        for (const file of collection.files) walk(file.fields as Field[], `${collection.name}.${file.name}`);
    }
  });
});

describe('patterns the schema writes as code: the studio refuses and accepts the same values', () => {
  const site = (byName.site as Collection & { files: { fields: { fields: Field[] }[] }[] }).files[0]?.fields[0]?.fields ?? [];
  const siteSchema = (collections.site as unknown as { schema: z.ZodObject }).schema.shape;
  const socials = site.find((f) => f.name === 'socials') as Field & { fields: Field[] };
  const hrefField = socials.fields.find((f) => f.name === 'href') as Field & { pattern: [string, string] };
  const hrefSchema = (siteSchema.socials as unknown as z.ZodArray<z.ZodObject>).element.shape.href as z.ZodType;

  it.each([
    ['https://www.asos.com', true],
    ['http://shop.example/path?q=1', true],
    ['javascript:alert(1)', false],
    ['//www.asos.com', false],
    ['ftp://www.asos.com', false],
    ['www.asos.com', false],
  ])('a social link %s is allowed: %s', (link, allowed) => {
    expect(new RegExp(hrefField.pattern[0]).test(link)).toBe(allowed);
    expect(hrefSchema.safeParse(link).success).toBe(allowed);
  });

  it.each([
    ['support@shopper.example', true],
    ['a.b@c.co.za', true],
    ['support@shopper', false],
    ['support shopper@example.com', false],
    ['@example.com', false],
  ])('an e-mail address %s is allowed: %s', (email, allowed) => {
    const field = site.find((f) => f.name === 'email') as Field & { pattern: [string, string] };
    expect(new RegExp(field.pattern[0]).test(email)).toBe(allowed);
    expect(siteSchema.email.safeParse(email).success).toBe(allowed);
  });

  it.each([
    ['0', false],
    ['0.0', false],
    ['0.5', true],
    ['17.45', true],
    ['20', true],
  ])('a weight or exchange rate %s, which must be more than 0, is allowed: %s', (value, allowed) => {
    const estimate = byName.estimate as Collection & { files: { name: string; fields: { fields: Field[] }[] }[] };
    const maxKg = estimate.files
      .find((file) => file.name === 'shipping-bands')
      ?.fields[0]?.fields.find((field) => field.name === 'maxKg') as Field & { pattern: [string, string] };
    expect(new RegExp(maxKg.pattern[0]).test(value)).toBe(allowed);
    expect(z.number().positive().safeParse(Number(value)).success).toBe(allowed);
  });
});

describe('the /admin/ page', () => {
  const config = studioConfig({ repo: 'shopper/web', branch: 'main' });
  const policy = new Map(
    studioPolicy(config)
      .split(';')
      .map((part: string) => {
        const [name = '', ...sources] = part.trim().split(/\s+/);
        return [name, sources];
      }),
  );

  it("runs only this site's scripts, with no eval, and allows only what the studio and its preview need", () => {
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(studioPolicy(config)).not.toMatch(/unsafe-eval|wasm-unsafe-eval|\*/);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('frame-src')).toEqual(['blob:']);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'data:',
      'https://api.github.com',
      'https://www.githubstatus.com/api/v2/status.json',
      'https://unpkg.com/@sveltia/cms/package.json',
    ]);
    expect(policy.get('font-src')).toEqual(["'self'", 'https://cdn.jsdelivr.net/fontsource/fonts/']);
  });

  it('names a self-hosted GitLab as the only API host when that is the backend', () => {
    const gitlab = studioPolicy(
      studioConfig({ backend: 'gitlab', repo: 'shop/web', apiRoot: 'https://git.shopper.example/api/v4', appId: 'abc' }),
    );
    expect(gitlab).toMatch(/connect-src 'self' data: https:\/\/git\.shopper\.example /);
    expect(gitlab).not.toMatch(/github/);
  });

  it("signs in to a self-hosted GitLab on its own host, which the policy allows, not on gitlab.com", () => {
    const config = studioConfig({ backend: 'gitlab', repo: 'shop/web', apiRoot: 'https://git.shopper.example/api/v4', appId: 'abc' });
    expect(config.backend).toMatchObject({ base_url: 'https://git.shopper.example', auth_type: 'pkce' });
    expect(studioPolicy(config)).toContain('https://git.shopper.example');
    expect(studioConfig({ backend: 'gitlab', repo: 'shop/web', appId: 'abc' }).backend).not.toHaveProperty('base_url');
  });

  it('has one policy meta tag, no inline script, and says what it is and where the guide is', () => {
    const page = studioPage(config);
    expect(page.match(/http-equiv="content-security-policy"/g)).toHaveLength(1);
    expect([...page.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes)).toEqual([
      ' type="module" src="/admin/studio.js"',
    ]);
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page).toContain('href="https://github.com/shopper/web/blob/main/docs/content-editing.md"');
    expect(guideUrl(studioConfig())).toBeNull();
    expect(studioPage(studioConfig())).toContain('docs/content-editing.md');
  });

  it("starts the studio with the site's stylesheet for its preview", () => {
    expect(studioScript(['/_astro/style.abc.css'])).toBe(
      'import CMS from \'./sveltia/index.js\';\n\nCMS.registerPreviewStyle("/_astro/style.abc.css");\nCMS.init();\n',
    );
  });

  it('publishes through review, to the configured repository and branch, with a repository no one can own by default', () => {
    expect(config).toMatchObject({
      publish_mode: 'editorial_workflow',
      backend: { name: 'github', repo: 'shopper/web', branch: 'main' },
    });
    expect(studioConfig().backend).toMatchObject({ name: 'github', repo: UNSET_REPO, branch: 'main' });
    expect(studioConfig({ backend: 'gitlab', repo: 'a/b', appId: 'x' }).backend).toMatchObject({
      name: 'gitlab',
      auth_type: 'pkce',
      app_id: 'x',
    });
  });
});

describe("the studio's uploads", () => {
  const fieldsOf = (fields: Field[]): Field[] => fields.flatMap((f) => [f, ...('fields' in f && Array.isArray(f.fields) ? fieldsOf(f.fields as Field[]) : [])]);
  const all = studioCollections().flatMap((c) => fieldsOf([...('fields' in c && c.fields ? c.fields : []), ...('files' in c && c.files ? c.files.flatMap((f) => f.fields) : [])]));

  it('takes only the picture formats the site serves, in every picture field', () => {
    const pictures = all.filter((f) => f.widget === 'image' || f.widget === 'file');
    expect(pictures.map((f) => f.name)).toEqual(['image', 'logo']);
    for (const field of pictures) expect('accept' in field && field.accept, field.name).toBe('.svg,.png,.jpg,.jpeg,.webp');
  });

  it('takes no file above 500 kB', () => {
    expect(studioConfig().media_libraries).toEqual({ default: { config: { max_file_size: 500_000 } } });
  });
});

describe('the studio on an origin of its own (STUDIO_OUT_DIR)', () => {
  it('writes the studio, its preview stylesheet and its own headers there, and nothing of it into the site', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-origin-'));
    try {
      const site = path.join(root, 'dist');
      fs.mkdirSync(path.join(root, 'node_modules/@sveltia/cms/npm'), { recursive: true });
      fs.writeFileSync(path.join(root, 'node_modules/@sveltia/cms/npm/index.js'), 'export default {};');
      fs.mkdirSync(path.join(site, '_astro'), { recursive: true });
      fs.writeFileSync(path.join(site, 'index.html'), '<link rel="stylesheet" href="/_astro/site.B1x.css">');
      fs.writeFileSync(path.join(site, '_astro/site.B1x.css'), 'body{}');
      fs.writeFileSync(path.join(site, '_headers'), fs.readFileSync('public/_headers', 'utf8'));
      const { hooks } = contentStudioIntegration({ STUDIO_OUT_DIR: 'dist-studio', STUDIO_REPO: 'shopper/site' });
      hooks['astro:config:done']({ config: { root: pathToFileURL(`${root}/`) } });
      await hooks['astro:build:done']({ dir: pathToFileURL(`${site}/`), logger: { info: () => undefined } });

      const studio = path.join(root, 'dist-studio');
      expect(fs.existsSync(path.join(site, 'admin'))).toBe(false);
      for (const file of ['admin/index.html', 'admin/config.json', 'admin/studio.js', 'admin/sveltia/index.js', '_astro/site.B1x.css']) {
        expect(fs.existsSync(path.join(studio, file)), file).toBe(true);
      }
      expect(fs.readFileSync(path.join(studio, 'admin/studio.js'), 'utf8')).toContain('CMS.registerPreviewStyle("/_astro/site.B1x.css")');
      const headers = fs.readFileSync(path.join(studio, '_headers'), 'utf8');
      expect(headers.split('\n')[0]).toBe('/*');
      expect(headers).toContain('Cross-Origin-Opener-Policy: same-origin-allow-popups');
      expect(headers).not.toContain('Cross-Origin-Opener-Policy: same-origin\n');
      expect(headers).toContain("Content-Security-Policy: frame-ancestors 'none'");
      expect(headers).not.toContain('/_astro/*');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the studio's opener policy", () => {
  const site = fs.readFileSync('public/_headers', 'utf8');
  const gitlab = studioConfig({ backend: 'gitlab', repo: 'shop/web', apiRoot: 'https://git.shopper.example/api/v4', appId: 'abc' });
  const adminBlock = (headers: string) => /^\/admin\/\*\n(?:\s+.*\n)*/m.exec(headers)?.[0];

  it("keeps public/_headers' same-origin-allow-popups for GitHub's relay pop-up", () => {
    expect(studioOpenerPolicy(studioConfig({ repo: 'shop/web' }))).toBe('same-origin-allow-popups');
    expect(siteHeadersForStudio(site, 'same-origin-allow-popups')).toBe(site);
  });

  it("is unsafe-none on /admin/ alone for GitLab's PKCE pop-up, which leaves the studio's origin and comes back", () => {
    expect(studioOpenerPolicy(gitlab)).toBe('unsafe-none');
    const headers = siteHeadersForStudio(site, 'unsafe-none');
    expect(adminBlock(headers)).toBe('/admin/*\n  Cross-Origin-Opener-Policy: unsafe-none\n');
    expect(headers.replace(adminBlock(headers) ?? '', '')).toBe(site.replace(adminBlock(site) ?? '', ''));
    expect(studioOriginHeaders(site, 'unsafe-none')).toContain('Cross-Origin-Opener-Policy: unsafe-none\n');
  });
});
