import { z } from 'astro/zod';
import { describe, expect, it, vi } from 'vitest';

// The content collections' link rules (src/content.config.ts), run as the build runs them: social
// links http(s) only, a step's link a path on this site (never //host). A shop's link comes from the
// service, and the public pages link it only when it is http(s) (src/lib/shops.ts siteShops).
vi.mock('astro:content', () => ({ defineCollection: <T,>(collection: T): T => collection, reference: () => z.string() }));
vi.mock('astro/loaders', () => ({ file: () => undefined, glob: () => undefined }));

const { collections } = await import('../../src/content.config');
const { siteShops } = await import('../../src/lib/shops');

const portal = (link: string, picture = '/shops/asos.svg') => ({
  id: 2, name: 'ASOS', link, category: 'Fashion', tcLink: '', privacyPolicyLink: '', returnPolicyLink: '', picture,
});

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

  it.each(['javascript:alert(1)', 'data:text/html,x', '//www.asos.com', 'ftp://www.asos.com'])('a shop link %s from the service is not linked', (link) => {
    expect(siteShops([portal(link)], []).shops[0]).toMatchObject({ name: 'ASOS', link: '' });
  });

  it('a shop link from the service may be an http(s) URL', () => {
    expect(siteShops([portal('https://www.asos.com')], []).shops[0]?.link).toBe('https://www.asos.com');
  });

  it.each(['javascript:alert(1)', '//evil.example/x.svg', '/\\evil.example/x.svg'])('a shop picture %s from the service is not shown', (picture) => {
    expect(siteShops([portal('https://www.asos.com', picture)], []).shops[0]?.picture).toBe('');
  });

  it('a logo from the site may only be a path under public/', () => {
    for (const logo of ['https://evil.example/x.svg', '//evil.example/x.svg', 'javascript:alert(1)']) {
      const issues = schemaOf('shops').safeParse({ portalId: 2, logo }).error?.issues ?? [];
      expect(issues.some((i) => i.path[0] === 'logo'), logo).toBe(true);
    }
    expect(schemaOf('shops').safeParse({ portalId: 2, logo: '/shops/asos.svg' }).success).toBe(true);
  });

  it('a social link may not be a javascript: URL', () => {
    const issues = schemaOf('site').safeParse({ socials: [{ name: 'X', href: 'javascript:alert(1)', icon: 'x' }] }).error?.issues ?? [];
    expect(issues.some((i) => i.path[0] === 'socials' && i.path.includes('href'))).toBe(true);
  });
});
