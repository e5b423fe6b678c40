/**
 * A shopper's whole purchase through HAProxy, round robin: the sign-in, the cart, the checkout's
 * server actions and pages land on both storefronts in turn, and the purchase goes through.
 */
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { hashPassword } from '../../shop-api/src/auth/passwords.js';
import { CLUSTER } from './helpers.js';

const PASSWORD = 'Grappe-essai-2026';

test('a shopper signs in, fills the cart and pays, served by both storefronts in turn', async ({ page }) => {
  const email = `grappe-navigateur-${Date.now()}@exemple.fr`;
  const client = new pg.Client({ connectionString: CLUSTER.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO customers (email, first_name, last_name, password_hash, verified_at, last_seen_at)
       VALUES ($1, 'Léa', 'Martin', $2, now(), now())`,
      [email, await hashPassword(PASSWORD)],
    );
  } finally {
    await client.end();
  }
  // Which storefront answered each page and action (HAProxy names it).
  const servedBy = new Set<string>();
  page.on('response', (response) => {
    const instance = response.headers()['x-instance'];
    if (instance && new URL(response.url()).port === new URL(CLUSTER.site).port) servedBy.add(instance);
  });

  await page.goto('/connexion');
  const signIn = page.getByRole('region', { name: 'Déjà client ?' });
  await signIn.getByLabel('Adresse e-mail').fill(email);
  await signIn.getByLabel('Mot de passe').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/compte$/);

  await page.goto('/pieces/carrosserie/retroviseur');
  const card = page.getByRole('main').getByRole('article').first();
  const name = (await card.getByRole('heading').getByRole('link').textContent())!.trim();
  await card.getByRole('button', { name: `Ajouter au panier : ${name}` }).click();
  await expect(page.getByRole('link', { name: 'Panier, 1 article' })).toBeVisible();

  await page.goto('/panier');
  await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
  await page.getByRole('link', { name: 'Passer commande' }).click();
  await expect(page).toHaveURL(/\/commande\/adresses$/);
  const shipping = page.getByRole('group', { name: 'Adresse de livraison' });
  const newChoice = shipping.getByRole('radio', { name: 'Une nouvelle adresse' });
  if (await newChoice.count()) await newChoice.check();
  await shipping.getByLabel('Prénom').fill('Léa');
  await shipping.getByLabel('Nom', { exact: true }).fill('Martin');
  await shipping.getByLabel('Adresse', { exact: true }).fill('12 rue des Forges');
  await shipping.getByLabel('Code postal').fill('59500');
  await shipping.getByLabel('Ville').fill('Douai');
  await page.getByRole('button', { name: 'Continuer vers la livraison' }).click();
  await expect(page).toHaveURL(/\/commande\/livraison$/);
  await page.getByRole('radio', { name: /Retrait au centre VHU/ }).check();
  await page.getByRole('button', { name: 'Payer par carte' }).click();

  await expect(page.getByRole('heading', { name: 'Paiement de test' })).toBeVisible();
  await page.getByRole('button', { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/commande\/valide$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merci, votre commande est enregistrée');
  expect([...servedBy].sort()).toEqual(['web1', 'web2']);
});
