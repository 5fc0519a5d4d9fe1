import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every way one file names another counts, types included: a circle of type imports still ties the files together.
// Static imports and re-exports (`import type`, `export ... from`, side-effect imports), one statement a match.
const STATIC_IMPORT = /^\s*(?:import|export)\b[^'";]*?['"](\.{1,2}\/[^'"]+)['"]/gm;
// `import('./x')`, as a value or in a type (`typeof import('./x')`).
const DYNAMIC_IMPORT = /\bimport\s*\(\s*['"`](\.{1,2}\/[^'"`]+)['"`]\s*\)/g;
const SOURCE_FILE = /\.(tsx?|mjs|js|astro)$/;
const ROOTS = ['src', 'sandbox/src', 'scripts'];

function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const base = path.join(path.dirname(from), specifier.replace(/\?.*$/, ''));
  const stem = base.replace(/\.js$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts')].find((c) =>
    known.has(c),
  );
}

/** The relative import specifiers of one file's text, static, type-only and dynamic alike. */
function importSpecifiers(text: string): string[] {
  return [...text.matchAll(STATIC_IMPORT), ...text.matchAll(DYNAMIC_IMPORT)].map((m) => m[1] ?? '');
}

/** Every circle of imports among `sources` (file path to text): each strongly connected group of files, sorted. */
function importCircles(sources: ReadonlyMap<string, string>): string[][] {
  const known = new Set(sources.keys());
  const edges = new Map(
    [...sources].map(([file, text]) => [
      file,
      importSpecifiers(text).flatMap((s) => resolveImport(file, s, known) ?? []),
    ]),
  );
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || edges.get(file)?.includes(file)) circles.push(group.sort());
  };
  for (const file of known) if (!index.has(file)) visit(file);
  return circles;
}

function sourcesUnder(dirs: readonly string[]): Map<string, string> {
  return new Map(
    dirs.flatMap((dir) =>
      fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => SOURCE_FILE.test(f))
        .map((f): [string, string] => [path.join(dir, f), fs.readFileSync(path.join(dir, f), 'utf8')]),
    ),
  );
}

describe('import circles', () => {
  it('counts static, type-only, re-exported and dynamic imports', () => {
    const sources = new Map([
      ['x/push.ts', "import { HOURS } from './order-ops';\nexport const send = HOURS;\n"],
      ['x/order-ops.ts', "import {\n  send,\n} from './push';\nexport const HOURS = 48;\nexport { send };\n"],
      ['x/context.ts', "import type { Push } from './state';\n"],
      ['x/state.ts', "import { type Context, other } from './context.ts';\n"],
      ['x/a.ts', "export * from './b';\n"],
      ['x/b.ts', "type Kit = typeof import('./c');\n"],
      ['x/c.ts', "const load = () => import('./a').then((m) => m);\n"],
      ['x/page.astro', "---\nimport { it } from './self-ref';\n---\n<script>\n  import './page.astro';\n</script>\n"],
    ]);
    expect(importCircles(sources)).toEqual([
      ['x/order-ops.ts', 'x/push.ts'],
      ['x/context.ts', 'x/state.ts'],
      ['x/a.ts', 'x/b.ts', 'x/c.ts'],
      ['x/page.astro'],
    ]);
  });

  it('finds no circle among files that import one way', () => {
    const sources = new Map([
      ['x/rows.ts', 'export interface Row { id: number }\n'],
      ['x/serialize.ts', "import type { Row } from './rows';\n"],
      ['x/insurance.ts', "import type { Row } from './rows';\nimport { json } from './serialize';\n"],
    ]);
    expect(importCircles(sources)).toEqual([]);
  });

  // The sandbox's push sender and order operations once imported each other (issue 42); row types, the API's
  // quote extras and the carousel's event name did (issue 54).
  it(`${ROOTS.join(', ')} have no circle of imports`, () => {
    expect(importCircles(sourcesUnder(ROOTS))).toEqual([]);
  });
});
