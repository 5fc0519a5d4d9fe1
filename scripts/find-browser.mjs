import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Flags that keep Chromium quiet on a machine without open internet (see README). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function playwrightOwn() {
  try {
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function isDebianRoot() {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version');
}

/** Finds Chromium: CHROMIUM_PATH, Playwright's own browsers, /usr/bin/chromium, else installs Debian's package as root. */
export function findChromium({ install = true } = {}) {
  const candidates = [process.env.CHROMIUM_PATH, playwrightOwn(), '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((path) => path && existsSync(path));
  if (found) return found;
  if (install && isDebianRoot()) {
    console.log('Chromium not found: installing Debian\'s chromium package (apt-get) ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'No Chromium found. Set CHROMIUM_PATH to a Chromium or Chrome binary, or install one ' +
      '(Debian/Ubuntu: sudo apt-get install chromium).',
  );
}
