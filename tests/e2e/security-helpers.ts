import type { Page } from '@playwright/test';

/** The hostile strings of the security tests: markup, a breakout and a script URL; the `flag` ones set `window.__xss` instead of opening a dialog. */
export const HOSTILE = {
  img: '<img src=x onerror=alert(1)>',
  breakout: '"><script>alert(1)</script>',
  js: 'javascript:alert(1)',
  flag: '<img src=x onerror="window.__xss=1">',
  jsFlag: 'javascript:window.__xss=1',
} as const;

/** Everything a page did wrong: console errors, CSP warnings, uncaught exceptions, policy violations. */
export interface Problems {
  /** One line per problem, with the page it happened on. */
  list: string[];
  /** Console errors allowed for one document only: its own 404 answer. */
  allow404For?: string;
}

const NOT_FOUND = 'Failed to load resource: the server responded with a status of 404';

/**
 * Starts recording a page's problems: `console` errors (and CSP warnings), `pageerror`, and every
 * `securitypolicyviolation` event, which an init script collects in `window.__cspViolations` and
 * forwards at once, so a violation on a page that then redirects is not lost.
 */
export async function watchProblems(page: Page): Promise<Problems> {
  const problems: Problems = { list: [] };
  page.on('console', (message) => {
    const text = message.text();
    const where = message.location().url;
    const csp = /Content Security Policy|Content-Security-Policy/i.test(text);
    if (message.type() !== 'error' && !(message.type() === 'warning' && csp)) return;
    if (problems.allow404For && where === problems.allow404For && text.startsWith(NOT_FOUND)) return;
    problems.list.push(`console ${message.type()} on ${page.url()}: ${text} (${where})`);
  });
  page.on('pageerror', (error) => problems.list.push(`uncaught on ${page.url()}: ${error.message}`));
  await page.exposeFunction('__reportViolation', (line: string) => problems.list.push(`CSP violation: ${line}`));
  await page.addInitScript(() => {
    const target = window as unknown as { __cspViolations: string[]; __reportViolation?: (line: string) => void };
    target.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      const line = `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile || event.documentURI}:${event.lineNumber} ${event.sample}`;
      target.__cspViolations.push(line);
      void target.__reportViolation?.(line);
    });
  });
  return problems;
}

/** Waits until the page is quiet: no network for 500 ms, then until the browser is idle (timers and lazy code have run). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 2000 })));
}
