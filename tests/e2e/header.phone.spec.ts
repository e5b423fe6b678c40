import { expect, test } from '@playwright/test';
import { ShopPage } from './pages/shop-page';

test.describe('phone header', () => {
  test('hides the desktop menu and offers the burger', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await expect(shop.mainNav).toBeHidden();
    await expect(shop.burger()).toBeVisible();
    await expect(shop.burger()).toHaveAttribute('aria-expanded', 'false');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the burger opens a sliding multi-level menu with Retour', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await shop.burger().click();
    const menu = shop.mobileMenu();
    await expect(menu).toBeVisible();
    await expect(shop.burger()).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Moteur', exact: true })).toHaveAttribute('href', '/pieces/moteur');
    await expect(menu.getByRole('link', { name: 'Véhicules export' })).toHaveAttribute('href', '/vehicules-export');

    await menu.getByRole('button', { name: "Pièces d'occasion" }).click();
    const familyButtons = menu.getByRole('list').getByRole('button');
    await expect(familyButtons).toHaveCount(7);
    await expect(familyButtons.first()).toHaveText('Moteur');
    await expect(familyButtons.last()).toHaveText('Électricité');

    await menu.getByRole('button', { name: 'Boîte de vitesses, pont, transmission' }).click();
    await expect(menu.getByRole('link', { name: 'Boîte de vitesses', exact: true })).toHaveAttribute(
      'href',
      '/pieces/bv-pont-transmission/boite-de-vitesse',
    );
    await expect(
      menu.getByRole('link', { name: 'Tous les articles Boîte de vitesses, pont, transmission' }),
    ).toHaveAttribute('href', '/pieces/bv-pont-transmission');

    await menu.getByRole('button', { name: 'Retour' }).click();
    await expect(menu.getByRole('list').getByRole('button')).toHaveCount(7);
    await menu.getByRole('button', { name: 'Retour' }).click();
    await expect(menu.getByRole('button', { name: "Pièces d'occasion" })).toBeVisible();
  });

  test('Escape closes the menu and gives focus back to the burger; Tab stays inside', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await shop.burger().click();
    const menu = shop.mobileMenu();
    await expect(menu).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(shop.burger()).toBeFocused();
  });

  test('the menu closes and resets on a route change', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await shop.burger().click();
    const menu = shop.mobileMenu();
    await menu.getByRole('button', { name: "Pièces d'occasion" }).click();
    await menu.getByRole('button', { name: 'Carrosserie' }).click();
    await menu.getByRole('link', { name: 'Tous les articles Carrosserie' }).click();
    await expect(page).toHaveURL(/\/pieces\/carrosserie$/);
    await expect(menu).toBeHidden();
    await shop.burger().click();
    await expect(menu.getByRole('button', { name: "Pièces d'occasion" })).toBeVisible();
  });
});
