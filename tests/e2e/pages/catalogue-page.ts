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
