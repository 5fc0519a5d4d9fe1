import { spawn, spawnSync } from 'node:child_process';
import { sandboxBuildEnv } from './build-env.mjs';
import { createSiteServer } from './serve.mjs';

const sitePort = Number(process.env.PORT ?? 4321);
const apiPort = Number(process.env.SANDBOX_PORT ?? 4010);
const env = sandboxBuildEnv({ sitePort, apiPort });

// The sandbox starts first: the build reads the shops from its GET /portals, as a real build reads the service's.
const sandbox = spawn('npx', ['tsx', 'sandbox/src/main.ts'], {
  stdio: 'inherit',
  env: { ...env, SANDBOX_PORT: String(apiPort), SANDBOX_SITE_ORIGIN: `http://127.0.0.1:${sitePort}` },
});
sandbox.on('exit', (code) => {
  console.log(`Sandbox API stopped (${code ?? 'signal'}).`);
  process.exit(code ?? 1);
});

const portals = `http://127.0.0.1:${apiPort}/api/web/v1/portals`;
for (let tries = 0; tries < 120; tries += 1) {
  const up = await fetch(portals).then(
    (response) => response.ok,
    () => false,
  );
  if (up) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}

console.log('Building the site ...');
const build = spawnSync('npx', ['astro', 'build', '--silent'], { stdio: 'inherit', env });
if (build.status !== 0) {
  sandbox.kill();
  process.exit(build.status ?? 1);
}

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
