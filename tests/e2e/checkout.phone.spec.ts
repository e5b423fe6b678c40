import { expect, test } from '@playwright/test';
import { CheckoutPage } from './pages/checkout-page';
import { expectThumbSized } from './pages/shop-page';

// On a phone, as a new customer would: an engine and a headlight for one car, collected at the yard,
// then the order's status followed in the account while the yard's staff command moves it along.
test('buy an engine and a headlight on a phone, then follow the order as the yard validates and hands it over', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const checkout = new CheckoutPage(page);
  await checkout.signUp(`mobile.${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.fr`, 'Karim', 'Benali');
  const engine = await checkout.addFirstPartOf('/pieces/moteur/moteur-complet');
  const headlight = await checkout.addFirstPartOf('/pieces/eclairage/phare');
  await expect(page.getByRole('link', { name: 'Panier, 2 articles' })).toBeVisible();
  await expect(checkout.alert()).toHaveCount(0);
  // Removing a part is a thumb's tap, not a 20 px text line.
  await expectThumbSized(page.getByRole('button', { name: `Retirer ${engine.name} du panier` }));

  await checkout.proceedFromCart();
  await checkout.fillNewShippingAddress({
    firstName: 'Karim',
    lastName: 'Benali',
    street: '3 avenue de la Gare',
    postcode: '62300',
    city: 'Lens',
  });
  await checkout.expectNoAxeViolation();
  await checkout.toShipping('1234 AB 62');
  await checkout.expectNoAxeViolation();
  // An engine is heavy: the yard's counter or a pallet, never a parcel.
  await expect(page.getByRole('radio', { name: /Colis/ })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Messagerie sur palette/ })).toBeVisible();
  await checkout.payWith(/Retrait au centre VHU/);
  await checkout.onSandbox();
  await page.getByRole('button', { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/commande\/valide$/);
  await checkout.expectNoAxeViolation();
  const number = (await page.getByRole('main').getByRole('status').first().textContent())!.match(/\d{9}/)![0];
  await page.getByRole('link', { name: 'Suivre ma commande' }).click();
  const status = page.getByTestId('order-status');
  await expect(status).toHaveText('Commande enregistrée, en cours de vérification');
  for (const part of [engine, headlight])
    await expect(page.getByRole('main').getByText(part.name).first()).toBeVisible();
  await expect(page.getByText('1234 AB 62')).toBeVisible();
  await checkout.expectNoAxeViolation();

  const steps: [Parameters<CheckoutPage['staff']>[0], string][] = [
    ['validate', 'Pièces en préparation pour le retrait'],
    ['wait', 'Prête : à retirer au centre VHU'],
    ['ship', 'Retirée au centre VHU'],
    ['fulfill', 'Commande terminée'],
  ];
  for (const [operation, label] of steps) {
    await checkout.staff(operation, number);
    await page.reload();
    await expect(status).toHaveText(label);
  }
  await page.getByRole('link', { name: 'Toutes mes commandes' }).click();
  await expect(page.getByRole('row', { name: new RegExp(number) })).toContainText('Commande terminée');
  await checkout.expectNoAxeViolation();
});
