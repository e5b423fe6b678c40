import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_SHOP_API_URL } from '../../playwright.config';
import { CataloguePage } from './pages/catalogue-page';
import { VehicleSelectorPanel } from './pages/vehicle-selector';

interface Donor {
  brand: { name: string; code: string };
  model: { name: string };
  name: string;
  code: string;
  fullName: string;
}

/** A vehicle that has at least one gearbox in the seeded stock, read from the shop API. */
async function gearboxDonor(request: APIRequestContext): Promise<Donor> {
  const response = await request.get(
    `${E2E_SHOP_API_URL}/api/v2/shop/products?taxon=family_bv-pont-transmission_boite-de-vitesse&itemsPerPage=1`,
  );
  const body = await response.json();
  return body['hydra:member'][0].donorVehicle;
}

test.describe('vehicle selector', () => {
  test('home → brand, model, engine → filtered gearbox page → part → breadcrumb back', async ({ page, request }) => {
    const donor = await gearboxDonor(request);
    const shop = new CataloguePage(page);
    await shop.goto('/');
    const selector = new VehicleSelectorPanel(page, page.getByRole('region', { name: 'Identifiez votre véhicule' }));
    await expect(selector.field('Modèle')).toBeDisabled();
    await expect(selector.field('Motorisation')).toBeDisabled();
    await expect(selector.submit()).toHaveText('Valider');
    await selector.choose('Marque', donor.brand.name);
    await selector.choose('Modèle', donor.model.name);
    await selector.choose('Motorisation', donor.name);
    await selector.submit().click();

    const identified = page.getByTestId('identified-vehicle');
    await expect(identified).toContainText(donor.fullName);
    // The logo comes from the content store's brand record.
    await expect(identified.getByRole('img', { name: `Logo ${donor.brand.name}` })).toHaveAttribute(
      'src',
      `/brands/${donor.brand.code.replace('piece_', '')}.svg`,
    );
    await expect(shop.header.getByRole('button', { name: donor.fullName })).toBeVisible();

    await shop.goto('/pieces/bv-pont-transmission/boite-de-vitesse');
    const filtered = page.getByRole('region', { name: `Pièces compatibles avec ${donor.fullName}` });
    await expect(filtered).toBeVisible();
    await expect(filtered.getByRole('article').first()).toBeVisible();
    const links = filtered.getByRole('article').getByRole('heading').getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(0);
    await links.first().click();
    await expect(page).toHaveURL(/\/piece\//);
    await shop.waitUntilInteractive();
    await expect(
      page.getByRole('heading', { name: 'Véhicules compatibles' }).locator('xpath=following-sibling::ul[1]'),
    ).toContainText(donor.fullName);
    await shop.breadcrumb.getByRole('link', { name: 'Boîte de vitesses', exact: true }).click();
    await expect(page.getByRole('region', { name: `Pièces compatibles avec ${donor.fullName}` })).toBeVisible();

    // A visible way to clear the filter.
    await page.getByRole('button', { name: 'Voir toutes les pièces' }).click();
    await expect(page.getByRole('region', { name: /Pièces compatibles avec/ })).toHaveCount(0);
    await expect(shop.parts.first()).toBeVisible();
  });

  test('the selection persists across visits and is reset from the home hero', async ({ page, request }) => {
    const donor = await gearboxDonor(request);
    const shop = new CataloguePage(page);
    await shop.goto('/');
    const selector = new VehicleSelectorPanel(page, page.getByRole('region', { name: 'Identifiez votre véhicule' }));
    await selector.choose('Marque', donor.brand.name);
    await selector.choose('Modèle', donor.model.name);
    await selector.choose('Motorisation', donor.name);
    await selector.submit().click();
    await page.reload();
    await shop.waitUntilInteractive();
    await expect(page.getByTestId('identified-vehicle')).toContainText(donor.fullName);
    await page.getByRole('button', { name: 'Changer de véhicule' }).click();
    await expect(page.getByTestId('identified-vehicle')).toHaveCount(0);
    await expect(selector.field('Marque')).toBeVisible();
    await expect(shop.header.getByRole('button', { name: 'Mon véhicule' })).toBeVisible();
  });

  test('changing the brand clears model and engine; submitting incomplete resets the vehicle', async ({
    page,
    request,
  }) => {
    const donor = await gearboxDonor(request);
    const shop = new CataloguePage(page);
    await shop.goto('/');
    const selector = new VehicleSelectorPanel(page, page.getByRole('region', { name: 'Identifiez votre véhicule' }));
    await selector.choose('Marque', donor.brand.name);
    await selector.choose('Modèle', donor.model.name);
    await expect(selector.field('Motorisation')).toBeEnabled();
    const other = donor.brand.name === 'Renault' ? 'Peugeot' : 'Renault';
    await selector.choose('Marque', other);
    await expect(page.getByRole('region', { name: 'Identifiez votre véhicule' })).not.toContainText(donor.model.name);
    await expect(selector.field('Motorisation')).toBeDisabled();
    await selector.submit().click();
    await expect(page.getByRole('status')).toHaveText('Choisissez la marque, le modèle et la motorisation.');
    await expect(page.getByTestId('identified-vehicle')).toHaveCount(0);
  });

  test('the header panel opens, closes on Escape, and closes once a vehicle is chosen', async ({ page, request }) => {
    const donor = await gearboxDonor(request);
    const shop = new CataloguePage(page);
    await shop.goto('/pieces');
    const opener = shop.header.getByRole('button', { name: 'Mon véhicule' });
    await opener.click();
    const panel = page.getByRole('dialog', { name: 'Identifiez votre véhicule' });
    await expect(panel).toBeVisible();
    expect((await new AxeBuilder({ page }).include('dialog[open]').analyze()).violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    const selector = new VehicleSelectorPanel(page, panel);
    await selector.choose('Marque', donor.brand.name);
    await selector.choose('Modèle', donor.model.name);
    await selector.choose('Motorisation', donor.name);
    await selector.submit().click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('region', { name: `Pièces compatibles avec ${donor.fullName}` })).toBeVisible();
  });
});
