/**
 * Browser tests on real Chromium against a running server.
 *
 * `npm run test:e2e` (scripts/e2e.ts) builds the front end, starts the server on a free
 * loopback port with a fresh database, and sets E2E_BASE_URL and CHROME_PATH. Run against a
 * server you started yourself with `E2E_BASE_URL=http://127.0.0.1:PORT npx playwright test`.
 *
 * Projects:
 * - `desktop` runs every spec, except tests tagged `@mobile-only`.
 * - `mobile` (a Pixel 7 viewport, touch, mobile user agent, still Chromium) runs only tests
 *   that opt in with the tag `@mobile` or `@mobile-only`:
 *   `test('...', { tag: '@mobile' }, async ({ page }) => ...)`, or on a `test.describe`.
 *   Opt in what the phone can change: layout, sizes and positions, touch, first paint, a test
 *   that reads isMobile, and one test per page that walks its main path. A failure, retry, data
 *   or machine-branch variant of a page whose main path already runs on a phone stays desktop-only.
 *   Tests that write to the shared database must not opt in unless they are safe to run twice.
 */
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const isCI = Boolean(process.env.CI);

/**
 * The system Chromium (its headless shell first): Playwright's own browser download is not
 * used when one is present.
 */
function chromiumPath(): string | undefined {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ];
  return candidates.find((path): path is string => path !== undefined && path !== '' && existsSync(path));
}

const executablePath = chromiumPath();

const launchOptions = {
  // Without a system Chromium, scripts/e2e.ts installs Playwright's build, found without a path.
  ...(executablePath ? { executablePath } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

const MOBILE_TAG = /@mobile(-only)?\b/;
const MOBILE_ONLY_TAG = /@mobile-only\b/;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Several people may run suites in one checkout: E2E_OUTPUT_DIR keeps their artifacts apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  forbidOnly: isCI,
  // Three workers on two cores: with two, the cores idle about a sixth of the time while tests wait
  // on timers and answers; a third fills that (a sixth faster). Four were slower.
  workers: 3,
  retries: isCI ? 1 : 0,
  reporter: [['list'], ['./scripts/reporters/playwright-slowest.ts']],
  timeout: 30_000,
  expect: { timeout: isCI ? 10_000 : 5_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080',
    browserName: 'chromium',
    launchOptions,
    // Recording a trace costs about a fifth of the suite's time, for every test that passes:
    // a test that fails is run again (CI retries once), and that second run is recorded.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    locale: 'en-US',
    timezoneId: 'America/Chicago',
  },
  projects: [
    {
      name: 'desktop',
      grepInvert: MOBILE_ONLY_TAG,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'mobile',
      grep: MOBILE_TAG,
      use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions },
    },
  ],
});
