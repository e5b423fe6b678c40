import { axeViolations } from './pages/axe';
import { expect, test } from '@playwright/test';
import { E2E_SHOP_API_URL } from '../../playwright.config';
import { CataloguePage } from './pages/catalogue-page';
import { CheckoutPage } from './pages/checkout-page';

// Glazing parts: no other journey buys or sells them.
test.describe('cart', () => {
  test('adds a part from its page, shows it in the cart and the header badge, refuses it twice, removes it', async ({
    page,
  }) => {
    const catalogue = new CataloguePage(page);
    await catalogue.goto('/pieces/vitrage');
    const link = catalogue.partLinks().first();
    const name = (await link.textContent())!;
    await link.click();
    await expect(page).toHaveURL(/\/piece\/P\d{7}\//);
    const partUrl = page.url();
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();

    await expect(page).toHaveURL(/\/panier\?ajout=P\d{7}$/);
    await expect(page).toHaveTitle('Panier');
    await expect(page.getByRole('status')).toContainText('La pièce est dans votre panier');
    await expect(page.getByRole('main').getByText(name)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Panier, 1 article' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(partUrl);
    await catalogue.waitUntilInteractive();
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Cette pièce est déjà dans votre panier.');

    await page.getByRole('button', { name: `Retirer ${name} du panier` }).click();
    await expect(page.getByText('Votre panier est vide.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Panier', exact: true })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'shop_cart_token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });
  test('a customer finds their cart again after signing out and in, and when signing in on another device', async ({
    page,
    browser,
    request,
  }) => {
    const checkout = new CheckoutPage(page);
    const email = `retrouve.${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.fr`;
    await checkout.signUp(email);
    const part = await checkout.addFirstPartOf('/pieces/vitrage');
    const cartHas = async (shopper: CheckoutPage) => {
      await shopper.goto('/panier');
      await expect(shopper.page.getByRole('main').getByText(part.name).first()).toBeVisible();
      await expect(shopper.page.getByRole('link', { name: 'Panier, 1 article' })).toBeVisible();
    };

    // Signing out empties this browser's cart (a shared computer shows nobody's parts)…
    await checkout.goto('/compte');
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/$/);
    await checkout.goto('/panier');
    await expect(page.getByText('Votre panier est vide.')).toBeVisible();
    // …and signing in again brings the customer's cart back (before: empty for good).
    await checkout.goto('/connexion');
    await checkout.account.signIn(email, 'pieces-auto-2026');
    await expect(page).toHaveURL(/\/compte$/);
    await cartHas(checkout);

    // The same cart on another device.
    const laptop = new CheckoutPage(await (await browser.newContext()).newPage());
    await laptop.goto('/connexion');
    await laptop.account.signIn(email, 'pieces-auto-2026');
    await expect(laptop.page).toHaveURL(/\/compte$/);
    await cartHas(laptop);
    await laptop.page.context().close();

    // A cart filled before signing in on a third device: the account's part joins it (before: the
    // account's part vanished behind this browser's cart, and nothing said so).
    const tablet = new CheckoutPage(await (await browser.newContext()).newPage());
    const other = await tablet.addFirstPartOf('/pieces/eclairage/phare');
    const visitorsCart = (await tablet.page.context().cookies()).find((c) => c.name === 'shop_cart_token')!.value;
    await tablet.goto('/connexion');
    await tablet.account.signIn(email, 'pieces-auto-2026');
    await expect(tablet.page).toHaveURL(/\/compte$/);
    await tablet.goto('/panier');
    for (const name of [part.name, other.name])
      await expect(tablet.page.getByRole('main').getByText(name).first()).toBeVisible();
    await expect(tablet.page.getByRole('link', { name: 'Panier, 2 articles' })).toBeVisible();
    // Only the parts moved: the visitor's cart was emptied and never became the customer's (a later
    // pickup cannot answer it, and nothing typed in it, an address, reaches the customer's checkout).
    const left = await request.get(`${E2E_SHOP_API_URL}/api/v2/shop/orders/${visitorsCart}`);
    expect(left.status()).toBe(200);
    expect(((await left.json()) as { items: unknown[] }).items).toEqual([]);
    // One cart has them all: the first device, signed in, finds the same two.
    await checkout.goto('/panier');
    await expect(page.getByRole('link', { name: 'Panier, 2 articles' })).toBeVisible();
    await tablet.page.context().close();
  });

  test('signing in with an account whose cart is full says that the browser’s part did not join it, and keeps it', async ({
    page,
    browser,
    request,
  }) => {
    const api = `${E2E_SHOP_API_URL}/api/v2/shop`;
    const email = `plein.${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.fr`;
    await new CheckoutPage(page).signUp(email);
    // Another browser, a part in its cart.
    const phone = new CheckoutPage(await (await browser.newContext()).newPage());
    const part = await phone.addFirstPartOf('/pieces/vitrage');
    const partCode = /\/piece\/(P\d+)\//.exec(part.href)![1]!;
    const visitorsCart = (await phone.page.context().cookies()).find((c) => c.name === 'shop_cart_token')!.value;

    // The account's cart filled to the most a cart holds, straight through the shop API (a part another
    // journey holds at this moment is refused: the next one is taken).
    const signedIn = await request.post(`${api}/authentication-token`, {
      data: { email, password: 'pieces-auto-2026' },
    });
    const headers = { authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
    const picked = await request.post(`${api}/orders`, { data: {}, headers });
    const accountCart = ((await picked.json()) as { tokenValue: string }).tokenValue;
    const listed = await request.get(`${api}/products?itemsPerPage=60`);
    const codes = ((await listed.json()) as { 'hydra:member': { code: string }[] })['hydra:member']
      .map((product) => product.code)
      .filter((code) => code !== partCode);
    let count = 0;
    for (const code of codes) {
      if (count === 20) break;
      const added = await request.post(`${api}/orders/${accountCart}/items`, {
        data: { productVariant: code },
        headers,
      });
      if (added.status() === 201) count += 1;
    }
    expect(count).toBe(20);

    await phone.goto('/connexion');
    await phone.account.signIn(email, 'pieces-auto-2026');
    // Before: on to the account page, the part gone from view and nothing said.
    await expect(phone.page).toHaveURL(/\/panier\?refus=fusion-panier-plein$/);
    await expect(phone.alert().getByRole('paragraph').first()).toHaveText(
      'Votre compte avait déjà un panier, et un panier compte au plus 20 pièces : des pièces ajoutées avant votre connexion n’ont pas pu y entrer. Commandez d’abord celles-ci, puis ajoutez les autres.',
    );
    // Named, so the shopper knows which (before: « des pièces », and none was on the page).
    await expect(phone.alert()).toContainText('Pièces restées hors de votre panier :');
    await expect(phone.alert().getByRole('listitem')).toHaveText([part.name]);
    await expect(phone.page.getByRole('link', { name: 'Panier, 20 articles' })).toBeVisible();
    // The part was not lost: it is still in the cart this browser had, as a visitor's.
    const variantsOf = async (token: string, init?: { headers: Record<string, string> }) =>
      (
        (await (await request.get(`${api}/orders/${token}`, init)).json()) as { items: { variant: string }[] }
      ).items.map((item) => item.variant.split('/').pop());
    expect(await variantsOf(visitorsCart)).toEqual([partCode]);
    expect(await variantsOf(accountCart, { headers })).not.toContain(partCode);
    await phone.page.context().close();
  });

  test('two tabs of one browser signing in to two accounts at once move each part of its cart to one of them', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = `${E2E_SHOP_API_URL}/api/v2/shop`;
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const emails = [`onglet-a.${stamp}@exemple.fr`, `onglet-b.${stamp}@exemple.fr`];
    for (const email of emails) {
      const context = await browser.newContext();
      await new CheckoutPage(await context.newPage()).signUp(email);
      await context.close();
    }
    // One browser, two parts in its cart, two tabs on the sign-in page.
    const context = await browser.newContext();
    const tabs = [new CheckoutPage(await context.newPage()), new CheckoutPage(await context.newPage())];
    await tabs[0]!.goto('/pieces/vitrage');
    const links = tabs[0]!.partLinks();
    const parts = [];
    for (const index of [0, 1]) {
      const link = links.nth(index);
      parts.push({ name: (await link.textContent())!.trim(), href: (await link.getAttribute('href'))! });
    }
    for (const part of parts) await tabs[0]!.addFromListing('/pieces/vitrage', part);
    for (const [index, tab] of tabs.entries()) {
      await tab.goto('/connexion');
      await tab.account.signInForm().getByLabel('Adresse e-mail').fill(emails[index]!);
      await tab.account.signInForm().getByLabel('Mot de passe').fill('pieces-auto-2026');
    }
    await Promise.all(
      tabs.map((tab) => tab.account.signInForm().getByRole('button', { name: 'Se connecter' }).click()),
    );
    for (const tab of tabs) await expect(tab.page).not.toHaveURL(/\/connexion/);

    // Each part is in exactly one of the two accounts' carts (before: in both).
    const codes = parts.map((part) => /\/piece\/(P\d+)\//.exec(part.href)![1]!);
    const found: string[] = [];
    for (const email of emails) {
      const signedIn = await request.post(`${api}/authentication-token`, {
        data: { email, password: 'pieces-auto-2026' },
      });
      const headers = { authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
      const cart = (await (await request.post(`${api}/orders`, { data: {}, headers })).json()) as {
        items: { variant: string }[];
      };
      found.push(...cart.items.map((item) => item.variant.split('/').pop()!));
    }
    expect(found.filter((code) => codes.includes(code)).sort()).toEqual([...codes].sort());
    await context.close();
  });
});
