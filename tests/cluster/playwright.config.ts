/**
 * Browser journeys through a running cluster's HAProxy (`npm run test:cluster` starts the cluster and
 * runs these after its Vitest tests): round robin sends a shopper's requests to both storefronts.
 */
import { defineConfig, devices } from '@playwright/test';

const base = Number(process.env.CLUSTER_PORT || 4100);

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.cluster\.spec\.ts/,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${base}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'],
    },
  },
});
