import { expect, test } from '@playwright/test';
import { ShopPage } from './pages/shop-page';

const FIRST_SEVEN = [
  'Moteur',
  'Boîte de vitesses, pont, transmission',
  'Carrosserie',
  'Éclairage',
  'Freinage',
  'Direction, suspension',
  'Électricité',
];

test.describe('desktop header', () => {
  test('shows the phone with opening hours and the four menu entries', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await expect(shop.phoneLink()).toContainText('03 53 01 12 34');
    await expect(shop.phoneLink()).toContainText('Du lundi au vendredi');
    for (const [name, href] of [
      ["Pièces d'occasion", '/pieces'],
      ['Moteur', '/pieces/moteur'],
      ['Boîte de vitesses', '/pieces/bv-pont-transmission/boite-de-vitesse'],
      ['Véhicules export', '/vehicules-export'],
    ]) {
      await expect(shop.mainNav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(shop.burger()).toBeHidden();
  });

  test('the dropdown opens on hover with the first 7 families, their children and an all-articles link', async ({
    page,
  }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await shop.mainNav.getByRole('link', { name: "Pièces d'occasion", exact: true }).hover();
    await expect(shop.dropdownToggle()).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await shop.dropdownToggle().getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
    await expect(panel).toBeVisible();
    const headings = panel.locator(':scope > ul > li > a');
    await expect(headings).toHaveText(FIRST_SEVEN);
    await expect(panel.getByRole('link', { name: 'Boîte de vitesses', exact: true })).toHaveAttribute(
      'href',
      '/pieces/bv-pont-transmission/boite-de-vitesse',
    );
    await expect(panel.getByRole('link', { name: 'Tous les articles Moteur' })).toHaveAttribute(
      'href',
      '/pieces/moteur',
    );
    await expect(panel.getByRole('link', { name: /^Tous les articles/ })).toHaveCount(7);
    await expect(panel.getByRole('link', { name: 'Refroidissement' })).toHaveCount(0);
    await page.mouse.move(5, 700);
    await expect(panel).toBeHidden();
  });

  test('the dropdown works from the keyboard and Escape returns focus to its button', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await shop.dropdownToggle().focus();
    await page.keyboard.press('Enter');
    await expect(shop.dropdownToggle()).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Moteur');
    await page.keyboard.press('Escape');
    await expect(shop.dropdownToggle()).toHaveAttribute('aria-expanded', 'false');
    await expect(shop.dropdownToggle()).toBeFocused();
  });

  test('the dropdown closes when a link in it is followed', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await shop.dropdownToggle().click();
    await expect(shop.dropdownToggle()).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: 'Tous les articles Carrosserie' }).click();
    await expect(page).toHaveURL(/\/pieces\/carrosserie$/);
    await expect(shop.dropdownToggle()).toHaveAttribute('aria-expanded', 'false');
  });
});
