import { expect, type Locator, type Page } from '@playwright/test';
import { ShopPage } from './shop-page';

/** Page object for listings and part pages. */
export class CataloguePage extends ShopPage {
  readonly breadcrumb: Locator;
  readonly parts: Locator;

  constructor(page: Page) {
    super(page);
    this.breadcrumb = page.getByRole('navigation', { name: "Fil d'Ariane" });
    this.parts = page.getByRole('main').getByRole('article');
  }

  partLinks() {
    return this.parts.getByRole('heading').getByRole('link');
  }

  /** The card of the part whose page is `href` (names repeat: the card is found by its link). */
  card(href: string) {
    return this.parts.filter({ has: this.page.getByRole('heading').locator(`a[href="${href}"]`) });
  }

  /** What a listing's card of the part says of its availability ("En stock", "Réservée", "Vendue"), read afresh. */
  async cardAvailability(listing: string, href: string): Promise<string> {
    await this.page.goto(listing);
    return (
      (await this.card(href)
        .getByText(/^(En stock|Réservée|Vendue)$/)
        .textContent()) ?? ''
    );
  }

  /** The manufacturer's (OEM) reference shown on the part page at `href`: what a shopper searches for. */
  async oemReference(href: string): Promise<string> {
    await this.page.goto(href);
    const term = this.page
      .getByRole('main')
      .getByRole('term')
      .filter({ hasText: /^Référence constructeur$/ });
    return ((await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim();
  }

  /** What the part page at `href` says of its availability, read afresh. */
  async pageAvailability(href: string): Promise<string> {
    await this.page.goto(href);
    return (
      (await this.page
        .getByRole('main')
        .getByText(/(En stock|Réservée|Vendue) – /)
        .textContent()) ?? ''
    );
  }

  pagination() {
    return this.page.getByRole('navigation', { name: 'Pagination' });
  }

  async jsonLd(type: string) {
    const blocks = await this.page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((block) => JSON.parse(block)).find((item) => item['@type'] === type);
    expect(data, `JSON-LD ${type}`).toBeTruthy();
    return data;
  }
}
