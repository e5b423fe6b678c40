import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_CONTACT_FORM_URL, E2E_SHOP_API_URL } from '../../playwright.config';
import { AccountPage } from './pages/account-page';
import { CheckoutPage, cents } from './pages/checkout-page';
import { watchCsp } from './pages/csp';

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const address = { firstName: 'Léa', lastName: 'Martin', street: '12 rue des Forges', postcode: '59500', city: 'Douai' };

interface SeededPart {
  code: string;
  slug: string;
  name: string;
  weight: number;
  soldAt: string | null;
  defaultVariantData: { inStock: boolean };
}

/** Parts for sale in the sub-family `taxon` weighing `min` to `max` kg. */
async function partsWeighing(request: APIRequestContext, taxon: string, min: number, max: number) {
  const answer = await request.get(`${E2E_SHOP_API_URL}/api/v2/shop/products?taxon=${taxon}&itemsPerPage=100`);
  return ((await answer.json())['hydra:member'] as SeededPart[]).filter(
    (part) => part.weight >= min && part.weight <= max && part.defaultVariantData.inStock && !part.soldAt,
  );
}

/** A tailgate for sale weighing 20 to 30 kg: collected, sent as a parcel (≤ 30 kg) or on a pallet (≥ 20 kg). */
async function partForEveryMethod(request: APIRequestContext): Promise<SeededPart> {
  const [part] = await partsWeighing(request, 'family_carrosserie_hayon', 20, 30);
  expect(part, 'a tailgate of 20 to 30 kg in the seeded catalogue').toBeDefined();
  return part!;
}

