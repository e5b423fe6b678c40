import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ShopPage } from './pages/shop-page';

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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
