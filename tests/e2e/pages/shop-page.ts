import { expect, type Locator, type Page } from '@playwright/test';

/** The height of a thumb's target on a phone (Apple's and WCAG 2.5.5's 44 px). */
const THUMB_PX = 44;

/** A control a shopper taps is at least a thumb high, whatever its text's size. */
export async function expectThumbSized(control: Locator) {
  const box = await control.boundingBox();
  expect(box, 'the control is on screen').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(THUMB_PX);
}

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
