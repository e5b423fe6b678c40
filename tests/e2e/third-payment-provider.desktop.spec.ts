import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { readOutbox } from '../../shop-api/src/mail/outbox';
import { E2E_DIST_DIR } from '../../playwright.config';
import { CheckoutPage } from './pages/checkout-page';
import { watchCsp } from './pages/csp';
import { stopProcess, waitFor } from './pages/processes';

/**
 * A payment provider the storefront has never heard of: Banque d’essai (shop-api/tests/payment-provider/),
 * which the shop API loads from SHOP_API_TEST_PAYMENT_PROVIDER, takes real money and has its checkout
 * page on an origin of its own. The storefront learns it from the shop API's channel: no demonstration
 * banner, that origin (and no other) in the CSP's form-action, its name on the payment step, and whole
 * purchases go through it, without JavaScript too (the step's form post is redirected there, which the
 * CSP governs).
 *
 * A shop of its own: a copy of the end-to-end build and a shop API with that provider. The pages the
 * copied build cached were rendered for the sandbox (`npm start` rebuilds them when the channel's
 * answer changes: scripts/start.mjs); the pages checked here are rendered for each request.
 */
const OFFSET = 95;
const WEB = Number(process.env.E2E_WEB_PORT || 3100) + OFFSET;
const API = Number(process.env.E2E_API_PORT || 8100) + OFFSET;
const SITE = `http://localhost:${WEB}`;
const API_URL = `http://127.0.0.1:${API}`;
/** The bank's page: the shop API under its other loopback name, neither the shop's origin nor its API's public one. */
const BANK = `http://127.0.0.1:${API}`;
const DIST = `.next-e2e-bank-${WEB}`;
const VAR = `var/e2e-bank-${WEB}`;
const PASSWORD = 'pieces-auto-2026';
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
  RATE_LIMIT_SCALE: '20',
  SHOP_API_TEST_ROUTES: '1',
  SHOP_API_TEST_PAYMENT_PROVIDER: 'shop-api/tests/payment-provider/definition.ts',
  BANQUE_ESSAI_SECRET: 'secret-of-the-test-bank-only',
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
  await stopProcess(storefront);
  await stopProcess(shopApi);
  rmSync(DIST, { recursive: true, force: true, maxRetries: 5 });
});

const address = { firstName: 'Léa', lastName: 'Martin', street: '12 rue des Forges', postcode: '59500', city: 'Douai' };

/** A new customer of this shop, confirmed through the link in its outbox, and signed in. */
async function signUp(checkout: CheckoutPage, email: string) {
  const { account } = checkout;
  await account.goto('/connexion');
  await account.register({ firstName: 'Léa', lastName: 'Martin', email, password: PASSWORD });
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
  await account.confirmEmail(link!, PASSWORD);
  await account.goto('/connexion');
  await account.signIn(email, PASSWORD);
  await expect(checkout.page).toHaveURL(/\/compte$/);
}

/** Parts on sale in this shop, as its shop API lists them. */
async function partCodes(): Promise<string[]> {
  const response = await fetch(`${API_URL}/api/v2/shop/products?itemsPerPage=30`, {
    headers: { accept: 'application/json' },
  });
  const body = (await response.json()) as { code: string }[] | { 'hydra:member': { code: string }[] };
  return (Array.isArray(body) ? body : body['hydra:member']).map((product) => product.code);
}

async function addPart(page: Page, code: string) {
  await page.goto(`/piece/${code}`);
  await expect(page.locator('header[data-hydrated]')).toBeAttached();
  await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await expect(page).toHaveURL(/\/panier\?ajout=/);
}

const banner = (page: Page) => page.getByRole('complementary', { name: 'Boutique de démonstration' });

test('a provider known to the shop API alone: no banner, its origin in the CSP, its name shown, and purchases paid through it with and without JavaScript', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const violations = await watchCsp(page);
  const checkout = new CheckoutPage(page);
  await signUp(checkout, `banque.${Date.now()}@exemple.fr`);
  const [first, second] = await partCodes();

  // The CSP lets the payment step lead to the bank's page, and nowhere else beyond the shop.
  const csp = (await page.request.get('/panier')).headers()['content-security-policy'] ?? '';
  expect(csp.split('; ').find((directive) => directive.startsWith('form-action '))).toBe(`form-action 'self' ${BANK}`);

  // Without JavaScript: the delivery chosen, the payment step's button posts its form, and the answer's
  // redirect to the bank's page goes through under the CSP (a form-action without its origin blocks it).
  await addPart(page, first!);
  await expect(banner(page)).toHaveCount(0);
  await checkout.proceedFromCart();
  await expect(banner(page)).toHaveCount(0);
  await checkout.fillNewShippingAddress(address);
  await checkout.toShipping();
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole('radio', { name: /Retrait au centre VHU/ }).check();
  await expect(checkout.recap().getByRole('term').filter({ hasText: 'Retrait au centre VHU' })).toBeVisible();
  const scriptless = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await scriptless.newPage();
  await plain.goto(`${SITE}/commande/paiement`);
  await expect(plain.getByRole('main').getByText('Prestataire de paiement : Banque d’essai')).toBeVisible();
  await expect(banner(plain)).toHaveCount(0);
  await plain.getByRole('button', { name: 'Payer maintenant' }).click();
  await expect(plain).toHaveURL(new RegExp(`^${BANK}/banque-essai/be_`));
  await plain.getByRole('button', { name: /^Payer/ }).click();
  await expect(plain).toHaveURL(/\/commande\/valide$/);
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Merci, votre commande est enregistrée');
  await expect(banner(plain)).toHaveCount(0);
  await scriptless.close();
  // The first tab still shows the delivery step of the cart just placed, and may reload itself as its
  // cart changes under it: the purchase with JavaScript goes on in a tab of its own, so that no such
  // reload aborts its navigations.
  expect(await violations()).toEqual([]);
  await page.close();
  const tab = await checkout.page.context().newPage();
  const tabViolations = await watchCsp(tab);
  const shopper = new CheckoutPage(tab);

  // With JavaScript, from the delivery step straight to the bank; its webhook places the order.
  await addPart(tab, second!);
  await shopper.proceedFromCart();
  await shopper.fillNewShippingAddress(address);
  await shopper.toShipping();
  await shopper.payWith(/Retrait au centre VHU/);
  await expect(tab).toHaveURL(new RegExp(`^${BANK}/banque-essai/be_`));
  await expect(tab.getByRole('heading', { name: 'Banque d’essai' })).toBeVisible();
  await tab.getByRole('button', { name: /^Payer/ }).click();
  await expect(tab).toHaveURL(/\/commande\/valide$/);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Merci, votre commande est enregistrée');
  await expect(banner(tab)).toHaveCount(0);
  await shopper.account.goto('/compte/commandes');
  await expect(tab.getByRole('link', { name: /^Voir la commande n° \d{9}$/ })).toHaveCount(2);
  await expect(banner(tab)).toHaveCount(0);
  expect(await tabViolations()).toEqual([]);
});

test('the payment step’s former address leads to the new one for good, with its query string', async ({ page }) => {
  const answer = await page.request.get('/commande/stripe?retour=1&essai=a%20b', { maxRedirects: 0 });
  expect(answer.status()).toBe(308);
  expect(answer.headers().location).toBe('/commande/paiement?retour=1&essai=a%20b');
});
