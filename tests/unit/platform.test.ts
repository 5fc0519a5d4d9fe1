import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const installed = (name: string): string => (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;

/** The npm that runs this suite (npm test sets npm_execpath), else the one on the PATH. */
const npmCli = process.env.npm_execpath ?? execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();

describe('the platform (issue 27)', () => {
  it('runs on the Node the project brings, v24', () => {
    expect(process.version).toMatch(/^v24\./);
  });

  it.each([
    ['astro', 7],
    ['@astrojs/react', 7],
    ['react', 19],
    ['vitest', 5],
    ['lighthouse', 13],
    ['eslint', 10],
    ['@playwright/test', 1],
  ])('has %s at major %i', (name, major) => {
    expect(Number(installed(name).split('.')[0])).toBe(major);
  });

  it('has axe-core 4.14 or later for the e2e scans (tests/e2e/axe-kit.ts)', () => {
    const [major, minor] = installed('axe-core').split('.').map(Number);
    expect(major === 4 ? (minor ?? 0) >= 14 : (major ?? 0) > 4).toBe(true);
  });

  it('installs without an EBADENGINE warning when npm runs on this Node', () => {
    const run = spawnSync(process.execPath, [npmCli, 'ci', '--dry-run', '--no-audit', '--no-fund'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).not.toContain('EBADENGINE');
  });
});
