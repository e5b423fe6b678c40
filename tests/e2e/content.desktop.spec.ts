import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { CataloguePage } from './pages/catalogue-page';

const FOOTER_PAGES = [
  ['/qui-sommes-nous', 'Qui sommes-nous ?'],
  ['/aide-et-contact', 'Aide et contact'],
  ['/retourner-un-produit', 'Retourner un produit'],
  ['/modalites-de-livraison', 'Modalités de livraison'],
  ['/conditions-generales-de-vente', 'Conditions générales de vente'],
  ['/conditions-utilisation', "Conditions d'utilisation"],
  ['/mentions-legales', 'Mentions légales'],
  // Linked from the terms of sale, the footer (accessibility) and the privacy PDF's page.
  ['/conditions-generales-de-vente-professionnels', 'Conditions générales de vente aux professionnels'],
  ['/politique-de-confidentialite', 'Politique de confidentialité'],
  ['/declaration-accessibilite', "Déclaration d'accessibilité"],
];

test.describe('content store pages', () => {
  test('every footer page exists in French with its description', async ({ request }) => {
    for (const [path, title] of FOOTER_PAGES) {
      const response = await request.get(path!);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${title!.replace("'", '&#x27;')}</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    }
  });

  test('the footer’s privacy policy is a PDF served by the shop, made from the policy page', async ({ page }) => {
    const shop = new CataloguePage(page);
    await shop.goto('/');
    const link = shop.footer.getByRole('link', { name: /Politique de confidentialité/ });
    await expect(link).toHaveAttribute('href', '/politique-de-confidentialite.pdf');
    const response = await page.request.get('/politique-de-confidentialite.pdf');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await shop.footer.getByRole('link', { name: 'Accessibilité : partiellement conforme' }).click();
    await expect(page).toHaveURL(/\/declaration-accessibilite$/);
  });

  test('a content page renders its markdown (table included) without raw HTML', async ({ page }) => {
    const shop = new CataloguePage(page);
    await shop.goto('/modalites-de-livraison');
    await expect(page.getByRole('heading', { level: 1, name: 'Modalités de livraison' })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('Messagerie sur palette');
    await expect(shop.breadcrumb.getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/');
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  });

  test('export vehicles are for professionals, with a contact path and no checkout', async ({ page }) => {
    await new CataloguePage(page).goto('/vehicules-export');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Véhicules export');
    await expect(page.getByRole('main')).toContainText('Réservé aux professionnels');
    await expect(page.getByRole('main')).toContainText('SIRET');
    await expect(page.getByRole('main').getByRole('button', { name: /panier/i })).toHaveCount(0);
    // The list itself is behind a professional account (export-vehicles.desktop.spec.ts).
    await expect(
      page.getByRole('link', { name: 'Voir les véhicules disponibles (compte professionnel)' }),
    ).toHaveAttribute('href', '/compte/vehicules-export');
  });

  test('brand list and brand page with its logo and parts', async ({ page }) => {
    const shop = new CataloguePage(page);
    await shop.goto('/marques');
    const brands = page.getByRole('main').getByRole('listitem').getByRole('link');
    expect(await brands.count()).toBeGreaterThanOrEqual(15);
    await page.getByRole('link', { name: 'Renault', exact: true }).click();
    await expect(page).toHaveURL(/\/marques\/renault$/);
    await shop.waitUntilInteractive();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Pièces auto d'occasion Renault");
    await expect(shop.parts.first()).toContainText('Renault');
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  });

  test('unknown content pages and brands are 404', async ({ request }) => {
    expect((await request.get('/page-qui-nexiste-pas')).status()).toBe(404);
    expect((await request.get('/marques/marque-inconnue')).status()).toBe(404);
  });

  test('family pages show the editorial text of the content store', async ({ page }) => {
    await new CataloguePage(page).goto('/pieces/moteur');
    await expect(page.getByRole('main')).toContainText("Un moteur d'occasion est la solution la plus économique");
  });
});
