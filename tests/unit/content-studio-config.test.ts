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
import { studioCollections, studioConfig, UNSET_REPO } from '../../src/content-studio';

// The build's collections with their loaders replaced by their paths, so that the files the studio edits can be
// compared with those the build reads. The forms' fields come from the schemas (tests/unit/studio-fields.test.ts).
vi.mock('astro:content', () => ({ defineCollection: <T>(collection: T): T => collection }));
vi.mock('astro/loaders', () => ({
  file: (path: string) => ({ path }),
  glob: ({ base }: { base: string }) => ({ path: base }),
}));

const { collections } = await import('../../src/content.config');

type FileForm = { name: string; file: string; fields: (Field & { root?: boolean; fields?: Field[] })[] };
const byName = Object.fromEntries(studioCollections().map((collection) => [collection.name, collection]));

describe('the content studio (src/content-studio.ts) and the content collections (src/content.config.ts)', () => {
  it("edits every collection of the site but the service's shops, in the file or folder the build reads, and nothing else", () => {
    const { portals, ...edited } = collections as unknown as Record<string, { loader: { path?: string } }>;
    expect(portals?.loader.path).toBeUndefined();
    const forms = studioCollections().flatMap((collection) =>
      'folder' in collection ? [collection.folder] : (collection.files as FileForm[]).map((file) => file.file),
    );
    expect(forms.sort()).toEqual(
      Object.values(edited)
        .map(({ loader }) => loader.path)
        .sort(),
    );
  });

  it('asks every item of a data file for its id first, as a required slug or currency code', () => {
    const lists = studioCollections().flatMap((collection) =>
      'files' in collection ? (collection.files as FileForm[]).flatMap((file) => file.fields.filter((field) => field.root)) : [],
    );
    expect(lists).toHaveLength(8);
    for (const list of lists) {
      expect(list.fields?.[0], list.name).toMatchObject({
        name: 'id',
        widget: 'string',
        pattern: [expect.any(String), expect.any(String)],
      });
      expect((list.fields?.[0] as { required?: boolean }).required, list.name).not.toBe(false);
    }
  });

  it('gives every field a label and a hint, and every pattern a message', () => {
    const walk = (fields: Field[], where: string): void => {
      for (const field of fields) {
        const f = field as Field & { hint?: string; label?: string; fields?: Field[]; field?: Field; pattern?: [string, string] };
        expect(f.label, `${where}.${field.name}`).toBeTruthy();
        // A list's single item field and a select of icons need no hint of their own.
        if (!(where.includes('socials') && field.name === 'icon')) expect(f.hint, `${where}.${field.name}`).toBeTruthy();
        if (f.pattern) expect(f.pattern[1], `${where}.${field.name}`).toBeTruthy();
        if (f.fields) walk(f.fields, `${where}.${field.name}`);
        if (f.field) expect(f.field.label, `${where}.${field.name}`).toBeTruthy();
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

  it('signs in to a self-hosted GitLab on its own host, which the policy allows, not on gitlab.com', () => {
    const config = studioConfig({
      backend: 'gitlab',
      repo: 'shop/web',
      apiRoot: 'https://git.shopper.example/api/v4',
      appId: 'abc',
    });
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
  const fieldsOf = (fields: Field[]): Field[] =>
    fields.flatMap((f) => [f, ...('fields' in f && Array.isArray(f.fields) ? fieldsOf(f.fields as Field[]) : [])]);
  const all = studioCollections().flatMap((c) =>
    fieldsOf([
      ...('fields' in c && c.fields ? c.fields : []),
      ...('files' in c && c.files ? c.files.flatMap((f) => f.fields) : []),
    ]),
  );

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
      for (const file of [
        'admin/index.html',
        'admin/config.json',
        'admin/studio.js',
        'admin/sveltia/index.js',
        '_astro/site.B1x.css',
      ]) {
        expect(fs.existsSync(path.join(studio, file)), file).toBe(true);
      }
      expect(fs.readFileSync(path.join(studio, 'admin/studio.js'), 'utf8')).toContain(
        'CMS.registerPreviewStyle("/_astro/site.B1x.css")',
      );
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
  const gitlab = studioConfig({
    backend: 'gitlab',
    repo: 'shop/web',
    apiRoot: 'https://git.shopper.example/api/v4',
    appId: 'abc',
  });
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
