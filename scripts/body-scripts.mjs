import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transformWithEsbuild } from 'vite';
import { htmlFiles } from './html-files.mjs';

const AFTER_PAINT_SOURCE = new URL('../src/lib/shell/after-paint.ts', import.meta.url);
const EXTERNAL_BODY_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;

/**
 * The page with Astro's inline island and directive scripts as module scripts. Astro writes them bare into the body,
 * before the first island; a classic script waits there for the stylesheet, and the parser with it, so the first
 * paint showed the header alone and the rest of the page was laid out after it (measured: the page's largest
 * layout fell after the first paint, counted as blocking time). Module scripts run once the page is parsed, in the
 * same order as before and before the external module scripts after them, and the first paint has the whole page.
 * Scripts in the head (the session flag, which must run before the body paints) and scripts with attributes stay.
 */
export function deferInlineScripts(html) {
  const body = html.search(/<body\b/i);
  if (body < 0) return html;
  return html.slice(0, body) + html.slice(body).replace(/<script>/g, '<script type="module">');
}

/**
 * The page with its body's script tags replaced by one inline module that loads the same scripts after the largest
 * paint (`loader(urls)` gives its text). Chromium fetches a module script at high priority, beside the stylesheet and
 * the largest image, and the scripts' own imports follow before the paint; Lighthouse counts all of it on the paint's
 * path (measured: the home page's largest paint 1.06 s with its three scripts, 0.98 s with none and with them loaded
 * after the paint, the static copy 0.98 s).
 */
export function scriptsAfterPaint(html, loader) {
  const body = html.search(/<body\b/i);
  if (body < 0) return html;
  const urls = [];
  const rest = html.slice(body).replace(EXTERNAL_BODY_SCRIPT, (_, url) => {
    urls.push(url);
    return '';
  });
  if (urls.length === 0) return html;
  return html.slice(0, body) + rest.replace(/<\/body>/i, `<script type="module">${loader(urls)}</script></body>`);
}

/** The text of the inline loader: src/lib/shell/after-paint.ts, compiled and minified, calling loadAfterPaint(urls). */
export async function afterPaintLoader() {
  const source = await readFile(AFTER_PAINT_SOURCE, 'utf8');
  const marker = '__PAGE_SCRIPTS__';
  const { code } = await transformWithEsbuild(`${source}\nloadAfterPaint(${marker});\n`, 'after-paint.ts', { minify: true, format: 'esm' });
  const [before, after] = code.trim().split(marker);
  return (urls) => `${before}${JSON.stringify(urls)}${after}`;
}

/** Astro integration: the body scripts of every built page wait for its first paint (see the two steps above). */
export function bodyScriptsIntegration() {
  return {
    name: 'shopper-body-scripts',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const loader = await afterPaintLoader();
        let pages = 0;
        for (const file of await htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const changed = scriptsAfterPaint(deferInlineScripts(html), loader);
          if (changed === html) continue;
          await writeFile(file, changed);
          pages += 1;
        }
        logger.info(`body scripts deferred and loaded after the largest paint in ${pages} pages`);
      },
    },
  };
}
