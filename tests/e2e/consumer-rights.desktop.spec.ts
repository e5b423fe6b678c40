import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { STRICTLY_NECESSARY_COOKIE_NAMES } from '../../lib/security/cookies';
import { E2E_CONTACT_FORM_URL } from '../../playwright.config';
import { CheckoutPage } from './pages/checkout-page';

// Parts are unique: these journeys buy from a sub-family no other journey buys from or sells
// (see sales.desktop.spec.ts).
const LISTING = '/pieces/climatisation-chauffage/compresseur-clim';
const PLATE = 'FG-482-KL';
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test.describe('a consumer’s rights', () => {
  test('withdraws online from a paid order, downloads their data, then deletes their account', async ({ page }) => {
    test.setTimeout(150_000);
    const checkout = new CheckoutPage(page);
    const email = `droits.${unique()}@exemple.fr`;
    await checkout.signUp(email, 'Inès', 'Moreau');
    const { part, number } = await checkout.buyFirstPartOf(
      LISTING,
      { firstName: 'Inès', lastName: 'Moreau', street: '8 rue Voltaire', postcode: '59000', city: 'Lille' },
      PLATE,
    );

    // The order offers the withdrawal while the period runs (the parts are not even collected yet).
    await page.getByRole('link', { name: 'Suivre ma commande' }).click();
    const section = page.getByRole('region', { name: 'Droit de rétractation' });
    await expect(section).toContainText("jusqu'à 14 jours après la réception des pièces");
    await section.getByRole('link', { name: 'Renoncer au contrat ici' }).click();
    await expect(page).toHaveTitle('Compte - Rétractation');
    await expect(page.getByRole('main')).toContainText('Inès Moreau');
    await expect(page.getByRole('main')).toContainText(email);
    const choice = page.getByRole('checkbox', { name: part.name });
    await expect(choice).toBeChecked();
    // Ticked in the page as served too (before: unticked until the script ticked them all).
    const served = await (await page.request.get(page.url())).text();
    expect(served).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
    await checkout.expectNoAxeViolation();
    // Nothing chosen: a French message, nothing recorded.
    await choice.uncheck();
    await page.getByRole('button', { name: 'Confirmer la rétractation' }).click();
    await expect(page.getByText('Cochez au moins une pièce.')).toBeVisible();
    await choice.check();
    await page.getByRole('button', { name: 'Confirmer la rétractation' }).click();

    await expect(page).toHaveURL(/\/compte\/commandes\/[^/]+\?retractation=enregistree$/);
    await expect(page.getByRole('main').getByRole('status')).toContainText('Votre rétractation est enregistrée');
    await expect(section).toContainText(
      new RegExp(
        `Rétractation enregistrée le \\d{1,2} \\S+ \\d{4} à \\d\\d h \\d\\d pour : ${part.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`,
      ),
    );
    await expect(section).toContainText('Accusé de réception envoyé par e-mail.');
    await expect(section.getByRole('link', { name: 'Renoncer au contrat ici' })).toHaveCount(0);
    const acknowledgement = await checkout.account.mailed(
      email,
      `Accusé de réception de votre rétractation — commande n° ${number}`,
    );
    expect(acknowledgement.text).toMatch(/le \S+ \d{1,2} \S+ \d{4} à \d\d h \d\d \(heure de Paris\)/);
    expect(acknowledgement.text).toContain(part.name);
    // The yard's staff see it in their order command.
    const staffList = await checkout.staff('list');
    expect(staffList).toMatch(
      new RegExp(
        `${number}[\\s\\S]*?RÉTRACTATION demandée le \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d : ${part.href.split('/')[2]!.toUpperCase()} \\(accusé de réception envoyé\\)`,
      ),
    );

    // The licence plate is the customer's: on no public page.
    for (const url of ['/', LISTING, part.href, '/sitemap.xml', `/recherche?q=${encodeURIComponent(part.name)}`]) {
      const response = await page.request.get(url);
      expect(await response.text(), url).not.toContain(PLATE);
    }

    // Every piece of their data, as a file.
    await checkout.goto('/compte/donnees');
    await expect(page).toHaveTitle('Compte - Mes données');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Télécharger mes données' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mes-donnees-pieces-auto-recyclees-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.customer).toMatchObject({ email, firstName: 'Inès', lastName: 'Moreau', group: 'individual' });
    expect(data.licencePlates).toEqual([PLATE]);
    const order = data.orders.find((entry: { number: string }) => entry.number === number);
    expect(order).toMatchObject({ licencePlates: [PLATE], shippingAddress: { city: 'Lille' } });
    expect(order.withdrawals).toHaveLength(1);
    expect(Array.isArray(data.addresses)).toBe(true);
    await checkout.expectNoAxeViolation();

    // Only strictly necessary cookies were ever set (session, cart, last order).
    const names = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(names.length).toBeGreaterThan(2);
    for (const name of names) expect(STRICTLY_NECESSARY_COOKIE_NAMES, name).toContain(name);

    // Deleting the account asks for the password.
    await page.getByLabel('Mot de passe actuel').fill('pas-le-bon-mot-de-passe');
    await page.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
    await expect(checkout.alert()).toContainText('Le mot de passe fourni est différent de celui en cours.');
    await page.getByLabel('Mot de passe actuel').fill('pieces-auto-2026');
    await page.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
    await expect(page).toHaveURL(/\/compte-supprime$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Compte supprimé' })).toBeVisible();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('shop_refresh_token');
    await checkout.account.goto('/connexion');
    await checkout.account.signIn(email, 'pieces-auto-2026');
    await expect(checkout.account.signInForm().getByRole('alert')).toContainText('E-mail ou mot de passe incorrect.');
  });

  test('a professional registers with a SIRET and reads prices excluding VAT; others do not', async ({ page }) => {
    const checkout = new CheckoutPage(page);
    const email = `garage.${unique()}@exemple.fr`;
    await checkout.goto('/pieces/carrosserie/capot');
    const price = checkout.parts.first().locator('.price-ht');
    await expect(price).toBeAttached();
    await expect(price).toBeHidden();

    await checkout.account.goto('/connexion');
    await checkout.account.register({
      firstName: 'Marc',
      lastName: 'Leroy',
      email,
      password: 'pieces-auto-2026',
      company: { name: 'Garage du Beffroi', siret: '732 829 320 00075' },
    });
    await expect(checkout.account.registerForm().getByText(/Un SIRET compte 14 chiffres/)).toBeVisible();
    await checkout.account.registerForm().getByLabel('SIRET').fill('732 829 320 00074');
    await checkout.account.registerForm().getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(checkout.account.registerForm().getByRole('status')).toBeVisible();
    await checkout.account.confirmEmail(await checkout.account.mailedLink(email, '/verification/'));
    await checkout.account.goto('/connexion');
    await checkout.account.signIn(email, 'pieces-auto-2026');
    await expect(page).toHaveURL(/\/compte$/);

    await checkout.goto('/compte/profil');
    await expect(page.getByLabel('SIRET')).toHaveValue('73282932000074');
    await expect(page.getByLabel('Raison sociale')).toHaveValue('Garage du Beffroi');
    await checkout.goto('/pieces/carrosserie/capot');
    const card = checkout.parts.first();
    await expect(card.locator('.price-ht')).toBeVisible();
    // 20 % VAT: the price excluding it is the price divided by 1.2, to the cent.
    const ttc = Number(
      (await card.locator('.part-card-price').evaluate((node) => node.firstChild?.textContent ?? ''))
        .replace(/[^\d,]/g, '')
        .replace(',', '.'),
    );
    const ht = (Math.round((ttc * 100) / 1.2) / 100).toFixed(2).replace('.', ',');
    await expect(card.locator('.price-ht')).toHaveText(new RegExp(`^soit ${ht}\\s€ HT$`));
  });

  test('the contact form service is reached only once the visitor asks for it', async ({ page }) => {
    const formOrigin = new URL(E2E_CONTACT_FORM_URL).origin;
    const reached: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(formOrigin)) reached.push(request.url());
    });
    const checkout = new CheckoutPage(page);
    await checkout.goto('/');
    const dialog = await checkout.openContactDialog();
    await expect(dialog).toContainText(`Le formulaire est fourni par ${new URL(E2E_CONTACT_FORM_URL).host}`);
    await expect(dialog.locator('iframe')).toHaveCount(0);
    expect(reached).toEqual([]);
    await dialog.getByRole('button', { name: 'Afficher le formulaire' }).click();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', E2E_CONTACT_FORM_URL);
    await expect.poll(() => reached.length).toBeGreaterThan(0);
    // E-mail and phone stay on offer beside the form.
    await expect(dialog.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  });
});
