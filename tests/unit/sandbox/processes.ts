import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = 'sandbox/src/main.ts';
const ADMIN = 'sandbox/src/admin.ts';
const STARTUP_MS = 20_000;

// The parent's SANDBOX_* variables (an e2e run, a developer's shell) must not leak into a child.
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('SANDBOX_')));
  return { ...clean, SANDBOX_QUIET: '1', ...env };
}

/** Exit code and output of one operator command. */
export interface AdminResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `tsx sandbox/src/admin.ts <args>` (what `npm run sandbox:admin` runs) with the given SANDBOX_* variables. */
export function runAdmin(args: string[], env: Record<string, string>): Promise<AdminResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', ADMIN, ...args], { cwd: ROOT, env: childEnv(env) }, (error, stdout, stderr) => {
      const code = error && typeof error.code === 'number' ? error.code : error ? -1 : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A sandbox running in its own process. */
export interface MainProcess {
  url: string;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Sends SIGTERM (main.ts closes the database) and waits for the exit. */
  stop(): Promise<void>;
}

/** Starts `tsx sandbox/src/main.ts` (what `npm run sandbox` runs) on a free port with the given SANDBOX_* variables. */
export function startMain(env: Record<string, string>): Promise<MainProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env: childEnv({ SANDBOX_PORT: '0', ...env }) });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop().then(() => reject(new Error(`main.ts did not start in ${STARTUP_MS} ms: ${stderr}`)));
    }, STARTUP_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, stderr: () => stderr, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`main.ts exited with ${String(code)} before listening: ${stderr}`));
    });
  });
}
