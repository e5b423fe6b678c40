import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_DIST_DIR } from '../../playwright.config';
import { waitFor } from './pages/processes';

// A storefront of its own (a copy of the end-to-end build, so it never writes into the shared one)
// and a shop API of its own on its own PGlite files, that this test kills and starts again.
const WEB = 3190;
const API = 8190;
const SITE = `http://localhost:${WEB}`;
const DIST = '.next-e2e-faults';
const VAR = 'var/e2e-faults';
const env = {
  ...process.env,
  PORT: String(WEB),
  SHOP_API_PORT: String(API),
  SHOP_API_URL: `http://127.0.0.1:${API}`,
  SHOP_API_PUBLIC_URL: `http://localhost:${API}`,
  SITE_URL: SITE,
  SHOP_VAR_DIR: VAR,
  NEXT_DIST_DIR: DIST,
  SEED_PARTS: '60',
  DATABASE_URL: '',
  NEXT_TELEMETRY_DISABLED: '1',
  LOG_LEVEL: 'error',
};
let shopApi: ChildProcess | null = null;
let storefront: ChildProcess | null = null;

function startShopApi() {
  shopApi = spawn(process.execPath, ['--import', 'tsx', 'shop-api/src/server.ts'], { env, stdio: 'ignore' });
  return waitFor(`http://127.0.0.1:${API}/health`);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(VAR, { recursive: true, force: true, maxRetries: 5 });
  rmSync(DIST, { recursive: true, force: true, maxRetries: 5 });
  expect(spawnSync('cp', ['-r', E2E_DIST_DIR, DIST]).status).toBe(0);
  await startShopApi();
  storefront = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(WEB)], {
    env,
    stdio: 'ignore',
  });
  await waitFor(`${SITE}/api/session`);
});

test.afterAll(async () => {
  shopApi?.kill('SIGKILL');
  if (storefront && storefront.exitCode === null) {
    const exited = new Promise((resolve) => storefront!.once('exit', resolve));
    storefront.kill('SIGKILL');
    await exited;
  }
  rmSync(DIST, { recursive: true, force: true, maxRetries: 5 });
});

test('with the shop API killed, pages that need it show the French error page, cached ones still serve, and all recover by themselves', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${SITE}/recherche?q=phare`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const catalogueBefore = await (await fetch(`${SITE}/pieces/moteur`)).text();

  shopApi!.kill('SIGKILL');
  await new Promise((resolve) => shopApi!.once('exit', resolve));

  const response = await page.goto(`${SITE}/recherche?q=alternateur`);
  expect(response!.status()).toBeGreaterThanOrEqual(500);
  await expect(page.getByText('Une erreur est survenue de notre côté')).toBeVisible();
  await expect(page).toHaveTitle(/Erreur/);
  const html = await page.content();
  // Never a stack trace or an internal message.
  expect(html).not.toMatch(/ECONNREFUSED|ShopApiError|at async|node_modules|\.js:\d+:\d+/);
  // The cached catalogue keeps serving.
  const cached = await fetch(`${SITE}/pieces/moteur`);
  expect(cached.status).toBe(200);
  expect((await cached.text()).length).toBeGreaterThan(catalogueBefore.length / 2);

  // The shop API comes back (its data intact): the storefront answers again without a restart.
  await startShopApi();
  await expect(async () => {
    const again = await page.goto(`${SITE}/recherche?q=alternateur`);
    expect(again!.status()).toBe(200);
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('alternateur');
});
