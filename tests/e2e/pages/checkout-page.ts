import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_SHOP_API_URL, E2E_STAFF_TOKEN } from '../../../playwright.config';
import { AccountPage } from './account-page';
import { axeViolations } from './axe';
import { CataloguePage } from './catalogue-page';

const run = promisify(execFile);

/** Every kind of space (French prices use narrow no-break ones) as a plain space. */
const spaces = (text: string) => text.replace(/\s+/g, ' ').trim();

/** "1 234,50 €" → 123450; "Gratuit(e)" → 0; anything else → NaN. */
export function cents(text: string): number {
  if (/^Gratuit/.test(text.trim())) return 0;
  const amount = spaces(text).match(/^(\d[\d ]*),(\d{2}) €/);
  return amount ? Number(amount[1]!.replace(/ /g, '')) * 100 + Number(amount[2]) : Number.NaN;
}

export interface NewAddress {
  firstName: string;
  lastName: string;
  street: string;
  postcode: string;
  city: string;
}

/** Page object for the cart, the checkout steps, the sandbox payment page and the orders in the account. */
export class CheckoutPage extends CataloguePage {
  readonly account: AccountPage;

  constructor(page: Page) {
    super(page);
    this.account = new AccountPage(page);
  }

  /** A new customer, verified through the mailed link and signed in. */
  async signUp(email: string, firstName = 'Léa', lastName = 'Martin', company?: { name: string; siret: string }) {
    await this.account.signUp(email, firstName, lastName, company);
  }

  /** Adds the first part of a listing from its card; returns its name and page. */
  async addFirstPartOf(listing: string): Promise<{ name: string; href: string }> {
    await this.goto(listing);
    const link = this.partLinks().first();
    const part = { name: (await link.textContent())!.trim(), href: (await link.getAttribute('href'))! };
    await this.addFromListing(listing, part);
    return part;
  }

  /** Adds a given part from the card of a listing (names repeat: the card is found by its link). */
  async addFromListing(listing: string, part: { name: string; href: string }) {
    if (new URL(this.page.url()).pathname !== listing) await this.goto(listing);
    const card = this.parts.filter({ has: this.page.locator(`a[href="${part.href}"]`) });
    await card.getByRole('button', { name: `Ajouter au panier : ${part.name}` }).click();
    await expect(this.page).toHaveURL(/\/panier\?ajout=/);
    await expect(this.page.getByRole('main').getByText(part.name).first()).toBeVisible();
  }

  /** The page's own alert (Next's route announcer is an alert too). */
  alert() {
    return this.page.getByRole('main').getByRole('alert');
  }

  async proceedFromCart() {
    await this.page.getByRole('link', { name: 'Passer commande' }).click();
    await expect(this.page).toHaveURL(/\/commande\/adresses$/);
    await this.waitUntilInteractive();
  }

  shippingFieldset() {
    return this.page.getByRole('group', { name: 'Adresse de livraison' });
  }

  async fillNewShippingAddress(address: NewAddress) {
    const group = this.shippingFieldset();
    const newChoice = group.getByRole('radio', { name: 'Une nouvelle adresse' });
    if (await newChoice.count()) await newChoice.check();
    await group.getByLabel('Prénom').fill(address.firstName);
    await group.getByLabel('Nom', { exact: true }).fill(address.lastName);
    await group.getByLabel('Adresse', { exact: true }).fill(address.street);
    await group.getByLabel('Code postal').fill(address.postcode);
    await group.getByLabel('Ville').fill(address.city);
  }

  async toShipping(plates = '') {
    if (plates) await this.page.getByLabel(/Immatriculation du véhicule/).fill(plates);
    await this.page.getByRole('button', { name: 'Continuer vers la livraison' }).click();
    await expect(this.page).toHaveURL(/\/commande\/livraison$/);
  }

