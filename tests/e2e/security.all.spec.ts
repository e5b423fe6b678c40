import { expect, test } from '@playwright/test';
import { CataloguePage } from './pages/catalogue-page';
import { watchCsp } from './pages/csp';

test.describe('security headers of the storefront', () => {
  test('every kind of response carries the hardening headers; pages carry the CSP', async ({ page, request }) => {
    const shop = new CataloguePage(page);
    await shop.goto('/pieces/moteur');
    const partPath = (await shop.partLinks().first().getAttribute('href'))!;
    const script = await page.locator('script[src^="/_next/static/"]').first().getAttribute('src');
    const pages = ['/', '/pieces/moteur', partPath, '/panier', '/connexion', '/mentions-legales', '/recherche?q=phare', '/nulle-part'];
    for (const path of [...pages, '/api/families', '/robots.txt', '/sitemap.xml', script!]) {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      expect.soft(headers['x-content-type-options'], path).toBe('nosniff');
      expect.soft(headers['x-frame-options'], path).toBe('DENY');
      expect.soft(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect.soft(headers['permissions-policy'], path).toContain('camera=()');
      if (pages.includes(path)) {
        const csp = headers['content-security-policy'] ?? '';
        expect.soft(csp, path).toContain("frame-ancestors 'none'");
        expect.soft(csp, path).toContain("script-src 'self' 'unsafe-inline'");
        expect.soft(csp, path).not.toContain('unsafe-eval');
        // The test shop runs over http: no HSTS (the unit tests check it over https).
        expect.soft(headers['strict-transport-security'], path).toBeUndefined();
      }
    }
    // A redirect of the guard carries them too.
    const guarded = await request.get('/compte', { maxRedirects: 0 });
    expect(guarded.status()).toBe(307);
    expect(guarded.headers()['content-security-policy']).toContain("default-src 'self'");
  });

  test('browsing, the vehicle panel and adding to the cart break no rule of the policy', async ({ page }) => {
    const violations = await watchCsp(page);
    const shop = new CataloguePage(page);
    await shop.goto('/');
    await shop.goto('/pieces/jantes-pneus');
    await shop.header.getByRole('button', { name: 'Mon véhicule' }).click();
    // react-select arrives as a lazy chunk: it must load under the policy.
    await expect(page.getByRole('dialog', { name: 'Identifiez votre véhicule' }).getByLabel('Marque', { exact: true })).toBeEnabled();
    await page.keyboard.press('Escape');
    await shop.partLinks().first().click();
    await expect(page).toHaveURL(/\/piece\//);
    await expect(page.getByRole('img').first()).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expect(page).toHaveURL(/\/panier\?ajout=/);
    await shop.goto('/connexion');
    expect(await violations()).toEqual([]);
  });
});
