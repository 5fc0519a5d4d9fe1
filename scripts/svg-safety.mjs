import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

// What can make an SVG do more than draw: a script, an event handler, HTML inside it, or a reference to anything
// outside the file (another document, a stylesheet, an image, an entity). An SVG an editor uploads through the
// studio is served from the shop's own origin, so any of these would run or load there.
const RULES = [
  [/<script[\s>/]/i, 'a <script> element'],
  [/\son[a-z]+\s*=/i, 'an event-handler attribute (on…=)'],
  [/<foreignObject[\s>/]/i, 'a <foreignObject> (HTML inside the drawing)'],
  [/<!ENTITY/i, 'an entity declaration'],
  [/\b(?:xlink:)?href\s*=\s*["']\s*(?!#)[^"']*["']/i, 'a link to something outside the file (href not starting with #)'],
  [/url\(\s*["']?\s*(?!#)[^)]*\)/i, 'a url() outside the file (only #fragment references are allowed)'],
  [/@import/i, 'a stylesheet @import'],
  [/javascript:/i, 'a javascript: address'],
];

/** What in an SVG's text could run or load something (empty when it only draws). */
export function svgProblems(text) {
  return RULES.filter(([pattern]) => pattern.test(text)).map(([, why]) => why);
}

async function svgFiles(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.svg')).map((e) => join(e.parentPath, e.name));
}

/** Every SVG under these folders that could run or load something, named relative to `root`, with why. */
export async function unsafeSvgs(root, dirs) {
  const found = [];
  for (const dir of dirs) {
    for (const file of await svgFiles(join(root, dir))) {
      const problems = svgProblems(await readFile(file, 'utf8'));
      if (problems.length > 0) found.push(`${relative(root, file)}: ${problems.join('; ')}`);
    }
  }
  return found;
}
