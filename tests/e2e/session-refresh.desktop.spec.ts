import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { readOutbox } from '../../shop-api/src/mail/outbox';
import { E2E_DIST_DIR } from '../../playwright.config';
import { AccountPage } from './pages/account-page';
import { stopProcess, waitFor } from './pages/processes';

// A storefront of its own (a copy of the end-to-end build) and a shop API of its own whose access
// tokens live a few seconds: the session must outlive them on every page and action.
const WEB = 3192;
const API = 8192;
const SITE = `http://localhost:${WEB}`;
const API_URL = `http://127.0.0.1:${API}`;
const DIST = '.next-e2e-session';
const VAR = 'var/e2e-session';
const JWT_TTL = 8;
const env = {
  ...process.env,
  PORT: String(WEB),
  SHOP_API_PORT: String(API),
  SHOP_API_URL: API_URL,
  SHOP_API_PUBLIC_URL: `http://localhost:${API}`,
  SITE_URL: SITE,
  SHOP_VAR_DIR: VAR,
  NEXT_DIST_DIR: DIST,
  SEED_PARTS: '60',
  DATABASE_URL: '',
  NEXT_TELEMETRY_DISABLED: '1',
  LOG_LEVEL: 'error',
  JWT_TTL: String(JWT_TTL),
};
let shopApi: ChildProcess | null = null;
let storefront: ChildProcess | null = null;

test.use({ baseURL: SITE });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(VAR, { recursive: true, force: true, maxRetries: 5 });
  rmSync(DIST, { recursive: true, force: true, maxRetries: 5 });
  expect(spawnSync('cp', ['-r', E2E_DIST_DIR, DIST]).status).toBe(0);
  shopApi = spawn(process.execPath, ['--import', 'tsx', 'shop-api/src/server.ts'], { env, stdio: 'ignore' });
  await waitFor(`${API_URL}/health`);
  storefront = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(WEB)], {
    env,
    stdio: 'ignore',
  });
  await waitFor(`${SITE}/api/session`);
});

test.afterAll(async () => {
  await stopProcess(shopApi);
  await stopProcess(storefront);
  rmSync(DIST, { recursive: true, force: true, maxRetries: 5 });
});

/** Waits until the access token in the browser's cookies has expired (its `exp` is past). */
async function outliveAccessToken(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'shop_token')?.value;
  expect(token, 'access token cookie').toBeTruthy();
  const { exp } = JSON.parse(Buffer.from(token!.split('.')[1], 'base64url').toString()) as { exp: number };
  await page.waitForTimeout(Math.max(0, exp * 1000 - Date.now()) + 1_500);
}

const cartToken = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'shop_cart_token')?.value;

/** Parts on sale in the test shop, as the shop API lists them. */
async function partCodes(count: number): Promise<string[]> {
  const response = await fetch(`${API_URL}/api/v2/shop/products?itemsPerPage=30`, {
    headers: { accept: 'application/json' },
  });
  const body = (await response.json()) as { code: string }[] | { 'hydra:member': { code: string }[] };
  const codes = (Array.isArray(body) ? body : body['hydra:member']).map((product) => product.code);
  expect(codes.length).toBeGreaterThanOrEqual(count);
  return codes;
}

async function addPart(page: Page, code: string) {
  await page.goto(`/piece/${code}`);
  await expect(page.locator('header[data-hydrated]')).toBeAttached();
  await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await expect(page).toHaveURL(/\/panier\?ajout=/);
}

test('a signed-in shopper keeps their cart and session after the access token expires: cart page, badges, add, remove, checkout', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const account = new AccountPage(page);
  const email = `session.${Date.now()}@exemple.fr`;
  await account.goto('/connexion');
  await account.register({ firstName: 'Léa', lastName: 'Martin', email, password: 'pieces-auto-2026' });
  await expect(account.registerForm().getByRole('status')).toBeVisible();
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await readOutbox(`${VAR}/mail`, 50)).find((sent) => sent.to === email);
        link = mail?.links.map((href) => new URL(href).pathname).find((path) => path.startsWith('/verification/'));
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  await account.confirmEmail(link!);
  const [first, second, third] = await partCodes(3);

  await account.goto('/connexion');
  await account.signIn(email, 'pieces-auto-2026');
  await expect(page).toHaveURL(/\/compte$/);
  await addPart(page, first);
  const cart = await cartToken(page);
  expect(cart).toBeTruthy();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
  // The cart belongs to the customer: without their token the shop API does not show it.
  expect((await fetch(`${API_URL}/api/v2/shop/orders/${cart}`)).status).toBe(404);

  // The cart page, after the access token's life.
  await outliveAccessToken(page);
  await page.goto('/panier');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Panier, 1 article' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mon compte (connecté)' })).toBeVisible();

  // Adding, after the access token's life: the same cart, two lines.
  await outliveAccessToken(page);
  await addPart(page, second);
  expect(await cartToken(page)).toBe(cart);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Panier, 2 articles' })).toBeVisible();

  // The header's session endpoint alone (no page before it), after the access token's life.
  await outliveAccessToken(page);
  const summary = await (await page.request.get('/api/session')).json();
  expect(summary).toMatchObject({ authenticated: true, cartQuantity: 2 });

  // Removing, after the access token's life.
  await outliveAccessToken(page);
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Retirer / })
    .first()
    .click();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
  expect(await cartToken(page)).toBe(cart);

  // The checkout, after the access token's life.
  await outliveAccessToken(page);
  await page.getByRole('link', { name: 'Passer commande' }).click();
  await expect(page).toHaveURL(/\/commande\/adresses$/);
  await expect(page).toHaveTitle('Commande - Adresses');

  // Several requests at once with an expired token (a page, the header's endpoint, a listing) renew it
  // together with one refresh token: the session and its cart survive.
  await outliveAccessToken(page);
  await Promise.all([
    page.goto('/panier'),
    page.request.get('/api/session'),
    page.request.get('/api/session'),
    page.request.get('/pieces'),
  ]);
  await addPart(page, third);
  expect(await cartToken(page)).toBe(cart);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);

  // A call from another site is refused before anything else runs: it renews nothing (a refresh token
  // rotated for it would be spent twice by the shopper's browser, and the session revoked).
  await outliveAccessToken(page);
  const cartPage = await (await page.request.get('/panier', { maxRedirects: 0 })).text();
  const removal = cartPage.match(/name="(\$ACTION_ID_[0-9a-f]+)"/)![1]!;
  const item = cartPage.match(/name="item" value="(\d+)"/)![1]!;
  await outliveAccessToken(page);
  const refused = await page.request.post('/panier', {
    headers: { origin: `http://localhost:${WEB + 1}` },
    multipart: { [removal]: '', item },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  expect(refused.headers()['set-cookie']).toBeUndefined();
  await page.goto('/panier');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);
});
