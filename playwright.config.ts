import { defineConfig, devices } from '@playwright/test';

const sitePort = Number(process.env.E2E_PORT ?? 4321);
const apiPort = Number(process.env.SANDBOX_PORT ?? 4010);
const dist = process.env.E2E_DIST ?? 'dist';
/** The specs that need what only the full browser has: a push service for PushManager.subscribe. */
const FULL_BROWSER = '**/push-notifications.spec.ts';
const chromiumArgs = (process.env.CHROMIUM_ARGS ?? '--no-sandbox --disable-gpu --disable-dev-shm-usage --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync').split(' ');

/** End-to-end tests against the production build and the sandbox API, in Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: sitePort === 4321 ? 'test-results' : `.cache/results-${sitePort}`,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['./scripts/count-reporter.mjs'], ['./scripts/timing-reporter.mjs']],
  use: {
    baseURL: `http://127.0.0.1:${sitePort}`,
    // Recording a trace of every test cost 15 to 18 % of the suite's time; only a retry (CI retries once) records one.
    trace: 'on-first-retry',
    locale: 'en-ZA',
    timezoneId: 'Africa/Johannesburg',
    // The service worker would answer pages and chunks from its precache, out of reach of page.route; only the offline specs run with it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: chromiumArgs },
  },
  projects: [
    // Chromium's headless shell (scripts/find-browser.mjs): the same engine as the full browser at half its CPU time.
    { name: 'chromium', testIgnore: FULL_BROWSER, use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: chromiumArgs } } },
    // The headless shell has no push service, so the push journeys run in the full browser.
    {
      name: 'full-browser',
      testMatch: FULL_BROWSER,
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: process.env.CHROMIUM_FULL_PATH ?? process.env.CHROMIUM_PATH, args: chromiumArgs } },
    },
    // The @envelope smoke journeys again, every answer in the { data } envelope (the sandbox's X-Sandbox-Shape header,
    // honoured with its fault switches on): one run proves the client against both shapes.
    {
      name: 'envelope',
      grep: /@envelope/,
      testIgnore: FULL_BROWSER,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: chromiumArgs },
        extraHTTPHeaders: { 'X-Sandbox-Shape': 'envelope' },
      },
    },
  ],
  webServer: [
    {
      command: `npx tsx sandbox/src/main.ts`,
      url: `http://127.0.0.1:${apiPort}/api/web/v1/portals`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        SANDBOX_PORT: String(apiPort),
        SANDBOX_DB: ':memory:',
        SANDBOX_FAULTS: '1',
        SANDBOX_QUIET: '1',
        SANDBOX_SHAPE: process.env.SANDBOX_SHAPE ?? 'spec',
        SANDBOX_SITE_ORIGIN: `http://127.0.0.1:${sitePort}`,
        // Every test registers its shopper from this one address: only the per-address limit is lifted, the per-e-mail one stays as served.
        SANDBOX_RATE_LIMITS: '{"perAddress":100000}',
      },
    },
    {
      command: `node scripts/serve.mjs`,
      url: `http://127.0.0.1:${sitePort}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(sitePort), DIST: dist, API_ORIGIN: `http://127.0.0.1:${apiPort}` },
    },
  ],
});
