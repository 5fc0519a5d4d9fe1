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

/** Installs Debian's packages (root only); says so and returns false when apt-get fails. */
function aptInstall(packages) {
  console.log(`Installing Debian's ${packages.join(' and ')} (apt-get) ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
    return true;
  } catch {
    console.log(`apt-get could not install ${packages.join(' and ')}.`);
    return false;
  }
}

/** Debian's headless-only build of the same Chromium, what Playwright itself runs for headless tests. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Finds Chromium: CHROMIUM_PATH, Playwright's own browsers, /usr/bin/chromium, else installs Debian's package as root.
 * `shell` asks for the headless shell first (the end-to-end suite: the full browser's headless mode took 1.8 times
 * its CPU time for the same tests); Lighthouse and the screenshots keep the full browser.
 */
export function findChromium({ install = true, shell = false } = {}) {
  if (shell && !process.env.CHROMIUM_PATH) {
    if (existsSync(HEADLESS_SHELL) || (install && isDebianRoot() && aptInstall(['chromium-headless-shell']) && existsSync(HEADLESS_SHELL))) return HEADLESS_SHELL;
    console.log(`No ${HEADLESS_SHELL}: the end-to-end suite runs in the full browser, about 1.8 times slower (apt-get install chromium-headless-shell).`);
  }
  const candidates = [process.env.CHROMIUM_PATH, playwrightOwn(), '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((path) => path && existsSync(path));
  if (found) return found;
  if (install && isDebianRoot() && aptInstall(['chromium']) && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error(
    'No Chromium found. Set CHROMIUM_PATH to a Chromium or Chrome binary, or install one ' +
      '(Debian/Ubuntu: sudo apt-get install chromium chromium-headless-shell).',
  );
}
