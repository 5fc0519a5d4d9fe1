import { z } from 'astro/zod';
import { describe, expect, it, vi } from 'vitest';

// The content collections' link rules (src/content.config.ts), run as the build runs them: shop and
// social links http(s) only, a step's link a path on this site (never //host).
vi.mock('astro:content', () => ({ defineCollection: <T,>(collection: T): T => collection, reference: () => z.string() }));
vi.mock('astro/loaders', () => ({ file: () => undefined, glob: () => undefined }));

const { collections } = await import('../../src/content.config');

function schemaOf(name: keyof typeof collections): z.ZodType {
  return (collections[name] as unknown as { schema: z.ZodType }).schema;
}

describe('content: links are checked at build time', () => {
  const step = { title: 'Pick a shop', body: 'Any shop.', order: 1 };

  it.each(['//evil.example/path', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example'])('a step link may not be %s', (href) => {
    const parsed = schemaOf('steps').safeParse({ ...step, link: { href, text: 'Read more' } });
    expect(parsed.success).toBe(false);
  });

  it('a step link may be a path on this site', () => {
    const parsed = schemaOf('steps').safeParse({ ...step, link: { href: '/how-it-works/', text: 'Read more' } });
    expect(parsed.error?.issues.filter((i) => i.path.includes('link')) ?? []).toEqual([]);
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', '//www.asos.com', 'ftp://www.asos.com'])('a shop link may not be %s', (link) => {
    const issues = schemaOf('shops').safeParse({ link }).error?.issues ?? [];
    expect(issues.some((i) => i.path[0] === 'link')).toBe(true);
  });

  it('a shop link may be an http(s) URL', () => {
    const issues = schemaOf('shops').safeParse({ link: 'https://www.asos.com' }).error?.issues ?? [];
    expect(issues.some((i) => i.path[0] === 'link')).toBe(false);
  });

  it('a social link may not be a javascript: URL', () => {
    const issues = schemaOf('site').safeParse({ socials: [{ name: 'X', href: 'javascript:alert(1)', icon: 'x' }] }).error?.issues ?? [];
    expect(issues.some((i) => i.path[0] === 'socials' && i.path.includes('href'))).toBe(true);
  });
});
