import { expect, test } from '@playwright/test';
import { axeViolations } from './pages/axe';
import { CheckoutPage } from './pages/checkout-page';

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
/** STAFF_EMAIL is not set for the end-to-end shop: the yard's default inbox. */
const YARD_INBOX = 'contact@pieces-auto-recyclees.fr';

test.describe('whole vehicles for professionals', () => {
  test('the list is behind a professional account: visitors sign in, consumers are told why', async ({ page }) => {
    const shop = new CheckoutPage(page);
    await shop.goto('/vehicules-export');
    await page.getByRole('link', { name: 'Voir les véhicules disponibles (compte professionnel)' }).click();
    await expect(page).toHaveURL(/\/connexion\?retour=%2Fcompte%2Fvehicules-export$/);

    await shop.signUp(`particulier.${unique()}@exemple.fr`, 'Nina', 'Petit');
    await expect(
      page.getByRole('navigation', { name: 'Mon compte' }).getByRole('link', { name: 'Véhicules export' }),
    ).toHaveCount(0);
    await shop.account.goto('/compte/vehicules-export');
    await expect(page).toHaveTitle('Compte - Véhicules export');
    await expect(page.getByRole('main')).toContainText('ne sont cédés qu’à des professionnels');
    await expect(page.getByRole('link', { name: 'Compléter mon profil' })).toHaveAttribute('href', '/compte/profil');
    await expect(page.getByRole('link', { name: /^Demander un devis/ })).toHaveCount(0);
    // A vehicle's page is no way round.
    await shop.account.goto('/compte/vehicules-export/VE-0001');
    await expect(page).toHaveURL(/\/compte\/vehicules-export$/);
  });

  test('a professional reads the list and asks for a quote; the yard is mailed and the customer gets a copy', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const shop = new CheckoutPage(page);
    const email = `export.${unique()}@exemple.fr`;
    await shop.signUp(email, 'Karim', 'Haddad', { name: 'Haddad Export SARL', siret: '732 829 320 00074' });
    await page.getByRole('navigation', { name: 'Mon compte' }).getByRole('link', { name: 'Véhicules export' }).click();
    await expect(page).toHaveTitle('Compte - Véhicules export');
    const vehicles = page
      .getByRole('list', { name: 'Véhicules disponibles, du plus récent au plus ancien' })
      .getByRole('article');
    expect(await vehicles.count()).toBeGreaterThanOrEqual(4);
    const golf = vehicles.filter({ has: page.getByRole('heading', { name: 'Volkswagen Golf VII 1.6 TDI 110' }) });
    await expect(golf).toContainText('VGE — véhicule gravement endommagé');
    await expect(golf).toContainText('211 500 km');
    await expect(golf).toContainText('Rapport d’expertise VGE');
    await expect(golf).toContainText('Sur devis');
    await expect(vehicles.filter({ hasText: 'Renault Clio IV 1.5 dCi 90' })).toContainText(/2\s100,00\s€ HT/);
    await expect(page.getByRole('button', { name: /panier|payer/i })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await golf.getByRole('link', { name: 'Demander un devis pour Volkswagen Golf VII 1.6 TDI 110' }).click();
    await expect(page).toHaveTitle('Compte - Demande de devis');
    await expect(page.getByRole('main')).toContainText('Haddad Export SARL, SIRET 73282932000074');
    await shop.waitUntilInteractive();
    const send = page.getByRole('button', { name: 'Envoyer la demande de devis' });
    await send.click();
    await expect(
      page.getByText('Indiquez un numéro de téléphone pour que nous puissions vous rappeler.'),
    ).toBeVisible();
    await expect(page.getByLabel('Téléphone')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByLabel('Pays de destination (facultatif)').fill('Belgique');
    await page.getByLabel('Message (facultatif)').fill('Enlèvement possible jeudi ?');
    await send.click();
    await expect(page).toHaveURL(/\/compte\/vehicules-export\?devis=VE-0003$/);
    await expect(page.getByRole('status')).toHaveText(
      'Demande de devis envoyée pour Volkswagen Golf VII 1.6 TDI 110. Nous vous répondons sous deux jours ouvrés ; une copie vous a été envoyée par e-mail.',
    );

    const copy = await shop.account.mailed(email, 'Votre demande de devis — Volkswagen Golf VII 1.6 TDI 110');
    expect(copy.text).toContain('Enlèvement possible jeudi ?');
    const toYard = await shop.account.mailed(YARD_INBOX, 'Demande de devis VE-0003 — Haddad Export SARL');
    expect(toYard.text).toContain(`Contact : Karim Haddad, ${email}, 0612345678`);
    expect(toYard.text).toContain('Destination : Belgique');
  });
});
