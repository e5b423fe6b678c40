/**
 * A registration cannot be taken over, and a password reset puts what someone else may have added to
 * the owner's review (decision 0026), as a stranger and an owner meet them in two browsers.
 */
import { expect, test, type Browser } from '@playwright/test';
import { E2E_SHOP_API_URL } from '../../playwright.config';
import { AccountPage } from './pages/account-page';
import { CheckoutPage } from './pages/checkout-page';

// Two browsers, mails, a reset and a checkout each: longer than the suite's 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const OWNERS = 'mot-de-passe-de-lucie-2026';
const STRANGERS = 'mot-de-passe-du-pirate-2026';

/** The test shop's own route: `email` has been the account's address `days` days (a recovery needs a week). */
async function heldFor(email: string, days: number) {
  const answer = await fetch(`${E2E_SHOP_API_URL}/test/email-tenure`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, days }),
  });
  expect(answer.status, `tenure of ${email}`).toBe(204);
}

async function browserOf(browser: Browser) {
  return new AccountPage(await (await browser.newContext()).newPage());
}

/** Someone who knows the password, signed in in another browser. */
async function thiefSignedIn(browser: Browser, email: string) {
  const thief = await browserOf(browser);
  await thief.goto('/connexion');
  await thief.signIn(email, 'pieces-auto-2026');
  await expect(thief.page).toHaveURL(/\/compte$/);
  return thief;
}

test('the owner registers, a stranger registers the same address: the owner’s password confirms the owner’s account, from either mail', async ({
  browser,
  page,
}) => {
  const email = `prise.${unique()}@exemple.fr`;
  const owner = new AccountPage(page);
  await owner.goto('/connexion');
  await owner.register({ firstName: 'Lucie', lastName: 'Durand', email, password: OWNERS });
  await expect(owner.registerForm().getByRole('status')).toBeVisible();
  const first = await owner.mailedLink(email, '/verification/');

  const stranger = await browserOf(browser);
  await stranger.goto('/connexion');
  await stranger.register({ firstName: 'Pirate', lastName: 'Inconnu', email, password: STRANGERS });
  await expect(stranger.registerForm().getByRole('status')).toBeVisible();
  await expect.poll(() => owner.mailedLink(email, '/verification/')).not.toBe(first);
  // The second mail says whose registration it is.
  expect((await owner.mailed(email, 'Confirmez votre adresse e-mail')).text).toContain('au nom de P. I. (initiales');

  // The owner follows the second mail, as the victim did, with their own password.
  await owner.confirmEmail(await owner.mailedLink(email, '/verification/'), OWNERS);
  // The stranger's password does not sign in; the owner's does, to an account in the owner's name.
  await stranger.goto('/connexion');
  await stranger.signIn(email, STRANGERS);
  await expect(stranger.signInForm().getByRole('alert')).toContainText('E-mail ou mot de passe incorrect');
  await owner.goto('/connexion');
  await owner.signIn(email, OWNERS);
  await expect(page).toHaveURL(/\/compte$/);
  await owner.goto('/compte/profil');
  await expect(page.getByLabel('Prénom')).toHaveValue('Lucie');
  // The first link, spent with the others.
  await owner.goto(first);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Ce lien est inconnu ou a expiré');
});

test('after a password reset, an address someone else added is to review and never preselected at checkout', async ({
  browser,
  page,
}) => {
  const email = `revue.${unique()}@exemple.fr`;
  const owner = new AccountPage(page);
  await owner.signUp(email, 'Lucie', 'Durand');

  // Someone who knows the password signs in elsewhere and adds the address the parts should go to.
  const thief = await thiefSignedIn(browser, email);
  await thief.goto('/compte/adresses/ajouter');
  await thief.waitUntilInteractive();
  await thief.page.getByLabel('Adresse', { exact: true }).fill('1 rue du Voleur');
  await thief.page.getByLabel('Code postal').fill('59000');
  await thief.page.getByLabel('Ville').fill('Lille');
  await thief.page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(thief.page).toHaveURL(/\/compte\/adresses$/);
  await expect(thief.page.getByText('Adresse par défaut')).toBeVisible();

  // The owner resets the password through the mailbox.
  await owner.goto('/mot-de-passe-oublie');
  await owner.waitUntilInteractive();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(page.getByRole('status')).toContainText('Si un compte existe pour');
  await owner.goto(await owner.mailedLink(email, '/mot-de-passe-oublie/'));
  await owner.waitUntilInteractive();
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('nouveau-mot-de-lucie-2026');
  await page.getByLabel('Confirmer le nouveau mot de passe').fill('nouveau-mot-de-lucie-2026');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByRole('status')).toContainText('Votre mot de passe est changé');
  await owner.goto('/connexion');
  await owner.signIn(email, 'nouveau-mot-de-lucie-2026');
  await expect(page).toHaveURL(/\/compte$/);

  await owner.goto('/compte/adresses');
  await expect(page.getByText(/^À vérifier : cette adresse a été ajoutée/)).toBeVisible();
  await expect(page.getByText('Adresse par défaut')).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: /^C’est bien mon adresse : Lucie Durand, 1 rue du Voleur/ }),
  ).toBeVisible();
  // The thief's session is over.
  await thief.goto('/compte/adresses');
  await expect(thief.page).toHaveURL(/\/connexion/);

  // At checkout it is offered, not chosen (before: the default, preselected).
  const checkout = new CheckoutPage(page);
  await checkout.addFirstPartOf('/pieces/vitrage');
  await checkout.proceedFromCart();
  const shipping = checkout.shippingFieldset();
  await expect(shipping.getByRole('radio', { name: /1 rue du Voleur/ })).not.toBeChecked();
  // And it says why (before: listed like any other address).
  await expect(
    shipping.getByRole('radio', { name: /1 rue du Voleur.* — à vérifier dans « Mes adresses »/ }),
  ).toBeVisible();
  await expect(shipping.getByRole('radio', { name: 'Une nouvelle adresse' })).toBeChecked();

  // Kept by the owner, it is theirs again.
  await owner.goto('/compte/adresses');
  await owner.waitUntilInteractive();
  await page.getByRole('button', { name: /^C’est bien mon adresse : Lucie Durand, 1 rue du Voleur/ }).click();
  await expect(page.getByText(/^À vérifier/)).toHaveCount(0);
});

