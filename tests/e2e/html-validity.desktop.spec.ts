import { expect, test } from '@playwright/test';
import { CheckoutPage } from './pages/checkout-page';
import { htmlErrors } from './pages/vnu';

// The HTML as served, checked by the Nu Html Checker (vnu): once, the markup being the same at every size.
// Not the 404 page: Next writes its metadata twice there (two <title>, two robots tags), whatever the
// page declares; axe checks it (accessibility.all.spec.ts).
test.describe('valid HTML (vnu)', () => {
  test('public pages, the account, the cart and the first checkout steps', async ({ page }) => {
    test.setTimeout(180_000);
    const shop = new CheckoutPage(page);
    await shop.goto('/pieces/moteur');
    const partPath = (await shop.partLinks().first().getAttribute('href'))!;
    const publicPaths = [
      '/',
      '/pieces',
      '/pieces/moteur',
      '/pieces/moteur?page=2',
      partPath,
      '/marques',
      '/marques/renault',
      '/recherche?q=phare',
      '/qui-sommes-nous',
      '/modalites-de-livraison',
      '/conditions-generales-de-vente',
      '/mentions-legales',
      '/vehicules-export',
      '/connexion',
      '/lien-de-confirmation',
      '/mot-de-passe-oublie',
      '/mot-de-passe-oublie/jeton-inconnu',
      '/verification/jeton-inconnu',
      '/recuperation/jeton-inconnu',
      '/panier',
    ];
    expect(await htmlErrors(page.request, publicPaths)).toEqual({});

    await shop.signUp(`vnu.${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.fr`);
    // The part is only in a cart, never held or sold.
    await shop.addFirstPartOf('/pieces/habitacle');
    await shop.proceedFromCart();
    await shop.fillNewShippingAddress({
      firstName: 'Léa',
      lastName: 'Martin',
      street: '12 rue des Forges',
      postcode: '59500',
      city: 'Douai',
    });
    await shop.toShipping();
    const customerPaths = [
      '/compte',
      '/compte/profil',
      '/compte/mot-de-passe',
      '/compte/adresses',
      '/compte/adresses/ajouter',
      '/compte/commandes',
      '/compte/donnees',
      '/panier',
      '/commande/adresses',
      '/commande/livraison',
    ];
    expect(await htmlErrors(page.request, customerPaths)).toEqual({});
  });
});
