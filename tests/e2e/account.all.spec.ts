import { axeViolations } from './pages/axe';
import { expect, test, type Page } from '@playwright/test';
import { AccountPage } from './pages/account-page';
import { expectThumbSized } from './pages/shop-page';

const unique = (project: string) => `${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function expectNoAxeViolation(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test.describe('customer account', () => {
  test('register, verify by mail, sign in, edit profile, password and addresses, sign out, recover the password', async ({
    page,
  }, testInfo) => {
    // The whole account journey, with a wrong then a right password on the confirmation page.
    test.setTimeout(150_000);
    const account = new AccountPage(page);
    const email = `lea.${unique(testInfo.project.name)}@exemple.fr`;
    const password = 'pieces-auto-2026';

    await account.goto('/connexion');
    await expect(page).toHaveTitle("Se connecter / S'inscrire");
    await expectNoAxeViolation(page);
    // The browser checks first, in French.
    await account.registerForm().getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(account.registerForm().getByText('Ce champ est obligatoire.').first()).toBeVisible();
    await account.register({ firstName: 'Léa', lastName: 'Martin', email, password });
    const sent = account.registerForm().getByRole('status');
    await expect(sent).toContainText(`Nous envoyons un e-mail à ${email}`);
    const sentText = await sent.textContent();
    // The answer sits above the emptied form: it takes the focus and comes into view (on a phone it was
    // a screen above the button just pressed).
    await expect(account.registerForm().getByRole('status')).toBeFocused();
    await expect(account.registerForm().getByRole('status')).toBeInViewport();

    // Not verified yet: sign-in is refused with a way forward.
    await account.signIn(email, password);
    await expect(account.signInForm().getByRole('alert')).toContainText(
      'E-mail ou mot de passe incorrect. Si vous venez de créer votre compte, confirmez d’abord votre adresse e-mail avec le lien que nous vous avons envoyé.',
    );

    // The first link lost: a new one is asked for from the sign-in form, and only the new one works
    // (before: no way to get one, and registering again said the e-mail was taken).
    const lost = await account.mailedLink(email, '/verification/');
    await account.signInForm().getByRole('link', { name: 'Lien de confirmation perdu ?' }).click();
    await expect(page).toHaveURL(/\/lien-de-confirmation$/);
    await expect(page).toHaveTitle('Nouveau lien de confirmation');
    await account.waitUntilInteractive();
    await page.getByRole('main').getByLabel('Adresse e-mail').fill(email);
    await page.getByRole('button', { name: 'Recevoir un nouveau lien' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText('un nouveau lien de confirmation');
    await expect.poll(() => account.mailedLink(email, '/verification/')).not.toBe(lost);
    await account.goto(lost);
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Ce lien est inconnu ou a expiré');

    const verification = await account.mailedLink(email, '/verification/');
    await account.goto(verification);
    // The heading names the page, whatever the outcome (it said « Vérification en cours... » after it).
    await expect(page).toHaveTitle('Confirmation de l’adresse e-mail');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirmation de l’adresse e-mail');
    // Opening the link confirms nothing: the password chosen at registration picks the registration.
    await account.waitUntilInteractive();
    await page.getByRole('main').getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe');
    await page.getByRole('button', { name: 'Confirmer mon adresse e-mail' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Ce n’est le mot de passe d’aucune inscription à cette adresse',
    );
    await expectNoAxeViolation(page);
    await account.confirmEmail(verification, password);
    await expectNoAxeViolation(page);
    // Used again, the link says so, without speaking of a form the page does not have.
    await account.goto(verification);
    const refused = page.getByRole('main').getByRole('alert');
    await expect(refused).toContainText('Ce lien n’a pas pu être utilisé');
    await expect(refused).toContainText('Ce lien est inconnu ou a expiré');
    await expect(refused).not.toContainText('formulaire');
    await expect(page.getByRole('link', { name: 'Recevoir un nouveau lien' })).toHaveAttribute(
      'href',
      '/lien-de-confirmation',
    );
    await page.getByRole('link', { name: 'Aller à la connexion' }).click();
    await account.waitUntilInteractive();

    // Registering the address again reads exactly as the first time (before: « Cet e-mail est déjà
    // utilisé », which told anyone who has an account); the owner is the one told, by mail.
    await account.register({ firstName: 'Intrus', lastName: 'Inconnu', email, password: 'un-autre-mot-de-passe' });
    await expect(account.registerForm().getByRole('status')).toHaveText(sentText!);
    expect((await account.mailed(email, 'Vous avez déjà un compte')).text).toContain('Bonjour Léa,');

    await account.signIn(email, 'mauvais-mot-de-passe');
    await expect(account.signInForm().getByRole('alert')).toContainText('E-mail ou mot de passe incorrect.');
    await account.signIn(email, password);
    await expect(page).toHaveURL(/\/compte$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonjour Léa');
    await expect(page).toHaveTitle('Compte - Mon compte');
    await expectNoAxeViolation(page);
    await expect(account.header.getByRole('link', { name: 'Mon compte (connecté)' })).toBeVisible();
    // Tokens never reach scripts.
    const cookies = await page.context().cookies();
    expect(cookies.filter((c) => c.name.startsWith('shop_')).every((c) => c.httpOnly && c.sameSite === 'Lax')).toBe(
      true,
    );
    expect(await page.evaluate(() => document.cookie)).not.toContain('shop_token');

    await account.goto('/compte/profil');
    await expect(page).toHaveTitle('Compte - Profil');
    await expectNoAxeViolation(page);
    await page.getByLabel('Prénom').fill('Lucie');
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByLabel('Professionnel').check();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('status')).toHaveText('Vos informations sont enregistrées.');
    await account.goto('/compte');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonjour Lucie');
    await expect(page.getByText('Compte professionnel')).toBeVisible();

    await account.goto('/compte/mot-de-passe');
    await expect(page).toHaveTitle('Compte - Changer de mot de passe');
    await page.getByLabel('Mot de passe actuel').fill('pas-le-bon-mot');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('nouveau-mot-2026');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('nouveau-mot-2026');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Le mot de passe fourni est différent de celui en cours.',
    );
    await page.getByLabel('Mot de passe actuel').fill(password);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.getByRole('status')).toHaveText('Votre mot de passe est changé.');

    await account.goto('/compte/adresses');
    await expect(page).toHaveTitle('Compte - Adresses');
    await expect(page.getByText("Vous n'avez pas encore d'adresse enregistrée.")).toBeVisible();
    await page.getByRole('link', { name: 'Ajouter une adresse' }).click();
    await expect(page).toHaveTitle('Compte - Ajouter une adresse');
    await account.waitUntilInteractive();
    await page.getByLabel('Adresse', { exact: true }).fill('12 rue des Forges');
    await page.getByLabel('Code postal').fill('5950');
    await page.getByLabel('Ville').fill('Douai');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Un code postal français compte 5 chiffres.')).toBeVisible();
    await page.getByLabel('Code postal').fill('59500');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(/\/compte\/adresses$/);
    await expect(page.getByText('Adresse par défaut')).toBeVisible();
    await expect(page.locator('address')).toContainText('12 rue des Forges');
    await expectNoAxeViolation(page);
    await expectThumbSized(page.getByRole('link', { name: /^Modifier : Lucie Martin/ }));
    await expectThumbSized(page.getByRole('button', { name: /^Supprimer : Lucie Martin/ }));

    await page.getByRole('link', { name: /^Modifier : Lucie Martin, 12 rue des Forges/ }).click();
    await expect(page).toHaveTitle("Compte - Modifier l'adresse");
    await account.waitUntilInteractive();
    await page.getByLabel('Ville').fill('Lens');
    await page.getByLabel('Code postal').fill('62300');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(/\/compte\/adresses$/);
    await expect(page.locator('address')).toContainText('62300 Lens');
    // The address is being edited in a second tab and deleted from a third, while this one lists it.
    const editing = new AccountPage(await page.context().newPage());
    await editing.goto('/compte/adresses');
    await editing.page.getByRole('link', { name: /^Modifier : Lucie Martin/ }).click();
    await editing.waitUntilInteractive();
    const deleting = new AccountPage(await page.context().newPage());
    await deleting.goto('/compte/adresses');
    deleting.page.once('dialog', (dialog) => void dialog.accept());
    await deleting.page.getByRole('button', { name: /^Supprimer : Lucie Martin/ }).click();
    await expect(deleting.page.getByText("Vous n'avez pas encore d'adresse enregistrée.")).toBeVisible();
    // Deleting it again here ends as the shopper meant (before: "Not Found", the shop API's English).
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: /^Supprimer : Lucie Martin/ }).click();
    await expect(page.getByText("Vous n'avez pas encore d'adresse enregistrée.")).toBeVisible();
    // Saving it in the editing tab says why it cannot be, in French, and keeps what was typed.
    await editing.page.getByLabel('Ville').fill('Arras');
    await editing.page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(editing.page.getByRole('main').getByRole('alert')).toContainText(
      'Cette adresse n’est plus dans votre carnet.',
    );
    await expect(editing.page.getByLabel('Ville')).toHaveValue('Arras');
    await editing.page.close();
    await deleting.page.close();

    await account.goto('/compte/commandes');
    await expect(page.getByText("Vous n'avez pas encore passé de commande.")).toBeVisible();

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(account.header.getByRole('link', { name: 'Mon compte', exact: true })).toBeVisible();
    await page.goto('/compte');
    await expect(page).toHaveURL(/\/connexion\?retour=%2Fcompte$/);

    await account.waitUntilInteractive();
    await account.signInForm().getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
    await account.waitUntilInteractive();
    await expectNoAxeViolation(page);
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(page.getByRole('status')).toContainText('Si un compte existe pour');
    const reset = await account.mailedLink(email, '/mot-de-passe-oublie/');
    await account.goto(reset);
    await expectNoAxeViolation(page);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('encore-un-mot-2026');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('encore-un-mot-2026');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.getByRole('status')).toContainText('Votre mot de passe est changé');
    await page.getByRole('link', { name: 'Aller à la connexion' }).click();
    await account.waitUntilInteractive();
    await account.signIn(email, 'nouveau-mot-2026');
    await expect(account.signInForm().getByRole('alert')).toBeVisible();
    await account.signIn(email, 'encore-un-mot-2026');
    await expect(page).toHaveURL(/\/compte$/);

    // The used link, opened again, says so at once: no form to fill in for nothing (before: the
    // refusal came after a new password typed twice), and the way to a new link.
    await account.goto(reset);
    await expect(page.getByRole('main').getByRole('alert')).toContainText('a déjà servi');
    await expect(page.getByLabel('Nouveau mot de passe', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Recevoir un nouveau lien' })).toHaveAttribute(
      'href',
      '/mot-de-passe-oublie',
    );
    await expectNoAxeViolation(page);
  });
});
