import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { htmlFiles } from './html-files.mjs';

const STATIC_IMPORT = /(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g;

/** Every chunk `entry` needs before it can run: itself and its static imports, transitively. */
export async function staticClosure(assetsDir, entry, read = (file) => readFile(join(assetsDir, file), 'utf8')) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await read(file).catch(() => '');
    for (const m of code.matchAll(STATIC_IMPORT)) queue.push(m[1].slice(2));
  }
  return [...seen];
}

/** The islands a page hydrates as soon as it loads (client:only, client:load): their component and renderer chunks. */
export function eagerIslandEntries(html) {
  const entries = new Set();
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const tag = m[0];
    if (!/\bclient="(only|load)"/.test(tag)) continue;
    for (const attr of ['component-url', 'renderer-url']) {
      const url = new RegExp(`${attr}="/_astro/([^"]+\\.js)"`).exec(tag)?.[1];
      if (url) entries.add(url);
    }
  }
  return [...entries];
}

/** Astro integration: pages whose islands hydrate on load announce all their chunks at once (modulepreload), not one import round trip after another. */
export function preloadIntegration() {
  return {
    name: 'shopper-preload',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const assets = join(root, '_astro');
        let pages = 0;
        for (const file of await htmlFiles(root)) {
          const html = await readFile(file, 'utf8');
          const entries = eagerIslandEntries(html);
          if (!entries.length) continue;
          const chunks = new Set();
          for (const entry of entries) for (const chunk of await staticClosure(assets, entry)) chunks.add(chunk);
          const links = [...chunks].map((chunk) => `<link rel="modulepreload" href="/_astro/${chunk}">`).join('');
          await writeFile(file, html.replace('</head>', `${links}</head>`));
          pages += 1;
        }
        logger.info(`modulepreload links written to ${pages} pages`);
      },
    },
  };
}
