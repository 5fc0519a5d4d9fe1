import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every .html file under `dir`, at any depth: the built pages that the post-build steps rewrite. */
export async function htmlFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await htmlFiles(path)));
    else if (entry.name.endsWith('.html')) out.push(path);
  }
  return out;
}
