import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { htmlFiles } from './html-files.mjs';

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

/** Astro integration: defers the inline island scripts of every built page (see deferInlineScripts). */
export function deferInlineScriptsIntegration() {
  return {
    name: 'shopper-defer-inline-scripts',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        let pages = 0;
        for (const file of await htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const deferred = deferInlineScripts(html);
          if (deferred === html) continue;
          await writeFile(file, deferred);
          pages += 1;
        }
        logger.info(`inline island scripts deferred in ${pages} pages`);
      },
    },
  };
}
