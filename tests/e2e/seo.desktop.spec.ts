import { expect, test } from '@playwright/test';
import { E2E_SHOP_API_URL } from '../../playwright.config';
import { CataloguePage } from './pages/catalogue-page';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

test.describe('search by words or OEM reference', () => {
  test('the header search finds a part by its OEM reference typed loosely, on a noindex page', async ({
    page,
    request,
  }) => {
    const sample = (
      await (await request.get(`${E2E_SHOP_API_URL}/api/v2/shop/products?itemsPerPage=1&taxon=family_eclairage`)).json()
    )['hydra:member'][0];
    const loose = sample.oemReference.replace(/[\s-]/g, '').toLowerCase();
    const shop = new CataloguePage(page);
    await shop.goto('/');
    const box = page
      .getByRole('searchbox', { name: 'Rechercher une pièce par nom ou référence' })
      .locator('visible=true');
    await box.fill(loose);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/recherche\\?q=${loose}`));
    await shop.waitUntilInteractive();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Recherche « ${loose} »`);
    await expect(shop.partLinks().filter({ hasText: sample.name })).toHaveCount(1);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('words are matched without regard to accents or case', async ({ page }) => {
    const shop = new CataloguePage(page);
    await shop.goto('/recherche?q=BOITE%20de%20VITESSES');
    await expect(shop.parts.first()).toBeVisible();
    for (const name of await shop.partLinks().allTextContents())
      expect(name.toLowerCase()).toContain('boîte de vitesses');
    await shop.goto('/recherche?q=zzzzzz');
    await expect(page.getByText('Aucune pièce ne correspond')).toBeVisible();
  });
});

test.describe('crawlers', () => {
  test('robots.txt keeps cart, account, checkout, search and sorted listings out and names the sitemap', async ({
    request,
    baseURL,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    for (const path of ['/panier', '/commande', '/compte', '/connexion', '/recherche', '/api/', '/*?*tri=']) {
      expect(robots).toContain(`Disallow: ${path}`);
    }
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('sitemap.xml is an index of a pages file and part files that list every part', async ({ request }) => {
    const index = await request.get('/sitemap.xml');
    expect(index.headers()['content-type']).toContain('application/xml');
    const files = locs(await index.text());
    expect(files.map((f) => new URL(f).pathname)).toEqual(['/sitemaps/pages.xml', '/sitemaps/pieces-1.xml']);
    const pages = locs(await (await request.get('/sitemaps/pages.xml')).text()).map((u) => new URL(u).pathname);
    expect(pages).toEqual(
      expect.arrayContaining([
        '/',
        '/pieces',
        '/pieces/moteur',
        '/pieces/bv-pont-transmission/boite-de-vitesse',
        '/marques/renault',
        '/mentions-legales',
      ]),
    );
    expect(pages).not.toContain('/vehicules-accidentes');
    const parts = locs(await (await request.get('/sitemaps/pieces-1.xml')).text());
    const total = (await (await request.get(`${E2E_SHOP_API_URL}/api/v2/shop/products?itemsPerPage=1`)).json())[
      'hydra:totalItems'
    ];
    expect(parts).toHaveLength(total);
    expect(new URL(parts[0]!).pathname).toMatch(/^\/piece\/P\d{7}\/[a-z0-9-]+$/);
    expect((await request.get(new URL(parts[0]!).pathname)).status()).toBe(200);
    expect((await request.get('/sitemaps/pieces-9.xml')).status()).toBe(404);
    expect((await request.get('/sitemaps/autre.xml')).status()).toBe(404);
  });
});