test('someone who knew the password moves the account to their mailbox: the address it left takes it back (decision 0028)', async ({
  browser,
  page,
}) => {
  const email = `reprise.${unique()}@exemple.fr`;
  const thiefs = `voleur.${unique()}@exemple.fr`;
  const owner = new AccountPage(page);
  await owner.signUp(email, 'Lucie', 'Durand');
  // The owner's address has held the account more than a week: leaving it gives it a way back.
  await heldFor(email, 8);

  const thief = await thiefSignedIn(browser, email);
  await thief.goto('/compte/profil');
  await thief.waitUntilInteractive();
  await thief.page.getByLabel('Adresse e-mail').fill(thiefs);
  await thief.page.getByLabel('Mot de passe actuel').fill('pieces-auto-2026');
  await thief.page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(thief.page.getByRole('status')).toContainText(`ouvrez le lien que nous venons d’envoyer à ${thiefs}`);
  await thief.confirmEmail(await thief.mailedLink(thiefs, '/verification/'), 'pieces-auto-2026');

  // The owner's mailbox hears of it, with the way back; the new address is masked (its first letter
  // and its domain), for whoever reads this mailbox next.
  const notice = (await owner.mailed(email, 'L’adresse e-mail de votre compte a changé')).text;
  expect(notice).toContain('v•••@exemple.fr');
  expect(notice).not.toContain(thiefs);
  await owner.goto(await owner.mailedLink(email, '/recuperation/'));
  await expect(page).toHaveTitle(/Récupérer votre compte/);
  await owner.waitUntilInteractive();
  // The mailbox alone is not the account: it takes a password the account had at this address.
  const previous = page.getByLabel('Un mot de passe de votre compte avec cette adresse');
  await previous.fill('un-mot-de-passe-devine');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('a-nouveau-chez-lucie-2026');
  await page.getByLabel('Confirmer le nouveau mot de passe').fill('a-nouveau-chez-lucie-2026');
  await page.getByRole('button', { name: 'Récupérer mon compte' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    'Ce n’est pas un mot de passe que ce compte avait avec cette adresse e-mail',
  );
  await previous.fill('pieces-auto-2026');
  await page.getByRole('button', { name: 'Récupérer mon compte' }).click();
  await expect(page.getByRole('status')).toContainText('Votre compte a repris cette adresse e-mail');

  await owner.goto('/connexion');
  await owner.signIn(email, 'a-nouveau-chez-lucie-2026');
  await expect(page).toHaveURL(/\/compte$/);
  await owner.goto('/compte/profil');
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue(email);
  // The thief's session is over, and their mailbox no longer signs in.
  await thief.goto('/compte/profil');
  await expect(thief.page).toHaveURL(/\/connexion/);
  await thief.signIn(thiefs, 'pieces-auto-2026');
  await expect(thief.signInForm().getByRole('alert')).toContainText('E-mail ou mot de passe incorrect');
  // The link served once.
  await owner.goto(await owner.mailedLink(email, '/recuperation/'));
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Ce lien est inconnu ou a expiré');
});

test('an owner whose registration password is not found (forgotten, or pushed out by strangers) makes the account from the link with names (decision 0028)', async ({
  page,
}) => {
  const email = `oubli.${unique()}@exemple.fr`;
  const owner = new AccountPage(page);
  await owner.goto('/connexion');
  await owner.register({ firstName: 'Lucie', lastName: 'Durand', email, password: OWNERS });
  await expect(owner.registerForm().getByRole('status')).toBeVisible();
  await owner.goto(await owner.mailedLink(email, '/verification/'));
  await owner.waitUntilInteractive();
  const main = page.getByRole('main');
  await main.getByLabel('Mot de passe').fill('un-autre-mot-de-passe-2026');
  await page.getByRole('button', { name: 'Confirmer mon adresse e-mail' }).click();
  await expect(main.getByRole('alert')).toContainText('Indiquez aussi vos prénom et nom');
  await main.getByText('Vous ne retrouvez pas le mot de passe choisi à l’inscription ?').click();
  await main.getByLabel('Prénom').fill('Lucie');
  await main.getByLabel('Nom', { exact: true }).fill('Durand-Martin');
  await page.getByRole('button', { name: 'Confirmer mon adresse e-mail' }).click();
  await expect(main.getByRole('status')).toContainText('Votre adresse e-mail est confirmée');
  await owner.goto('/connexion');
  await owner.signIn(email, 'un-autre-mot-de-passe-2026');
  await expect(page).toHaveURL(/\/compte$/);
  await owner.goto('/compte/profil');
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Durand-Martin');
});
