/**
 * The account's security flows, on desktop only: what they check is the server's (mails, sessions,
 * guards), the same on every screen; the phone's layout of the account is checked in account.all.spec.ts.
 */
import { axeViolations } from './pages/axe';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DIST_DIR } from '../../playwright.config';
import { actionsOfBuild } from './fuzz/storefront-hostile';
import { AccountPage } from './pages/account-page';

const unique = (project: string) => `${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function expectNoAxeViolation(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test.describe('customer account', () => {
  test('changing the e-mail asks for the password, waits for the new address, tells the old one and ends the other sessions', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const account = new AccountPage(page);
    const email = `ancienne.${unique(testInfo.project.name)}@exemple.fr`;
    const next = `nouvelle.${unique(testInfo.project.name)}@exemple.fr`;
    const password = 'pieces-auto-2026';
    await account.goto('/connexion');
    await account.register({ firstName: 'Léa', lastName: 'Martin', email, password });
    await expect(account.registerForm().getByRole('status')).toBeVisible();
    await account.confirmEmail(await account.mailedLink(email, '/verification/'), password);
    // Another device is signed in too.
    const other = await browser.newContext();
    const otherAccount = new AccountPage(await other.newPage());
    for (const [who, signedIn] of [
      [account, page],
      [otherAccount, otherAccount.page],
    ] as const) {
      await who.goto('/connexion');
      await who.signIn(email, password);
      await expect(signedIn).toHaveURL(/\/compte$/);
    }

    await account.goto('/compte/profil');
    await expect(page.getByLabel('Mot de passe actuel')).toHaveCount(0);
    await page.getByLabel('Adresse e-mail').fill(next);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Saisissez votre mot de passe actuel pour changer d’adresse e-mail.')).toBeVisible();
    await page.getByLabel('Mot de passe actuel').fill(password);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('status')).toContainText(`ouvrez le lien que nous venons d’envoyer à ${next}`);
    // Until the link is followed, the account keeps its address.
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue(email);
    await expect(page.getByText(`Nouvelle adresse en attente : ${next}.`)).toBeVisible();
    await expectNoAxeViolation(page);
    expect((await account.mailed(email, 'Demande de changement de votre adresse e-mail')).text).toContain(
      'n•••@exemple.fr',
    );

    await account.confirmEmail(await account.mailedLink(next, '/verification/'), password);
    // The address left reads the new one masked (its first letter and its domain).
    const changed = (await account.mailed(email, 'L’adresse e-mail de votre compte a changé')).text;
    expect(changed).toContain('n•••@exemple.fr');
    expect(changed).not.toContain(next);
    // This session stays; the other device is signed out.
    await account.goto('/compte/profil');
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue(next);
    await otherAccount.goto('/compte');
    await expect(otherAccount.page).toHaveURL(/\/connexion\?retour=%2Fcompte&session=terminee$/);
    await expect(otherAccount.page.getByRole('main').getByRole('status')).toContainText('Votre session a pris fin');
    await otherAccount.signIn(email, password);
    await expect(otherAccount.signInForm().getByRole('alert')).toContainText('E-mail ou mot de passe incorrect.');
    await otherAccount.signIn(next, password);
    await expect(otherAccount.page).toHaveURL(/\/compte$/);
    await other.close();

    // Another account's address reads exactly as a free one (before: « Cet e-mail est déjà utilisé »
    // told anyone signed in who has an account); its owner is told, and it never becomes this account's.
    const taken = `prise.${unique(testInfo.project.name)}@exemple.fr`;
    const stranger = await browser.newContext();
    const strangerAccount = new AccountPage(await stranger.newPage());
    await strangerAccount.goto('/connexion');
    await strangerAccount.register({ firstName: 'Marc', lastName: 'Petit', email: taken, password });
    await expect(strangerAccount.registerForm().getByRole('status')).toBeVisible();
    // Confirmed: an address only registered is nobody's account yet, and its link would be sent.
    await strangerAccount.confirmEmail(await strangerAccount.mailedLink(taken, '/verification/'), password);
    await stranger.close();
    await account.goto('/compte/profil');
    await page.getByLabel('Adresse e-mail').fill(taken);
    await page.getByLabel('Mot de passe actuel').fill(password);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('status')).toContainText(`ouvrez le lien que nous venons d’envoyer à ${taken}`);
    await expect(page.getByText(`Nouvelle adresse en attente : ${taken}.`)).toBeVisible();
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue(next);
    expect((await account.mailed(taken, 'Vous avez déjà un compte')).text).toContain(
      'utiliser cette adresse e-mail pour un autre compte',
    );
  });

  test('guards: the account needs a session, sign-in sends a signed-in customer on, an expired token is refreshed', async ({
    page,
    context,
  }, testInfo) => {
    const account = new AccountPage(page);
    const response = await page.goto('/compte/adresses');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/connexion?retour=%2Fcompte%2Fadresses');
    expect(response?.status()).toBe(200);
    // A return path to another site is ignored.
    await page.goto('/connexion?retour=//evil.example/x');
    await account.waitUntilInteractive();

    const email = `paul.${unique(testInfo.project.name)}@exemple.fr`;
    await account.register({ firstName: 'Paul', lastName: 'Leroy', email, password: 'pieces-auto-2026' });
    await expect(account.registerForm().getByRole('status')).toBeVisible();
    await account.confirmEmail(await account.mailedLink(email, '/verification/'));
    await account.goto('/connexion?retour=//evil.example/x');
    await account.signIn(email, 'pieces-auto-2026');
    await expect(page).toHaveURL(/\/compte$/);

    await page.goto('/connexion');
    await expect(page).toHaveURL(/\/compte$/);

    // The access token is unusable (expired or damaged): the proxy refreshes it before the page renders.
    const before = (await context.cookies()).find((c) => c.name === 'shop_refresh_token')!.value;
    await context.addCookies([
      {
        name: 'shop_token',
        value: 'expire.expire.expire',
        domain: 'localhost',
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    await account.goto('/compte/profil');
    await expect(page.getByLabel('Prénom')).toHaveValue('Paul');
    const after = await context.cookies();
    expect(after.find((c) => c.name === 'shop_refresh_token')!.value).not.toBe(before);
    expect(after.find((c) => c.name === 'shop_token')!.value).not.toBe('expire.expire.expire');

    // A customer id edited by hand in its cookie points at nobody else's record, and loops nowhere
    // (before: the profile answered 404, sign-in sent the customer back, and so on for ever).
    await context.addCookies([
      { name: 'shop_customer', value: '2', domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' },
    ]);
    await account.goto('/compte/profil');
    await expect(page.getByLabel('Prénom')).toHaveValue('Paul');

    // A refresh token that the shop API refuses ends the session. The three cookies arrive together:
    // a prefetch landing between two separate calls would end the session before the cart existed.
    await context.addCookies([
      {
        name: 'shop_token',
        value: 'expire.expire.expire',
        domain: 'localhost',
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
      },
      { name: 'shop_refresh_token', value: 'refuse', domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' },
      { name: 'shop_cart_token', value: 'un-panier', domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' },
    ]);
    await page.goto('/compte');
    await expect(page).toHaveURL(/\/connexion\?retour=%2Fcompte$/);
    // The session is over, and the customer's cart with it.
    const left = (await context.cookies()).map((c) => c.name);
    expect(left).not.toContain('shop_refresh_token');
    expect(left).not.toContain('shop_cart_token');
  });

  test('a form sent after the session ended leads to the sign-in page, which says why, then back to the form', async ({
    page,
    context,
  }, testInfo) => {
    const account = new AccountPage(page);
    const email = `rose.${unique(testInfo.project.name)}@exemple.fr`;
    await account.signUp(email, 'Rose', 'Petit');

    await account.goto('/compte/profil');
    await page.getByLabel('Prénom').fill('Rosa');
    // The session ends while the form is open (signed out in another tab, or the refresh token expired).
    await context.clearCookies({ name: /^shop_(token|refresh_token|customer)$/ });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    // The proxy answered the form the way the page's script follows (before: a 307 that posted it again
    // to /connexion, where nothing answered, and the page said nothing).
    await expect(page).toHaveURL(/\/connexion\?retour=%2Fcompte%2Fprofil&session=terminee$/);
    await account.waitUntilInteractive();
    await expect(page.getByRole('main').getByRole('status')).toContainText('Votre session a pris fin');
    await account.signIn(email, 'pieces-auto-2026');
    await expect(page).toHaveURL(/\/compte\/profil$/);
    await expect(page.getByLabel('Prénom')).toHaveValue('Rose');

    // The same without the page's script: a form posted to a guarded page gets a 303, never a 307 that
    // would post it again elsewhere.
    await context.clearCookies({ name: /^shop_(token|refresh_token|customer)$/ });
    const profileAction = actionsOfBuild(E2E_DIST_DIR).find((action) => action.name === 'updateProfileAction')!;
    const form = await page.request.post('/compte/profil', {
      multipart: { [`$ACTION_ID_${profileAction.id}`]: '' },
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(303);
    expect(form.headers().location).toBe('/connexion?retour=%2Fcompte%2Fprofil&session=terminee');
  });
});
