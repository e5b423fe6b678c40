import { expect, test } from '@playwright/test';
import { SignJWT } from 'jose';
import { E2E_SOCIAL_URL } from '../../playwright.config';
import { ShopPage } from './pages/shop-page';

const FAMILY_COUNT = 14;

test.describe('storefront shell', () => {
  test('home page is French, titled, described, and links the logo home', async ({ page }) => {
    const shop = new ShopPage(page);
    const response = await shop.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await expect(page).toHaveTitle("Pièces auto d'occasion garanties | Pièces Auto Recyclées");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /Pièces auto d'occasion contrôlées et garanties/,
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText("Pièces auto d'occasion garanties");
    await expect(shop.logo()).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { name: 'Les pièces par famille' })).toBeVisible();
  });

  test('phone number is shown in pairs and dialled with +33', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await expect(shop.phoneLink()).toHaveAttribute('href', 'tel:+33353011234');
    await expect(shop.phoneLink()).toHaveAttribute('aria-label', 'Appeler le service client au 03 53 01 12 34');
    const footerPhone = shop.footer.getByRole('link', { name: '03 53 01 12 34' });
    await expect(footerPhone).toHaveAttribute('href', 'tel:+33353011234');
    await expect(shop.footer).toContainText('Du lundi au vendredi, 8 h 30 – 12 h et 13 h 30 – 18 h');
    await expect(shop.footer).toContainText("Service gratuit + prix d'un appel");
  });

  test('account and cart icons link to their pages, without badges for a new visitor', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await expect(shop.accountLink()).toHaveAttribute('href', '/compte');
    await expect(shop.cartLink()).toHaveAttribute('href', '/panier');
    await expect(page.getByTestId('account-badge')).toHaveCount(0);
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  });

  test('the account icon carries a badge when both tokens are present and the token is valid', async ({
    page,
    context,
    baseURL,
  }) => {
    const key = new TextEncoder().encode('e2e-only-signing-key-0123456789abcdef');
    const token = await new SignJWT({ username: 'client@example.fr' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(key);
    await context.addCookies([
      { name: 'shop_token', value: token, url: baseURL!, httpOnly: true, sameSite: 'Lax' },
      { name: 'shop_refresh_token', value: 'refresh', url: baseURL!, httpOnly: true, sameSite: 'Lax' },
    ]);
    const shop = new ShopPage(page);
    await shop.goto('/');
    await expect(page.getByTestId('account-badge')).toBeVisible();
    await expect(shop.accountLink()).toHaveAttribute('aria-label', 'Mon compte (connecté)');
  });

  test('the header sticks once the page is scrolled, with a bottom border', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    const borderColor = () => shop.header.evaluate((el) => getComputedStyle(el).borderBottomColor);
    await expect(shop.header).not.toHaveAttribute('data-scrolled');
    expect(await borderColor()).toBe('rgba(0, 0, 0, 0)');
    await page.mouse.wheel(0, 1200);
    await expect(shop.header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(() => shop.header.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await expect.poll(async () => (await shop.header.boundingBox())?.y).toBe(0);
    expect(await borderColor()).not.toBe('rgba(0, 0, 0, 0)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(shop.header).not.toHaveAttribute('data-scrolled');
  });

  test('footer lists at most 13 families, the legal links, the privacy PDF and the social page', async ({
    page,
    request,
  }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    const families = shop.footer.getByRole('region', { name: "Nos pièces d'occasion" }).getByRole('link');
    await expect(families).toHaveCount(13);
    await expect(families.first()).toHaveAttribute('href', '/pieces/moteur');
    await expect(families.nth(1)).toHaveAttribute('href', '/pieces/bv-pont-transmission');
    const info = shop.footer.getByRole('region', { name: 'Informations' });
    for (const [name, href] of [
      ['Qui sommes-nous ?', '/qui-sommes-nous'],
      ['Aide et contact', '/aide-et-contact'],
      ['Retourner un produit', '/retourner-un-produit'],
      ['Modalités de livraison', '/modalites-de-livraison'],
      ['Conditions générales de vente', '/conditions-generales-de-vente'],
      ["Conditions d'utilisation", '/conditions-utilisation'],
      ['Mentions légales', '/mentions-legales'],
    ]) {
      await expect(info.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const pdfLink = info.getByRole('link', { name: 'Politique de confidentialité (PDF)' });
    await expect(pdfLink).toHaveAttribute('href', '/politique-de-confidentialite.pdf');
    const pdf = await request.get('/politique-de-confidentialite.pdf');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(shop.footer.getByRole('link', { name: 'Suivez-nous sur les réseaux sociaux' })).toHaveAttribute(
      'href',
      E2E_SOCIAL_URL,
    );
    await expect(shop.footer).toContainText(`© ${new Date().getFullYear()} Pièces Auto Recyclées`);
    await expect(shop.footer.getByRole('img', { name: 'Badge centre VHU agréé' })).toBeVisible();
    await expect(shop.footer.getByRole('img', { name: /Cartes bancaires acceptées/ })).toBeVisible();
    await expect(shop.footer).toContainText('Paiement sécurisé par carte bancaire');
  });

  test('the contact popup opens as a modal dialog, keeps focus, and gives it back on Escape', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    const opener = shop.footer.getByRole('button', { name: 'Nous écrire' });
    const dialog = await shop.openContactDialog();
    await expect(dialog.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('unknown routes answer 404 with the error page and a way home', async ({ page }) => {
    const shop = new ShopPage(page);
    const response = await shop.goto('/cette-page-nexiste-pas');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Erreur 404');
    await expect(page.getByRole('heading', { level: 1, name: 'Erreur 404' })).toBeVisible();
    await expect(page.getByText('Page not found: /cette-page-nexiste-pas')).toBeVisible();
    await expect(page.getByText("La page que vous cherchez n'existe pas")).toBeVisible();
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText("Pièces auto d'occasion");
  });

  test('a failing page shows Erreur 500 with the generic text', async ({ page }) => {
    const response = await new ShopPage(page).goto('/essai-erreur');
    expect(response?.status()).toBe(500);
    await expect(page.getByRole('heading', { level: 1, name: 'Erreur 500' })).toBeVisible();
    await expect(page.getByText('Une erreur est survenue de notre côté')).toBeVisible();
    await expect(page).toHaveTitle('Erreur 500');
    await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  });

  test('the cart page has its title in the checkout layout', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/panier');
    await expect(page).toHaveTitle('Panier');
    await expect(page.locator('main[data-layout="checkout"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Panier' })).toBeVisible();
  });
});

test.describe('for crawlers', () => {
  test.use({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });

  test('the error page is not rendered for bots, the status still is 404', async ({ page }) => {
    const response = await page.goto('/cette-page-nexiste-pas');
    expect(response?.status()).toBe(404);
    await new ShopPage(page).waitUntilInteractive();
    await expect(page.getByRole('heading', { name: 'Erreur 404' })).toHaveCount(0);
    await expect(page.getByText('Page not found')).toHaveCount(0);
  });
});

test.describe('redirect manifest', () => {
  test('internal redirects keep the query; external ones leave the site', async ({ request }) => {
    const internal = await request.get('/moteurs?ref=ancien-site', { maxRedirects: 0 });
    expect(internal.status()).toBe(301);
    expect(internal.headers().location).toBe('/pieces/moteur?ref=ancien-site');
    const external = await request.get('/carte-grise', { maxRedirects: 0 });
    expect(external.status()).toBe(302);
    expect(external.headers().location).toBe('https://immatriculation.ants.gouv.fr/');
  });
});

test.describe('storefront API routes', () => {
  test('GET /api/families lists families with code, name and children; taxon narrows it', async ({ request }) => {
    const all = await (await request.get('/api/families')).json();
    expect(all).toHaveLength(FAMILY_COUNT);
    expect(all[0]).toMatchObject({ code: 'family_moteur', name: 'Moteur' });
    expect(all[0].children[0]).toEqual({ code: 'family_moteur_moteur-complet', name: 'Moteur complet' });
    const gearbox = await (await request.get('/api/families?taxon=family_bv-pont-transmission')).json();
    expect(gearbox).toHaveLength(1);
    expect(gearbox[0].children.map((c: { code: string }) => c.code)).toContain(
      'family_bv-pont-transmission_boite-de-vitesse',
    );
    const unknown = await request.get('/api/families?taxon=family_inconnue');
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).message).toBe('Famille inconnue : family_inconnue');
  });

  test('GET /api/brands lists at least 15 vehicle brands', async ({ request }) => {
    const brands = await (await request.get('/api/brands')).json();
    expect(brands.length).toBeGreaterThanOrEqual(15);
    expect(brands).toContainEqual({ code: 'piece_renault', name: 'Renault', logo: '/brands/renault.svg' });
  });

  test('GET /api/vehicles and /api/parts answer for vehicles and families of the catalogue only', async ({
    request,
  }) => {
    const models = (await (await request.get('/api/vehicles?parent=piece_renault')).json()) as { code: string }[];
    expect(models.length).toBeGreaterThan(0);
    const engines = (await (await request.get(`/api/vehicles?parent=${models[0]!.code}`)).json()) as { code: string }[];
    expect(engines.length).toBeGreaterThan(0);
    const engine = engines[0]!.code;
    const listing = await request.get(`/api/parts?vehicle=${engine}&taxon=family_moteur`);
    expect(listing.status()).toBe(200);
    expect(await listing.json()).toHaveProperty('parts');
    // Well-formed but made up: refused before anything is asked of the shop API (or kept in its cache).
    for (const path of [
      '/api/vehicles?parent=piece_renault_inventee',
      '/api/vehicles?parent=piece_inventee',
      `/api/parts?vehicle=${models[0]!.code}_inventee`,
      `/api/parts?vehicle=piece_inventee_modele_moteur&taxon=family_moteur`,
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect((await response.json()).message, path).toBe('Ce véhicule ne figure pas dans notre catalogue.');
    }
    const unknownFamily = await request.get(`/api/parts?vehicle=${engine}&taxon=family_inventee`);
    expect(unknownFamily.status()).toBe(404);
    expect((await unknownFamily.json()).message).toBe('Famille inconnue : family_inventee');
  });

  test('catalogue pages set no cookie', async ({ request }) => {
    const response = await request.get('/');
    expect(response.headers()['set-cookie']).toBeUndefined();
  });
});
