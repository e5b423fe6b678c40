import { expect, type Locator, type Page } from '@playwright/test';

/** Page object for what every page shares: header, menus and footer. Selectors are roles and labels. */
export class ShopPage {
  readonly header: Locator;
  readonly footer: Locator;
  readonly mainNav: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.footer = page.getByRole('contentinfo');
    this.mainNav = page.getByRole('navigation', { name: 'Menu principal' });
  }

  async goto(path = '/') {
    const response = await this.page.goto(path);
    await this.waitUntilInteractive();
    return response;
  }

  /** The header marks itself once React has hydrated the page. */
  async waitUntilInteractive() {
    await expect(this.page.locator('header[data-hydrated]')).toBeAttached();
  }

  logo() {
    return this.header.getByRole('link', { name: /^Accueil/ });
  }

  phoneLink() {
    return this.header.getByRole('link', { name: /Appeler le service client/ }).first();
  }

  accountLink() {
    return this.header.getByRole('link', { name: /^Mon compte/ });
  }

  cartLink() {
    return this.header.getByRole('link', { name: /^Panier/ });
  }

  dropdownToggle() {
    return this.mainNav.getByRole('button', { name: 'Familles de pièces' });
  }

  burger() {
    return this.header.getByRole('button', { name: 'Ouvrir le menu' });
  }

  mobileMenu() {
    return this.page.getByRole('dialog', { name: 'Menu principal' });
  }

  async openContactDialog() {
    await this.footer.getByRole('button', { name: 'Nous écrire' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Nous écrire' });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}
