import { describe, expect, it } from 'vitest';
import { deferInlineScripts } from '../../scripts/defer-inline-scripts.mjs';

describe('inline island scripts deferred', () => {
  const page =
    '<html><head><script>flag()</script><link rel="stylesheet" href="/a.css"></head>' +
    '<body><header>Shop</header><script>(()=>{island()})()</script><astro-island></astro-island>' +
    '<script type="application/ld+json">{}</script><script type="module" src="/_astro/m.js"></script><script>(()=>{directive()})()</script></body></html>';

  it('turns the bare scripts of the body into module scripts, in place and with their text unchanged', () => {
    const out = deferInlineScripts(page);
    expect(out).toContain('<header>Shop</header><script type="module">(()=>{island()})()</script><astro-island>');
    expect(out).toContain('<script type="module">(()=>{directive()})()</script></body>');
    expect(out.match(/<script type="module">/g)).toHaveLength(2);
  });

  it('leaves the head, scripts with a type or a source, and a page without a body as they are', () => {
    const out = deferInlineScripts(page);
    expect(out).toContain('<head><script>flag()</script>');
    expect(out).toContain('<script type="application/ld+json">{}</script>');
    expect(out).toContain('<script type="module" src="/_astro/m.js"></script>');
    expect(deferInlineScripts('<script>x()</script>')).toBe('<script>x()</script>');
  });
});
