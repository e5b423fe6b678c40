import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AXE_TAGS } from './pages/axe';
import { CataloguePage } from './pages/catalogue-page';

// The end-to-end shop runs without a Stripe key, on the sandbox payment page: every page must say
// that no order placed here is paid for real.
test.describe('demonstration mode banner', () => {
  test('every kind of page says "Mode démonstration — aucun paiement réel", above the header', async ({ page }) => {
    const shop = new CataloguePage(page);
    await shop.goto('/pieces/moteur');
    const partPath = (await shop.partLinks().first().getAttribute('href'))!;
    for (const path of [
      '/',
      '/pieces/moteur',
      partPath,
      '/recherche?q=phare',
      '/panier',
      '/connexion',
      '/mentions-legales',
      '/page-inconnue',
    ]) {
      await shop.goto(path);
      const banner = page.getByRole('complementary', { name: 'Boutique de démonstration' });
      await expect(banner, path).toBeVisible();
      await expect(banner, path).toHaveText('Mode démonstration — aucun paiement réel');
      // Above the site header, so it is the first thing seen and read after the skip link.
      const [bannerBox, headerBox] = await Promise.all([banner.boundingBox(), page.getByRole('banner').boundingBox()]);
      expect(bannerBox!.y + bannerBox!.height, path).toBeLessThanOrEqual(headerBox!.y + 1);
    }
    const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).include('aside').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  });
});
