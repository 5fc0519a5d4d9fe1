import { spawn } from 'node:child_process';
import { waitFor } from './sandbox-client.mjs';

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
  try {
    await waitFor(`http://127.0.0.1:${apiPort}/api/web/v1/portals`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
