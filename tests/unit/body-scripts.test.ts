import { transformWithEsbuild } from 'vite';
import { describe, expect, it } from 'vitest';
import { afterPaintLoader, deferInlineScripts, scriptsAfterPaint } from '../../scripts/body-scripts.mjs';

const page =
  '<html><head><script>flag()</script><link rel="stylesheet" href="/a.css"></head>' +
  '<body><header>Shop</header><script>(()=>{island()})()</script><astro-island></astro-island>' +
  '<script type="application/ld+json">{}</script><script type="module" src="/_astro/m.js"></script><script>(()=>{directive()})()</script></body></html>';

describe('inline island scripts deferred', () => {
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

describe('body scripts loaded after the largest paint', () => {
  const twoScripts =
    '<html><head><script type="module" src="/_astro/head.js"></script></head><body><main>Hi</main>' +
    '<script type="module" src="/_astro/page.js"></script><script type="module">island()</script>' +
    '<script type="module" src="/_astro/shell.js"></script></body></html>';

  it("replaces the body's script tags with one loader, given their addresses in page order, at the end of the body", () => {
    const out = scriptsAfterPaint(twoScripts, (urls: string[]) => `load(${JSON.stringify(urls)})`);
    expect(out).toBe(
      '<html><head><script type="module" src="/_astro/head.js"></script></head><body><main>Hi</main>' +
        '<script type="module">island()</script><script type="module">load(["/_astro/page.js","/_astro/shell.js"])</script></body></html>',
    );
  });

  it('leaves a page without body scripts as it is', () => {
    const none = '<html><head></head><body><main>Hi</main><script type="module">island()</script></body></html>';
    expect(scriptsAfterPaint(none, () => 'load()')).toBe(none);
  });

  it('builds the loader from src/lib/shell/after-paint.ts: valid JavaScript that calls loadAfterPaint with the addresses', async () => {
    const loader = await afterPaintLoader();
    const text = loader(['/_astro/page.js']);
    expect(text).toContain('["/_astro/page.js"]');
    expect(text).toContain('largest-contentful-paint');
    await expect(transformWithEsbuild(text, 'loader.js', { format: 'esm' })).resolves.toBeTruthy();
  });
});
