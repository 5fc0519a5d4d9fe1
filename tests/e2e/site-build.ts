import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/** A site built from a copy of this project: its output folder, what the build printed, and how to remove it. */
export interface SiteBuild {
  outDir: string;
  log: string;
  remove(): void;
}

// A copy's build takes 10 to 30 s on two busy cores: past this it is stuck, and the test says so with what it printed.
const BUILD_TIMEOUT_MS = 90_000;

/** What {@link buildSiteCopy} builds. */
export interface SiteCopy {
  /** The pages to keep, as files or folders of src/pages (`help.astro`, `policies`); layouts and components are kept. */
  pages: string[];
  /** Files written over the copy, by their path from the project root (edited content). */
  files?: Record<string, string>;
  /** The build's environment (see scripts/build-env.mjs); `ASTRO_OUT_DIR` and `ASTRO_CACHE_DIR` are set here. */
  env: NodeJS.ProcessEnv;
}

/**
 * Builds a copy of this project that keeps only the pages a test reads: the same config, integrations, content
 * loaders and components, without the account area's islands, so that it takes a fraction of a full build. The
 * build runs in a child process, so the test's own process (a sandbox it started, say) stays free to answer it.
 */
export async function buildSiteCopy({ pages, files = {}, env }: SiteCopy): Promise<SiteBuild> {
  const root = mkdtempSync(join(tmpdir(), 'site-copy-'));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    for (const name of ['src', 'scripts', 'astro.config.mjs', 'package.json', 'tsconfig.json']) cpSync(name, join(root, name), { recursive: true });
    for (const name of ['node_modules', 'public']) symlinkSync(join(process.cwd(), name), join(root, name));
    const pagesDir = join(root, 'src', 'pages');
    for (const entry of readdirSync(pagesDir)) {
      if (!entry.startsWith('_') && !pages.includes(entry)) rmSync(join(pagesDir, entry), { recursive: true, force: true });
    }
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const outDir = join(root, 'out');
    // This Node (the project's 24) runs Astro's own entry: `npx` would take whichever node comes first on the PATH.
    const astro = join(process.cwd(), 'node_modules', 'astro', 'bin', 'astro.mjs');
    const build = await promisify(execFile)(process.execPath, [astro, 'build'], {
      cwd: root,
      env: { ...env, ASTRO_OUT_DIR: outDir, ASTRO_CACHE_DIR: join(root, 'cache') },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: BUILD_TIMEOUT_MS,
    }).catch((error: Error & { killed?: boolean; stdout?: string; stderr?: string }) => {
      const what = error.killed ? `did not finish in ${BUILD_TIMEOUT_MS / 1000} s` : `failed (${error.message.split('\n')[0]})`;
      throw new Error(`The site copy's build ${what}. It printed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    });
    return { outDir, log: `${build.stdout}${build.stderr}`, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
