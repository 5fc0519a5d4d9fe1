import { spawn } from 'node:child_process';

/**
 * Starts the sandbox API (in-memory, quiet) on `apiPort` as a child of this Node, and resolves once it answers
 * GET /portals; `stop()` ends it and resolves when its port is free again.
 */
export async function startSandboxProcess({ apiPort, env = process.env }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/main.ts'], {
    stdio: 'ignore',
    env: { ...env, SANDBOX_PORT: String(apiPort), SANDBOX_DB: ':memory:', SANDBOX_QUIET: '1' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  const portals = `http://127.0.0.1:${apiPort}/api/web/v1/portals`;
  for (let tries = 0; tries < 240; tries += 1) {
    if (child.exitCode !== null) break;
    const up = await fetch(portals).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The sandbox did not answer ${portals} within a minute.`);
}