// Each journey buys from its own sub-family: a part can be sold once, and journeys run in parallel.
test.describe('checkout', () => {
  test('the checkout needs a session and a cart: anonymous → sign-in returning to the step; empty cart → /panier', async ({
    page,
  }) => {
    const checkout = new CheckoutPage(page);
    await page.goto('/commande/adresses');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/connexion?retour=%2Fcommande%2Fadresses');

    await checkout.signUp(`guard.${unique()}@exemple.fr`);
    await page.goto('/commande/livraison');
    await expect(page).toHaveURL(/\/panier$/);
    await page.goto('/commande');
    await expect(page).toHaveURL(/\/panier$/);

    // The cart is emptied in another tab while the address step is open: the step's form, sent then,
    // leads to the cart (before: a 307 made the browser post it again to /panier, and the page said nothing).
    const { name } = await checkout.addFirstPartOf('/pieces/refroidissement/pompe-a-eau');
    await checkout.proceedFromCart();
    const tab = new CheckoutPage(await page.context().newPage());
    await tab.goto('/panier');
    await tab.page.getByRole('button', { name: `Retirer ${name} du panier` }).click();
    await expect(tab.page.getByText('Votre panier est vide.')).toBeVisible();
    await checkout.fillNewShippingAddress(address);
    await page.getByRole('button', { name: 'Continuer vers la livraison' }).click();
    await expect(page).toHaveURL(/\/panier$/);
    await expect(page.getByText('Votre panier est vide.')).toBeVisible();
  });

  test('a session ended elsewhere (a new password) leads from the checkout to the sign-in page, then back to the step', async ({
    page,
    browser,
  }) => {
    const checkout = new CheckoutPage(page);
    const email = `ailleurs.${unique()}@exemple.fr`;
    await checkout.signUp(email);
    await checkout.addFirstPartOf('/pieces/refroidissement/motoventilateur');
    // The same customer, on another device, changes the password: the shop API ends the other sessions.
    const other = new CheckoutPage(await (await browser.newContext()).newPage());
    await other.account.goto('/connexion');
    await other.account.signIn(email, 'pieces-auto-2026');
    await expect(other.page).toHaveURL(/\/compte$/);
    await other.account.goto('/compte/mot-de-passe');
    await other.page.getByLabel('Mot de passe actuel').fill('pieces-auto-2026');
    await other.page.getByLabel('Nouveau mot de passe', { exact: true }).fill('nouveau-mot-2026');
    await other.page.getByLabel('Confirmer le nouveau mot de passe').fill('nouveau-mot-2026');
    await other.page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(other.page.getByRole('main').getByRole('status')).toBeVisible();
    await other.page.context().close();

    // Here the access token still looks live (before: the guard read the cart as refused and sent the
    // shopper back to /panier without a word, or the address step sent them to the address book).
    await page.getByRole('link', { name: 'Passer commande' }).click();
    await expect(page).toHaveURL(/\/connexion\?retour=%2Fcommande%2Fadresses&session=terminee$/);
    await expect(page.getByRole('main').getByRole('status')).toContainText('Votre session a pris fin');
  });

  test('browse, add from a listing, sign in, addresses, parcel, pay on the sandbox, confirmation, the order in the account', async ({
    page,
  }) => {
    const violations = await watchCsp(page);
    const checkout = new CheckoutPage(page);
    const { name } = await checkout.addFirstPartOf('/pieces/carrosserie/retroviseur');
    await expect(page.getByRole('link', { name: 'Panier, 1 article' })).toBeVisible();
    // Anonymous visitors sign in on the way and come back to the step; the cart stays theirs.
    await page.getByRole('link', { name: 'Passer commande' }).click();
    await expect(page).toHaveURL(/\/connexion\?retour=%2Fcommande%2Fadresses$/);
    const email = `acheteur.${unique()}@exemple.fr`;
    await checkout.signUp(email);
    await page.goto('/panier');
    await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
    await checkout.proceedFromCart();
    await expect(page).toHaveTitle('Commande - Adresses');
    await checkout.expectNoAxeViolation();

    // Client-side rules first, then the shop API's (a plate that is not French).
    await page.getByRole('button', { name: 'Continuer vers la livraison' }).click();
    await expect(checkout.shippingFieldset().getByLabel('Adresse', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await checkout.fillNewShippingAddress(address);
    await page.getByLabel(/Immatriculation du véhicule/).fill('ABC123');
    await page.getByRole('button', { name: 'Continuer vers la livraison' }).click();
    await expect(checkout.alert()).toContainText('« ABC123 » n’est pas une immatriculation française');
    await checkout.toShipping('ab-123-cd');

    await expect(page).toHaveTitle('Commande - Livraison');
    await expect(page.getByText('AB-123-CD')).toBeVisible();
    // A mirror is light: pickup (free) and parcel, never the pallet.
    await expect(page.getByRole('radio')).toHaveCount(2);
    await expect(page.getByRole('radio', { name: /Retrait au centre VHU.*Gratuit/ })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: /Colis à domicile.*9,90/ })).toBeVisible();
    await checkout.expectNoAxeViolation();
    await checkout.payWith(/Colis à domicile/);

    await checkout.onSandbox();
    const amount = (await page.locator('.amount').textContent())!;
    await page.getByRole('button', { name: /^Payer/ }).click();

    await expect(page).toHaveURL(/\/commande\/valide$/);
    await expect(page).toHaveTitle('Commande - Commande enregistré');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merci, votre commande est enregistrée');
    const number = (await page.getByRole('status').first().textContent())!.match(/\d{9}/)![0];
    await expect(page.getByText(amount.replace(/\s/g, ' ')).or(page.getByText(amount))).toBeVisible();
    await expect(page.getByRole('link', { name: /^Panier$/ })).toBeVisible();
    await checkout.expectNoAxeViolation();

    // The confirmation by mail leads to the same order.
    const mailed = await checkout.account.mailedLink(email, '/compte/commandes/');
    await page.getByRole('link', { name: 'Suivre ma commande' }).click();
    await expect(page).toHaveTitle('Compte - Commande');
    expect(new URL(page.url()).pathname).toBe(mailed);
    await expect(page.getByTestId('order-status')).toHaveText('Commande enregistrée, en cours de vérification');
    await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
    await expect(page.getByText('AB-123-CD')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Adresse de livraison' })).toContainText('12 rue des Forges');
    await checkout.expectNoAxeViolation();
    await page.getByRole('link', { name: 'Toutes mes commandes' }).click();
    await expect(page).toHaveTitle('Compte - Commandes');
    await expect(page.getByRole('link', { name: `Voir la commande n° ${number}` })).toBeVisible();
    await checkout.expectNoAxeViolation();

    // The part is sold: its page says so, and a new cart starts empty.
    await page.goto('/panier');
    await expect(page.getByText('Votre panier est vide.')).toBeVisible();
    // The whole purchase, the sandbox's redirects included, ran under the storefront's CSP.
    expect(await violations()).toEqual([]);
  });

  test('the recap shows parts, delivery and total after each method, the payment asks that total, the confirmation and the order show the same lines', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const checkout = new CheckoutPage(page);
    await checkout.signUp(`recap.${unique()}@exemple.fr`);
    const part = await partForEveryMethod(request);
    await checkout.goto(`/piece/${part.code}/${part.slug}`);
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expect(page).toHaveURL(/\/panier\?ajout=/);
    await checkout.proceedFromCart();
    await checkout.fillNewShippingAddress(address);
    await checkout.toShipping();

    // Before any choice: no method looks chosen, and the recap says the delivery is still to choose.
    const methods = ['Retrait au centre VHU', 'Colis à domicile', 'Messagerie sur palette'];
    await expect(page.getByRole('radio')).toHaveCount(methods.length);
    for (const name of methods) await expect(page.getByRole('radio', { name: new RegExp(name) })).not.toBeChecked();
    await expect(checkout.recap()).toContainText('À choisir');
    const parts = (await checkout.totals(checkout.recap())).parts;

    // Each choice updates the recap from the order's totals: its delivery, named, and parts + delivery.
    let recap = await checkout.totals(checkout.recap());
    for (const name of methods) {
      const price = await checkout.methodPrice(new RegExp(name));
      await page.getByRole('radio', { name: new RegExp(name) }).check();
      await expect(checkout.recap().getByRole('term').filter({ hasText: name })).toBeVisible();
      await expect(async () => {
        recap = await checkout.totals(checkout.recap());
        expect(recap.parts).toEqual(parts);
        expect(recap.shipping.label).toBe(`Livraison (${name})`);
        expect(recap.shipping.cents).toBe(price);
        expect(recap.total.cents).toBe(parts.cents + price);
      }).toPass();
      await expect(checkout.recap()).not.toContainText('À choisir');
      await expect(page.getByRole('button', { name: 'Payer par carte' })).toBeEnabled();
    }
    expect(recap.shipping.cents).toBeGreaterThan(0);
    const pick = ({ parts: p, shipping, total }: typeof recap) =>
      [p, shipping, total].map(({ label, text }) => [label, text]);

    // Back on the cart with a method chosen: the same three lines, never a total that includes a delivery
    // the page says is still to come (before: « Total TTC » with the pallet in it, and below it « Frais de
    // livraison calculés à l’étape suivante »).
    await checkout.goto('/panier');
    expect(pick(await checkout.totals(page.getByRole('main')))).toEqual(pick(recap));
    await expect(page.getByText(/calculés à l’étape suivante/)).toHaveCount(0);
    await checkout.goto('/commande/livraison');
    await expect(page.getByRole('radio', { name: /Messagerie sur palette/ })).toBeChecked();

    // The last choice (the pallet) is paid: the payment page asks exactly the recap's total.
    await page.getByRole('button', { name: 'Payer par carte' }).click();
    await checkout.onSandbox();
    expect(cents((await page.locator('.amount').textContent())!)).toBe(recap.total.cents);
    await page.getByRole('button', { name: /^Payer/ }).click();

    // The confirmation and the order page show the same three lines.
    await expect(page).toHaveURL(/\/commande\/valide$/);
    expect(pick(await checkout.totals(page.getByRole('main')))).toEqual(pick(recap));
    await page.getByRole('link', { name: 'Suivre ma commande' }).click();
    await expect(page).toHaveTitle('Compte - Commande');
    expect(pick(await checkout.totals(page.getByRole('main')))).toEqual(pick(recap));
    await checkout.expectNoAxeViolation();
  });

  test('a heavy part added after choosing a parcel: the method the shop API put instead is never paid unchosen', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const checkout = new CheckoutPage(page);
    await checkout.signUp(`remplace.${unique()}@exemple.fr`);
    const anyOf = (parts: SeededPart[]) => parts[Math.floor(Math.random() * parts.length)];
    const light = anyOf(await partsWeighing(request, 'family_moteur_culasse', 1, 29));
    const heavy = anyOf([
      ...(await partsWeighing(request, 'family_bv-pont-transmission_pont', 31, 1000)),
      ...(await partsWeighing(request, 'family_moteur_moteur-complet', 31, 1000)),
    ]);
    expect(light && heavy, 'a cylinder head under 30 kg and an axle or engine over 30 kg').toBeTruthy();
    const add = async (part: SeededPart) => {
      await checkout.goto(`/piece/${part.code}/${part.slug}`);
      await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
      await expect(page).toHaveURL(/\/panier\?ajout=/);
    };
    await add(light!);
    await checkout.proceedFromCart();
    await checkout.fillNewShippingAddress(address);
    await checkout.toShipping();
    await page.getByRole('radio', { name: /Colis à domicile/ }).check();
    await expect(checkout.recap().getByRole('term').filter({ hasText: 'Colis à domicile' })).toBeVisible();

    // Over 30 kg, the parcel no longer carries the parts: the shop API puts the first method that does
    // (the pickup) in its place. The cart says the choice is to be made again, and shows no delivery.
    await add(heavy!);
    const replaced = /ne convient plus au poids de vos pièces/;
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: replaced })).toBeVisible();
    expect((await checkout.totals(page.getByRole('main'))).shipping.text).toBe('À choisir');

    // The payment step is not reachable with that method (before: it opened a payment for a pickup).
    await page.goto('/commande/paiement');
    await expect(page).toHaveURL(/\/commande\/livraison$/);
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: replaced })).toBeVisible();
    for (const radio of await page.getByRole('radio').all()) await expect(radio).not.toBeChecked();
    await expect(page.getByRole('radio', { name: /Colis à domicile/ })).toHaveCount(0);
    await expect(checkout.recap()).toContainText('À choisir');

    // The heavy part removed, the parcel fits again: the pages no longer say it does not (before: they
    // did), they ask to confirm the method; nothing is chosen for the shopper.
    await checkout.goto('/panier');
    await page.getByRole('button', { name: `Retirer ${heavy!.name} du panier` }).click();
    await expect(
      page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: /confirmerez le mode de livraison/ }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByText(replaced)).toHaveCount(0);
    await page.goto('/commande/paiement');
    await expect(page).toHaveURL(/\/commande\/livraison$/);
    await expect(
      page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: /confirmez le mode de livraison/ }),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: /Colis à domicile/ })).not.toBeChecked();
    // And back again: the axle makes the parcel unfit once more, and the pages say so.
    await add(heavy!);
    await page.goto('/commande/livraison');
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: replaced })).toBeVisible();

    // Chosen again, the pallet is what the recap shows and the payment asks.
    const price = await checkout.methodPrice(/Messagerie sur palette/);
    await page.getByRole('radio', { name: /Messagerie sur palette/ }).check();
    await expect(checkout.recap().getByRole('term').filter({ hasText: 'Messagerie sur palette' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: replaced })).toHaveCount(0);
    const recap = await checkout.totals(checkout.recap());
    expect(recap.total.cents).toBe(recap.parts.cents + price);
    await page.getByRole('button', { name: 'Payer par carte' }).click();
    await checkout.onSandbox();
    expect(await checkout.sandboxAmount()).toBe(recap.total.cents);
    await page.getByRole('button', { name: 'Annuler et revenir à la boutique' }).click();
    await expect(page).toHaveURL(/\/commande\/livraison\?paiement=annule$/);
  });

  test('cancelling on the sandbox page returns to the shipping step and frees the part', async ({ page }) => {
    const checkout = new CheckoutPage(page);
    await checkout.signUp(`annule.${unique()}@exemple.fr`);
    const { name } = await checkout.addFirstPartOf('/pieces/eclairage/feu-arriere');
    // /commande leads to the first step; a later step is not reachable before the earlier ones.
    await page.goto('/commande');
    await expect(page).toHaveURL(/\/commande\/adresses$/);
    await page.goto('/commande/paiement');
    await expect(page).toHaveURL(/\/commande\/adresses$/);
    await page.goto('/panier');
    await checkout.proceedFromCart();
    await checkout.fillNewShippingAddress(address);
    await checkout.toShipping();
    await checkout.payWith(/Retrait au centre VHU/);
    await checkout.onSandbox();
    await page.getByRole('button', { name: 'Annuler et revenir à la boutique' }).click();
    await expect(page).toHaveURL(/\/commande\/livraison\?paiement=annule$/);
    await expect(page.getByRole('status')).toContainText('Paiement annulé');
    // Still in the cart, for sale again, and the payment can start over.
    await expect(page.getByRole('complementary').getByText(name)).toBeVisible();
    await checkout.payWith(/Retrait au centre VHU/);
    await checkout.onSandbox();
  });

  test('a second buyer cannot buy a part another buyer is paying for', async ({ browser }) => {
    test.setTimeout(120_000);
    const first = new CheckoutPage(await (await browser.newContext()).newPage());
    const second = new CheckoutPage(await (await browser.newContext()).newPage());
    await first.signUp(`premier.${unique()}@exemple.fr`);
    await second.signUp(`second.${unique()}@exemple.fr`, 'Marc', 'Durand');
    const part = await first.addFirstPartOf('/pieces/eclairage/antibrouillard');
    const { name } = part;
    await second.addFromListing('/pieces/eclairage/antibrouillard', part);

    for (const buyer of [first, second]) {
      await buyer.proceedFromCart();
      await buyer.fillNewShippingAddress(address);
      await buyer.toShipping();
    }
    await first.payWith(/Retrait au centre VHU/);
    await first.onSandbox();

    // The part is held by the first buyer's checkout: the second one's payment step shows its error.
    await second.payWith(/Retrait au centre VHU/);
    await expect(second.page).toHaveURL(/\/commande\/paiement$/);
    await expect(second.page).toHaveTitle('Commande - Paiement');
    await expect(second.alert()).toContainText('Le paiement n’a pas pu commencer');
    await expect(second.alert()).toContainText(`${name} : Cette pièce est en cours de commande par un autre client`);
    await second.expectNoAxeViolation();

    await first.page.getByRole('button', { name: /^Payer/ }).click();
    await expect(first.page).toHaveURL(/\/commande\/valide$/);
    // Sold now: adding it again is refused in French.
    await second.page.goto('/panier');
    await expect(second.page.getByRole('main').getByText(name)).toBeVisible();
    await second.page.goto('/commande/paiement');
    await second.waitUntilInteractive();
    await second.page.getByRole('button', { name: 'Payer maintenant' }).click();
    await expect(second.alert()).toContainText('Le paiement n’a pas pu commencer');
    await expect(second.alert()).toContainText(`${name} : Cette pièce vient d’être vendue`);
  });

  test('a part added in another tab while the payment page is open: that payment places nothing, the next one asks the new total', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const checkout = new CheckoutPage(page);
    await checkout.signUp(`deux-onglets.${unique()}@exemple.fr`);
    const first = await checkout.addFirstPartOf('/pieces/freinage/etrier');
    await checkout.proceedFromCart();
    await checkout.fillNewShippingAddress(address);
    await checkout.toShipping();
    await checkout.payWith(/Retrait au centre VHU/);
    await checkout.onSandbox();
    const oldAmount = await checkout.sandboxAmount();

    // Another tab of the same session adds a part while the payment page is open.
    const tab = new CheckoutPage(await context.newPage());
    const second = await tab.addFirstPartOf('/pieces/freinage/bloc-abs');

    // Paying on the old page takes nothing for the old amount: back to the shipping step, nothing placed.
    await page.getByRole('button', { name: /^Payer/ }).click();
    await expect(page).toHaveURL(/\/commande\/livraison/);
    // The shopper did not cancel: the notice says what may have happened.
    await expect(page.getByRole('status').filter({ hasText: 'Paiement' })).toContainText('Si votre panier a changé');
    for (const part of [first, second]) await expect(checkout.recap().getByText(part.name)).toBeVisible();
    expect((await checkout.totals(checkout.recap())).total.cents).toBeGreaterThan(oldAmount);
    await page.goto('/compte/commandes');
    await expect(page.getByRole('main')).not.toContainText(first.name);

    // A third part added in the tab while the step is shown: the pay button shows the new recap first and
    // says why (before: « tient compte du mode de livraison choisi », though the method had not changed).
    await page.goto('/commande/livraison');
    await expect(page.getByRole('radio', { name: /Retrait au centre VHU/ })).toBeChecked();
    const third = await tab.addFirstPartOf('/pieces/echappement/catalyseur');
    await page.getByRole('button', { name: 'Payer par carte' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText('Votre panier a changé entre-temps');
    await expect(checkout.recap().getByText(third.name)).toBeVisible();
    const recap = await checkout.totals(checkout.recap());

    // Paying again asks the new total, and that is the order placed.
    await page.getByRole('button', { name: 'Payer par carte' }).click();
    await checkout.onSandbox();
    expect(await checkout.sandboxAmount()).toBe(recap.total.cents);
    await page.getByRole('button', { name: /^Payer/ }).click();
    await expect(page).toHaveURL(/\/commande\/valide$/);
    const placed = await checkout.totals(page.getByRole('main'));
    expect(placed.total.cents).toBe(recap.total.cents);
  });

  test('a prefetch, a crawler or another site’s link entering the payment step opens no payment; the shopper entering it does', async ({
    browser,
    page,
    request,
  }) => {
    const checkout = new CheckoutPage(page);
    const email = `prefetch.${unique()}@exemple.fr`;
    await checkout.signUp(email);
    const { href } = await checkout.addFirstPartOf('/pieces/alimentation-carburant');
    const code = href.split('/')[2]!;
    const inStock = async () =>
      (
        (await (await request.get(`${E2E_SHOP_API_URL}/api/v2/shop/products/${code}`)).json()) as {
          defaultVariantData: { inStock: boolean };
        }
      ).defaultVariantData.inStock;
    await checkout.proceedFromCart();
    await checkout.fillNewShippingAddress(address);
    await checkout.toShipping();
    // The method chosen (recorded as the radio is checked): the order is ready for the payment step.
    await page.getByRole('radio', { name: /Retrait au centre VHU/ }).check();
    await expect(checkout.recap()).not.toContainText('À choisir');
    expect(await inStock()).toBe(true);

    // Requests nobody clicked, with the shopper's own cookies: Next's router prefetching the link, a
    // browser's prefetch or prerender, a crawler. Each may render the page; none may open a payment.
    const visits: Record<string, string>[] = [
      { rsc: '1', 'next-router-prefetch': '1' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    ];
    for (const headers of visits) {
      // Redirects followed (Next adds its cache-busting parameter to RSC requests): the answer is the
      // step itself, not the provider's checkout.
      const answer = await page.request.get('/commande/paiement', { headers });
      expect(answer.status(), JSON.stringify(headers)).toBe(200);
      expect(new URL(answer.url()).pathname, JSON.stringify(headers)).toBe('/commande/paiement');
      expect(await inStock(), JSON.stringify(headers)).toBe(true);
    }

    // A link from another site (a stranger's page) opens the step but starts nothing: the shopper's
    // click does (before: the page submitted itself and held the part for 30 minutes).
    await page.goto(E2E_CONTACT_FORM_URL);
    const step = new URL('/commande/paiement', test.info().project.use.baseURL).href;
    await page.evaluate((target) => {
      window.location.href = target;
    }, step);
    await expect(page).toHaveURL(/\/commande\/paiement$/);
    await checkout.waitUntilInteractive();
    await expect(page.getByRole('button', { name: 'Payer maintenant' })).toBeEnabled();
    expect(new URL(page.url()).pathname).toBe('/commande/paiement');
    expect(await inStock()).toBe(true);

    // Typed, bookmarked or opened from a mail application (Sec-Fetch-Site none), the step starts nothing
    // either; nor through the sign-in page's return address (a same-origin redirect).
    await page.goto('/commande/paiement');
    await checkout.waitUntilInteractive();
    await expect(page.getByRole('button', { name: 'Payer maintenant' })).toBeEnabled();
    expect(await inStock()).toBe(true);
    const elsewhere = new AccountPage(await (await browser.newContext()).newPage());
    await elsewhere.goto('/connexion?retour=%2Fcommande%2Fpaiement');
    await elsewhere.signIn(email, 'pieces-auto-2026');
    await expect(elsewhere.page).toHaveURL(/\/commande\/paiement$/);
    await elsewhere.waitUntilInteractive();
    await expect(elsewhere.page.getByRole('button', { name: 'Payer maintenant' })).toBeEnabled();
    expect(await inStock()).toBe(true);
    await elsewhere.page.context().close();

    // The shopper following the shop's own steps opens the payment, as before.
    await page.goto('/commande/livraison');
    await page.getByRole('button', { name: 'Payer par carte' }).click();
    await checkout.onSandbox();
    expect(await inStock()).toBe(false);
    // Cancelled, so the part is for sale again for whoever comes next.
    await page.getByRole('button', { name: 'Annuler et revenir à la boutique' }).click();
    await expect(page).toHaveURL(/\/commande\/livraison\?paiement=annule$/);
    expect(await inStock()).toBe(true);

    // Without JavaScript the step's button posts its form, whose action is bound to its state: it opens
    // the payment as well (before: 400, the proxy took a bound form for a forged one).
    const servedForm = async () => {
      const served = await (await page.request.get('/commande/paiement')).text();
      const form = served.match(/<form[^>]*method="POST"[^>]*>(.*?)<\/form>/)![1]!;
      return Object.fromEntries(
        [...form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g)].map(([, name, value]) => [
          name!,
          (value ?? '').replaceAll('&quot;', '"'),
        ]),
      );
    };
    const post = async (fields: Record<string, string>) =>
      page.request.post('/commande/paiement', {
        multipart: fields,
        headers: { origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
    const fields = await servedForm();
    expect(Object.keys(fields)).toContain('$ACTION_REF_1');

    // The step shows what it pays beside its button. A part added in another tab after it was shown:
    // that page's button opens no payment for a total the shopper never saw (before: it opened one).
    await checkout.goto('/commande/livraison');
    const shown = (await checkout.totals(checkout.recap())).total.cents;
    expect(Number(fields.total)).toBe(shown);
    const listing = '/pieces/alimentation-carburant';
    await checkout.goto(listing);
    const second = checkout.partLinks().nth(1);
    await checkout.addFromListing(listing, {
      name: (await second.textContent())!.trim(),
      href: (await second.getAttribute('href'))!,
    });
    const stale = await post(fields);
    expect(stale.status()).toBe(200);
    expect(await stale.text()).toContain('Votre panier a changé depuis l’affichage de cette page');
    expect(await inStock()).toBe(true);

    const posted = await post(await servedForm());
    expect(posted.status()).toBe(303);
    expect(posted.headers().location).toMatch(new RegExp(`^${E2E_SHOP_API_URL}/sandbox/checkout/`));
    expect(await inStock()).toBe(false);
  });
});
