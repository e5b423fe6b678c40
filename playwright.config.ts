import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the whole shop as `npm start` runs it, on its own
 * ports, data folder (wiped first) and build folder, so a shop running for development is untouched.
 */
const WEB_PORT = Number(process.env.E2E_WEB_PORT || 3100);
const API_PORT = Number(process.env.E2E_API_PORT || 8100);
/** Data and build folders of the suite's shop: their own per port pair, so two suites can run side by side. */
export const E2E_VAR_DIR = WEB_PORT === 3100 ? 'var/e2e' : `var/e2e-${WEB_PORT}`;
export const E2E_DIST_DIR = WEB_PORT === 3100 ? '.next-e2e' : `.next-e2e-${WEB_PORT}`;
export const E2E_SHOP_API_URL = `http://localhost:${API_PORT}`;
export const E2E_SOCIAL_URL = 'https://www.facebook.com/pieces.auto.recyclees';
/** The footer's contact form service: another origin (the test shop API's health route stands in for it). */
export const E2E_CONTACT_FORM_URL = `http://127.0.0.1:${API_PORT}/health`;
/** Staff token of the throw-away end-to-end shop only (never a real shop's). */
export const E2E_STAFF_TOKEN = 'e2e-staff-token-for-the-test-shop-only';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Guards against a hang, not measures (timings live in bench/): a journey takes up to half a minute
  // on a busy 2-core machine, and CI machines can be slower still.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${WEB_PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      testMatch: /.*\.(desktop|all)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'phone',
      testMatch: /.*\.(phone|all)\.spec\.ts/,
      use: { ...devices['Pixel 7'], launchOptions: chromium },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs --fresh-data',
    url: `http://localhost:${WEB_PORT}/api/session`,
    timeout: 15 * 60_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    env: {
      PORT: String(WEB_PORT),
      SHOP_API_PORT: String(API_PORT),
      SHOP_VAR_DIR: E2E_VAR_DIR,
      NEXT_DIST_DIR: E2E_DIST_DIR,
      SEED_PARTS: '600',
      SHOP_TEST_ROUTES: '1',
      // The shop API's test-only routes (the database digest, an address's tenure): never in service.
      SHOP_API_TEST_ROUTES: '1',
      SOCIAL_URL: E2E_SOCIAL_URL,
      CONTACT_FORM_URL: E2E_CONTACT_FORM_URL,
      STAFF_API_TOKEN: E2E_STAFF_TOKEN,
      // Every journey of the suite signs up and in from 127.0.0.1: the per-address limits would refuse them.
      RATE_LIMIT_SCALE: '20',
      // The end-to-end shop always runs on its own PGlite files.
      DATABASE_URL: '',
    },
  },
});