  /** Chooses a method by its name and leaves for the payment page. */
  async payWith(method: RegExp | string) {
    await this.page.getByRole('radio', { name: method }).check();
    await this.page.getByRole('button', { name: 'Payer par carte' }).click();
  }

  /** The checkout's récapitulatif (the aside next to each step). */
  recap() {
    return this.page.getByRole('complementary', { name: 'Récapitulatif' });
  }

  /**
   * The amount lines of a recap, confirmation or order page as `{ label: amount }`, read from its
   * terms and definitions as shown (the price excluding VAT, hidden from individuals, is left out).
   */
  async amountLines(scope: Locator): Promise<Record<string, string>> {
    const terms = await scope.getByRole('term').allInnerTexts();
    const values = await scope.getByRole('definition').allInnerTexts();
    return Object.fromEntries(terms.map((term, index) => [spaces(term), spaces(values[index] ?? '')]));
  }

  /** The three amount lines of `scope` (parts, delivery, total), as text and in cents. */
  async totals(scope: Locator) {
    const lines = Object.entries(await this.amountLines(scope));
    const find = (pattern: RegExp) => {
      const line = lines.find(([label]) => pattern.test(label));
      expect(line, `a line ${pattern} among ${JSON.stringify(lines)}`).toBeDefined();
      return { label: line![0], text: line![1], cents: cents(line![1]) };
    };
    return { lines, parts: find(/^Pièces/), shipping: find(/^Livraison/), total: find(/^Total TTC/) };
  }

  /** The price a shipping method's option shows ("9,90 €", "Gratuit"), in cents. */
  async methodPrice(name: RegExp | string): Promise<number> {
    const option = this.page.locator('label', { has: this.page.getByRole('radio', { name }) });
    const shown = spaces(await option.innerText()).match(/(\d[\d ]*,\d{2} €|Gratuit)$/);
    expect(shown, `a price on the option ${name}`).not.toBeNull();
    return cents(shown![1]);
  }

  async onSandbox() {
    await expect(this.page).toHaveURL(new RegExp(`^${E2E_SHOP_API_URL}/sandbox/checkout/`));
    await expect(this.page.getByRole('heading', { name: 'Paiement de test' })).toBeVisible();
  }

  /** The amount the sandbox payment page asks, in cents. */
  async sandboxAmount(): Promise<number> {
    return cents(
      await this.page
        .getByRole('button', { name: /^Payer/ })
        .innerText()
        .then((text) => text.replace(/^Payer\s*/, '')),
    );
  }

  async expectNoAxeViolation() {
    expect(await axeViolations(this.page)).toEqual([]);
  }

  /** The yard's staff command (`npm run orders -- <operation> <number>`), against the end-to-end shop API. */
  async staff(operation: 'validate' | 'wait' | 'ship' | 'fulfill' | 'cancel' | 'list', orderNumber?: string) {
    const { stdout } = await run(
      'npx',
      ['tsx', 'shop-api/src/staff/orders-cli.ts', operation, ...(orderNumber ? [orderNumber] : [])],
      {
        env: { ...process.env, SHOP_API_URL: E2E_SHOP_API_URL, STAFF_API_TOKEN: E2E_STAFF_TOKEN },
      },
    );
    return stdout;
  }

  /** Buys the first part of `listing` with the sandbox, collected at the yard; returns the part and the order number. */
  async buyFirstPartOf(listing: string, address: NewAddress, plates = '') {
    const part = await this.addFirstPartOf(listing);
    await this.proceedFromCart();
    await this.fillNewShippingAddress(address);
    await this.toShipping(plates);
    await this.payWith(/Retrait au centre VHU/);
    await this.onSandbox();
    await this.page.getByRole('button', { name: /^Payer/ }).click();
    await expect(this.page).toHaveURL(/\/commande\/valide$/);
    const number = (await this.page.getByRole('main').getByRole('status').first().textContent())!.match(/\d{9}/)![0];
    return { part, number };
  }
}
