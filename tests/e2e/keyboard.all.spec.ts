import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_SHOP_API_URL } from '../../playwright.config';
import { CheckoutPage } from './pages/checkout-page';

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`focus never reached ${target}`);
}

/** The focused element shows where it is: an outline or a ring, not nothing. */
async function expectVisibleFocus(page: Page) {
  const style = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const computed = getComputedStyle(element);
    return {
      outline: computed.outlineStyle !== 'none' && computed.outlineWidth !== '0px',
      shadow: computed.boxShadow !== 'none',
      visible: element.getBoundingClientRect().width > 0,
    };
  });
  expect(style.visible).toBe(true);
  expect(style.outline || style.shadow).toBe(true);
}

// Each project buys from its own family: the journey holds the part at the payment step.
const FAMILY = { desktop: 'echappement', phone: 'refroidissement' } as const;

test('a keyboard-only shopper: skip link, menus, vehicle selector, add to cart and every checkout step', async ({
  page,
  isMobile,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const shop = new CheckoutPage(page);
  await shop.signUp(`clavier.${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.fr`);
  const family = FAMILY[testInfo.project.name as keyof typeof FAMILY];
  const part = (
    await (await request.get(`${E2E_SHOP_API_URL}/api/v2/shop/products?taxon=family_${family}&itemsPerPage=1`)).json()
  )['hydra:member'][0];
  const donor = part.donorVehicle;

  // The skip link comes first, shows itself, and leads past the header.
  await shop.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#contenu')).toBeFocused();

  // The menus: opened, walked and closed with keys, focus kept inside and given back.
  if (isMobile) {
    await tabTo(page, shop.burger(), { back: true });
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(shop.mobileMenu()).toBeVisible();
    for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
    expect(await shop.mobileMenu().evaluate((menu) => menu.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(shop.mobileMenu()).toBeHidden();
    await expect(shop.burger()).toBeFocused();
  } else {
    await tabTo(page, shop.dropdownToggle(), { back: true });
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(shop.dropdownToggle()).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label'))).toBe(
      'Menu principal',
    );
    await page.keyboard.press('Escape');
    await expect(shop.dropdownToggle()).toHaveAttribute('aria-expanded', 'false');
    await expect(shop.dropdownToggle()).toBeFocused();
  }

  // The vehicle selector in the header panel: type, choose with Enter, validate.
  // Forward from the menu just closed: backwards the focus crossed the whole page, the home hero's own
  // vehicle selector included, whose list opened on the way; once the Enter then opened nothing.
  const opener = shop.header.getByRole('button', { name: 'Mon véhicule' });
  await tabTo(page, opener);
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Identifiez votre véhicule' });
  await expect(panel).toBeVisible();
  for (const [label, name] of [
    ['Marque', donor.brand.name],
    ['Modèle', donor.model.name],
    ['Motorisation', donor.name],
  ] as const) {
    const field = panel.getByLabel(label, { exact: true });
    await expect(field).toBeEnabled();
    await tabTo(page, field, { max: 10 });
    // Arrow keys open the list and walk it (no typing: the list filters with a delay, which would race).
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name, exact: true })).toBeVisible();
    // Arrow down to the option (the combobox names the focused option by aria-activedescendant), then Enter.
    await expect
      .poll(
        async () => {
          const active = await field.getAttribute('aria-activedescendant');
          const text = active
            ? await page
                .locator(`[id="${active}"]`)
                .textContent()
                .catch(() => null)
            : null;
          if (text !== name) await page.keyboard.press('ArrowDown');
          return text;
        },
        { timeout: 15_000, intervals: [100] },
      )
      .toBe(name);
    await page.keyboard.press('Enter');
    // The choice shows as the field's value, and the list is closed.
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(panel.getByText(name, { exact: true })).toBeVisible();
  }
  await tabTo(page, panel.getByRole('button', { name: 'Valider' }), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();

  // Add to cart from the part page.
  await shop.goto(`/piece/${part.code}/x`);
  const add = page.getByRole('button', { name: 'Ajouter au panier', exact: true });
  await tabTo(page, add, { max: 120 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/panier\?ajout=/);
  await shop.waitUntilInteractive();

  // The checkout steps.
  await tabTo(page, page.getByRole('link', { name: 'Passer commande' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/commande\/adresses$/);
  await shop.waitUntilInteractive();
  const group = shop.shippingFieldset();
  for (const [label, value] of [
    ['Adresse', '5 rue Haute'],
    ['Code postal', '62000'],
    ['Ville', 'Arras'],
  ] as const) {
    await tabTo(page, group.getByLabel(label, { exact: true }));
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole('button', { name: 'Continuer vers la livraison' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/commande\/livraison$/);
  const pickup = page.getByRole('radio', { name: /Retrait au centre VHU/ });
  await tabTo(page, pickup);
  await expectVisibleFocus(page);
  // No method is chosen for the shopper: Space chooses it, and the recap then names it before paying.
  await page.keyboard.press('Space');
  await expect(pickup).toBeChecked();
  await expect(shop.recap().getByRole('term').filter({ hasText: 'Retrait au centre VHU' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Payer par carte' }));
  await page.keyboard.press('Enter');
  await shop.onSandbox();
  await tabTo(page, page.getByRole('button', { name: /^Payer/ }), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/commande\/valide$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merci, votre commande est enregistrée');
});
