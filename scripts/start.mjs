import { spawn, spawnSync } from 'node:child_process';
import { sandboxBuildEnv } from './build-env.mjs';
import { createSiteServer } from './serve.mjs';

const sitePort = Number(process.env.PORT ?? 4321);
const apiPort = Number(process.env.SANDBOX_PORT ?? 4010);
const env = sandboxBuildEnv({ sitePort, apiPort });

console.log('Building the site ...');
const build = spawnSync('npx', ['astro', 'build', '--silent'], { stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);

const sandbox = spawn('npx', ['tsx', 'sandbox/src/main.ts'], {
  stdio: 'inherit',
  env: { ...env, SANDBOX_PORT: String(apiPort), SANDBOX_SITE_ORIGIN: `http://127.0.0.1:${sitePort}` },
});
sandbox.on('exit', (code) => {
  console.log(`Sandbox API stopped (${code ?? 'signal'}).`);
  process.exit(code ?? 1);
});

createSiteServer({ root: env.ASTRO_OUT_DIR }).listen(sitePort, '127.0.0.1', () => {
  console.log(`\nSite:        http://127.0.0.1:${sitePort}/`);
  console.log(
    `Studio:      http://127.0.0.1:${sitePort}/admin/ (Work with Local Repository edits src/content: README, Changing content)`,
  );
  console.log(`Sandbox API: http://127.0.0.1:${apiPort}/api/web/v1`);
  console.log('Demo sign-in: shopper@example.com / Shopper#2026\n');
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    sandbox.kill(signal);
    process.exit(0);
  });
}
