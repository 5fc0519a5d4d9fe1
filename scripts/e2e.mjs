import { spawnSync } from 'node:child_process';
import { CHROMIUM_ARGS, findChromium } from './find-browser.mjs';
import { sandboxBuildEnv } from './build-env.mjs';
import { startSandboxProcess } from './sandbox-process.mjs';

const sitePort = Number(process.env.E2E_PORT ?? 4321);
const apiPort = Number(process.env.SANDBOX_PORT ?? 4010);
const outDir = process.env.E2E_DIST ?? (sitePort === 4321 ? 'dist' : `.cache/dist-${sitePort}`);

function run(command, args, env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const chromium = findChromium({ shell: true });
// The push journeys need the full browser's push service (playwright.config.ts, project `full-browser`).
const fullChromium = findChromium();
// Says which Node and browsers run the suite: the project's own Node (node_modules/.bin/node) unless installed without scripts.
console.log(`e2e on Node ${process.version} in ${chromium}${fullChromium === chromium ? '' : ` (push journeys: ${fullChromium})`}`);
// The client's request timeout in the test build: the timeout cases wait this long, not the product's 5 s.
const E2E_REQUEST_TIMEOUT_MS = 2000;
const env = {
  ...sandboxBuildEnv({ sitePort, apiPort, outDir }),
  ASTRO_CACHE_DIR: process.env.ASTRO_CACHE_DIR ?? `.cache/astro-${sitePort}`,
  PUBLIC_REQUEST_TIMEOUT_MS: String(E2E_REQUEST_TIMEOUT_MS),
};
if (process.env.E2E_SKIP_BUILD !== '1') {
  // As a real build reads the service, this one reads a sandbox: the shops, and the adverts running today, which the
  // home page is drawn with. The suite's own sandbox (playwright.config.ts) starts on the same port once it is free.
  const sandbox = await startSandboxProcess({ apiPort, env });
  const build = spawnSync('npx', ['astro', 'build', '--silent'], { stdio: 'inherit', env });
  await sandbox.stop();
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const testEnv = {
  ...env,
  CHROMIUM_PATH: chromium,
  CHROMIUM_FULL_PATH: fullChromium,
  CHROMIUM_ARGS: CHROMIUM_ARGS.join(' '),
  E2E_PORT: String(sitePort),
  SANDBOX_PORT: String(apiPort),
  E2E_DIST: outDir,
};
const args = process.argv.slice(2);
// The whole suite runs against the spec's shape, and its @envelope smoke journeys once more in the other dialect (the
// `envelope` project of playwright.config.ts), so the client stays proven against both.
run('npx', ['playwright', 'test', ...args], { ...testEnv, SANDBOX_SHAPE: process.env.SANDBOX_SHAPE ?? 'spec' });
