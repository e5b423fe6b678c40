import { expect, test } from '@playwright/test';
import { axeViolations as violations } from './pages/axe';
import { CataloguePage } from './pages/catalogue-page';
import { CheckoutPage } from './pages/checkout-page';
import { ShopPage } from './pages/shop-page';

test.describe('accessibility of the shell (axe)', () => {
  for (const path of ['/', '/panier', '/page-inconnue']) {
    test(`no violation on ${path}`, async ({ page }) => {
      await new ShopPage(page).goto(path);
      expect(await violations(page)).toEqual([]);
    });
  }

  test('no violation with the contact popup open', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await shop.openContactDialog();
    expect(await violations(page)).toEqual([]);
  });

  test('no violation with the menus open', async ({ page, isMobile }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    if (isMobile) {
      await shop.burger().click();
      await shop.mobileMenu().getByRole('button', { name: "Pièces d'occasion" }).click();
      await expect(shop.mobileMenu()).toBeVisible();
    } else {
      await shop.dropdownToggle().click();
      await expect(shop.dropdownToggle()).toHaveAttribute('aria-expanded', 'true');
    }
    expect(await violations(page)).toEqual([]);
  });
});

// Every route, at the size of each project (desktop and Pixel 7).
test.describe('accessibility of every route (axe)', () => {
  test('public routes: content, catalogue, brands, sign-in and password recovery', async ({ page, isMobile }) => {
    // 28 pages, each loaded and checked by axe: minutes on a busy 2-core machine.
    test.setTimeout(360_000);
    const shop = new CataloguePage(page);
    await shop.goto('/pieces/moteur');
    const partPath = (await shop.partLinks().first().getAttribute('href'))!;
    const paths = [
      '/qui-sommes-nous',
      '/aide-et-contact',
      '/retourner-un-produit',
      '/modalites-de-livraison',
      '/conditions-generales-de-vente',
      '/conditions-utilisation',
      '/mentions-legales',
      '/vehicules-export',
      '/vehicules-accidentes',
      '/conditions-generales-de-vente-professionnels',
      '/politique-de-confidentialite',
      '/declaration-accessibilite',
      '/compte-supprime',
      '/pieces',
      '/pieces/moteur',
      '/pieces/bv-pont-transmission/boite-de-vitesse',
      '/pieces/moteur?page=2',
      partPath,
      '/marques',
      '/marques/renault',
      '/recherche?q=phare',
      '/connexion',
      '/verification',
      '/verification/jeton-inconnu',
      '/mot-de-passe-oublie',
      '/mot-de-passe-oublie/jeton-inconnu',
      '/recuperation/jeton-inconnu',
      '/lien-de-confirmation',
    ];
    // On the phone, one page of each layout: the content pages and the links' landing pages share
    // theirs with the first of their kind, which the desktop project checks one by one.
    const phonePaths = new Set([
      '/qui-sommes-nous',
      '/pieces',
      '/pieces/moteur',
      partPath,
      '/marques/renault',
      '/recherche?q=phare',
      '/connexion',
      '/verification/jeton-inconnu',
      '/mot-de-passe-oublie',
    ]);
    const found: Record<string, string[]> = {};
    for (const path of isMobile ? paths.filter((one) => phonePaths.has(one)) : paths) {
      await shop.goto(path);
      const list = await violations(page);
      if (list.length > 0) found[path] = list;
    }
    expect(found).toEqual({});
  });

  test('customer routes: account, address book, orders, cart and the first checkout steps', async ({ page }) => {
    // Some twelve pages checked by axe, after a sign-up: minutes on a busy 2-core machine.
    test.setTimeout(240_000);
    const shop = new CheckoutPage(page);
    await shop.signUp(`axe.${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.fr`);
    await shop.goto('/compte/adresses/ajouter');
    const found: Record<string, string[]> = {};
    const check = async (label: string) => {
      const list = await violations(page);
      if (list.length > 0) found[label] = list;
    };
    await check('/compte/adresses/ajouter');
    await page.getByLabel('Prénom').fill('Léa');
    await page.getByLabel('Nom', { exact: true }).fill('Martin');
    await page.getByLabel('Adresse', { exact: true }).fill('8 rue du Moulin');
    await page.getByLabel('Code postal').fill('59000');
    await page.getByLabel('Ville').fill('Lille');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(/\/compte\/adresses$/);
    const edit = await page
      .getByRole('link', { name: /^Modifier/ })
      .first()
      .getAttribute('href');
    for (const path of [
      '/compte',
      '/compte/profil',
      '/compte/mot-de-passe',
      '/compte/adresses',
      edit!,
      '/compte/commandes',
      '/compte/donnees',
    ]) {
      await shop.goto(path);
      await check(path);
    }
    // A cart and the checkout's first steps; the part is only in a cart, never held or sold.
    await shop.addFirstPartOf('/pieces/habitacle');
    await check('/panier');
    await shop.proceedFromCart();
    await check('/commande/adresses (address book)');
    await shop.toShipping();
    await check('/commande/livraison');
    expect(found).toEqual({});
  });
});
