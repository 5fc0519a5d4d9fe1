import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Runtime imports only: `import type` and `export type` are erased and cannot make modules wait on each other.
const RUNTIME_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const base = path.join(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => known.has(candidate));
}

/** Every import cycle among `sources` (file path to text), each as the paths around it, first repeated last. */
function importCycles(sources: ReadonlyMap<string, string>): string[][] {
  const known = new Set(sources.keys());
  const edges = new Map(
    [...sources].map(([file, text]) => [
      file,
      [...text.matchAll(RUNTIME_IMPORT)].flatMap((m) => resolveImport(file, m[1] ?? '', known) ?? []),
    ]),
  );
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of known) if (!state.has(file)) visit(file);
  return cycles;
}

function sourcesUnder(dir: string): Map<string, string> {
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(tsx?|mjs)$/.test(f));
  return new Map(files.map((f) => [path.join(dir, f), fs.readFileSync(path.join(dir, f), 'utf8')]));
}

describe('module cycles', () => {
  it('finds a cycle of runtime imports and ignores type-only ones', () => {
    const sources = new Map([
      ['x/push.ts', "import { HOURS } from './order-ops';\nexport const send = HOURS;\n"],
      ['x/order-ops.ts', "import {\n  send,\n} from './push';\nexport const HOURS = 48;\nexport { send };\n"],
      ['x/context.ts', "import type { Push } from './state';\n"],
      ['x/state.ts', "import type { Context } from './context';\n"],
    ]);
    expect(importCycles(sources)).toEqual([['x/push.ts', 'x/order-ops.ts', 'x/push.ts']]);
  });

  // The sandbox's push sender and order operations once imported each other (issue 42).
  it.each(['sandbox/src', 'src', 'scripts'])('%s has no import cycle', (dir) => {
    expect(importCycles(sourcesUnder(dir))).toEqual([]);
  });
});
