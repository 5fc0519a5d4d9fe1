import { spawn } from 'node:child_process';

// npm test: the type check, the linter and the unit tests side by side (none of them waits on the network, and
// together they fill both cores), then the end-to-end suite, which builds the site first. Each step's output is
// printed whole when it ends, so the three do not interleave; the first failure stops the run with its code.
const CHECKS = [
  ['type check', 'npx', ['astro', 'check']],
  ['lint', 'npx', ['eslint', '.']],
  ['unit tests', 'npx', ['vitest', 'run']],
];

/** Runs one step with its output held back; resolves with its exit code and output. */
function held(name, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n── ${name} (${args.join(' ')}): ${code === 0 ? 'passed' : `failed with ${code}`} in ${seconds} s ──\n`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(CHECKS.map(([name, command, args]) => held(name, command, args)));
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);

const e2e = spawn('node', ['scripts/e2e.mjs'], { stdio: 'inherit' });
e2e.on('close', (code) => process.exit(code ?? 1));
