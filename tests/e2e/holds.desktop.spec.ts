import { expect, test } from '@playwright/test';
import { CataloguePage } from './pages/catalogue-page';
import { CheckoutPage } from './pages/checkout-page';

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const address = { firstName: 'Léa', lastName: 'Martin', street: '12 rue des Forges', postcode: '59500', city: 'Douai' };
// A family no other journey buys from: its first part is this test's alone.
const LISTING = '/pieces/direction-suspension';
/** A hold reaches the cached pages through the shop API's event: within 5 s, read again meanwhile. */
const WITHIN = { timeout: 5000, intervals: [250] };

test.describe('a part held by a payment', () => {
  test('shows "Réservée" on its card (listing and cached search) and its page while the payment is open, "En stock" again once it is cancelled', async ({
    page,
    context,
  }) => {
    const checkout = new CheckoutPage(page);
    // Another visitor's view of the cached catalogue.
    const visitor = new CataloguePage(await context.browser()!.newPage());
    await checkout.signUp(`reserve.${unique()}@exemple.fr`);
    const { href } = await checkout.addFirstPartOf(LISTING);
    // The search a shopper makes for this part: its results page is cached like a listing.
    const search = `/recherche?q=${encodeURIComponent(await visitor.oemReference(href))}`;
    // All three pages cached as "in stock" before the hold.
    expect(await visitor.cardAvailability(LISTING, href)).toBe('En stock');
    expect(await visitor.cardAvailability(search, href)).toBe('En stock');
    expect(await visitor.pageAvailability(href)).toContain('En stock');

    await checkout.proceedFromCart();
    await checkout.fillNewShippingAddress(address);
    await checkout.toShipping();
    await checkout.payWith(/Retrait au centre VHU/);
    await checkout.onSandbox();
    await expect.poll(() => visitor.cardAvailability(LISTING, href), WITHIN).toBe('Réservée');
    await expect.poll(() => visitor.cardAvailability(search, href), WITHIN).toBe('Réservée');
    await expect.poll(() => visitor.pageAvailability(href), WITHIN).toContain('Réservée');

    await page.getByRole('button', { name: 'Annuler et revenir à la boutique' }).click();
    await expect(page).toHaveURL(/\/commande\/livraison\?paiement=annule$/);
    await expect.poll(() => visitor.cardAvailability(LISTING, href), WITHIN).toBe('En stock');
    await expect.poll(() => visitor.cardAvailability(search, href), WITHIN).toBe('En stock');
    await expect.poll(() => visitor.pageAvailability(href), WITHIN).toContain('En stock');
    await visitor.page.close();
  });
});
