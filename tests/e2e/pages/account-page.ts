import { expect, type Page } from '@playwright/test';
import { readOutbox } from '../../../shop-api/src/mail/outbox';
import { E2E_VAR_DIR } from '../../../playwright.config';
import { ShopPage } from './shop-page';

/** The end-to-end shop's mail outbox (no SMTP_URL). */
const E2E_OUTBOX = `${E2E_VAR_DIR}/mail`;

/** Page object for the sign-in page and the customer's area. */
export class AccountPage extends ShopPage {
  constructor(page: Page) {
    super(page);
  }

  signInForm() {
    return this.page.getByRole('region', { name: 'Déjà client ?' });
  }

  registerForm() {
    return this.page.getByRole('region', { name: 'Nouveau client ?' });
  }

  async register(person: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    company?: { name: string; siret: string };
  }) {
    const form = this.registerForm();
    await form.getByLabel('Prénom').fill(person.firstName);
    await form.getByLabel('Nom', { exact: true }).fill(person.lastName);
    await form.getByLabel('Adresse e-mail').fill(person.email);
    await form.getByLabel('Mot de passe').fill(person.password);
    if (person.company) {
      await form.getByLabel(/Je suis un professionnel/).check();
      await form.getByLabel('Raison sociale').fill(person.company.name);
      await form.getByLabel('SIRET').fill(person.company.siret);
    }
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
  }

  /** The newest mail to `email` whose subject starts with `subject` (waits for it). */
  async mailed(email: string, subject: string) {
    let found: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
    await expect
      .poll(
        async () => {
          found = (await readOutbox(E2E_OUTBOX, 200)).find(
            (mail) => mail.to === email && mail.subject.startsWith(subject),
          );
          return found;
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();
    return found!;
  }

  /** A new customer (password `pieces-auto-2026`), verified through the mailed link and signed in. */
  async signUp(email: string, firstName = 'Léa', lastName = 'Martin', company?: { name: string; siret: string }) {
    await this.goto('/connexion');
    await this.register({ firstName, lastName, email, password: 'pieces-auto-2026', company });
    await expect(this.registerForm().getByRole('status')).toBeVisible();
    await this.confirmEmail(await this.mailedLink(email, '/verification/'));
    await this.goto('/connexion');
    await this.signIn(email, 'pieces-auto-2026');
    await expect(this.page).toHaveURL(/\/compte$/);
  }

  /**
   * Opens a confirmation link and confirms it with the password chosen at registration (or, for a new
   * e-mail, the account's): opening the link alone confirms nothing.
   */
  async confirmEmail(link: string, password = 'pieces-auto-2026') {
    await this.goto(link);
    await this.waitUntilInteractive();
    await this.page.getByRole('main').getByLabel('Mot de passe').fill(password);
    await this.page.getByRole('button', { name: 'Confirmer mon adresse e-mail' }).click();
    await expect(this.page.getByRole('status')).toContainText('Votre adresse e-mail est confirmée');
  }

  async signIn(email: string, password: string) {
    const form = this.signInForm();
    await form.getByLabel('Adresse e-mail').fill(email);
    await form.getByLabel('Mot de passe').fill(password);
    await form.getByRole('button', { name: 'Se connecter' }).click();
  }

  /** The path of the newest link to `pathPrefix` mailed to `email` (waits for the mail). */
  async mailedLink(email: string, pathPrefix: string): Promise<string> {
    let found: string | undefined;
    await expect
      .poll(
        async () => {
          const mails = await readOutbox(E2E_OUTBOX, 200);
          found = mails
            .find((mail) => mail.to === email)
            ?.links.map((link) => new URL(link).pathname)
            .find((path) => path.startsWith(pathPrefix));
          return found;
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();
    return found!;
  }
}
