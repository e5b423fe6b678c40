import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutState, replacedChoiceReason, stepFor, withShopperChoice } from '@/lib/checkout/state';

const address = {
  firstName: 'Léa',
  lastName: 'Martin',
  company: null,
  street: '12 rue des Forges',
  city: 'Douai',
  postcode: '59500',
  countryCode: 'FR',
  phoneNumber: null,
};
const pickup = [{ id: 1, method: '/api/v2/shop/shipping-methods/retrait_casse' }];

describe('derived checkout state', () => {
  it('is cart without a shipping address', () => {
    expect(checkoutState({ shippingAddress: null, shipments: [], checkoutState: 'cart' })).toBe('cart');
    // Even with a shipment left over, no address means the address step.
    expect(checkoutState({ shippingAddress: null, shipments: pickup, checkoutState: 'cart' })).toBe('cart');
  });

  it('is addressed with a shipping address but no chosen method (the default pickup is not a choice)', () => {
    expect(checkoutState({ shippingAddress: address, shipments: [], checkoutState: 'addressed' })).toBe('addressed');
    expect(checkoutState({ shippingAddress: address, shipments: pickup, checkoutState: 'addressed' })).toBe(
      'addressed',
    );
  });

  it('is shipping with a shipping address and a chosen method, also once a payment started', () => {
    for (const state of ['shipping_selected', 'payment_selected', 'completed']) {
      expect(checkoutState({ shippingAddress: address, shipments: pickup, checkoutState: state })).toBe('shipping');
    }
    expect(checkoutState({ shippingAddress: address, shipments: [], checkoutState: 'shipping_selected' })).toBe(
      'addressed',
    );
  });
});

describe('the method as the shopper chose it', () => {
  const parcel = [{ id: 1, method: '/api/v2/shop/shipping-methods/colis' }];
  const order = (state: string, shipments = pickup) => ({ shippingAddress: address, shipments, checkoutState: state });

  it('sends an order whose chosen method the shop API replaced (a heavy part added) back to the shipping step', () => {
    const replaced = withShopperChoice(order('shipping_selected'), 'colis');
    expect(replaced.shippingMethodReplaced).toBe(true);
    expect(replaced.rememberedMethod).toBe('colis');
    expect(checkoutState(replaced)).toBe('addressed');
    expect(stepFor('/commande/paiement', checkoutState(replaced))).toBe('/commande/livraison');
  });

  it('leaves the order as the shop API says when the method is the one chosen, none is remembered, or none was chosen yet', () => {
    expect(withShopperChoice(order('shipping_selected', parcel), 'colis')).toEqual(order('shipping_selected', parcel));
    expect(withShopperChoice(order('shipping_selected'), undefined)).toEqual(order('shipping_selected'));
    expect(withShopperChoice(order('completed'), 'colis')).toEqual(order('completed'));
    expect(withShopperChoice(order('cart'), 'colis')).toEqual(order('cart'));
    // This shop API puts an order whose method it replaced back to "addressed" itself: still said.
    expect(withShopperChoice(order('addressed'), 'colis').shippingMethodReplaced).toBe(true);
  });

  it('says why: the remembered method cannot carry the parts any more, or could and is only to confirm', () => {
    const forHeavyParts = [{ code: 'retrait_casse' }, { code: 'messagerie' }];
    const forLightParts = [...forHeavyParts, { code: 'colis' }];
    expect(replacedChoiceReason('colis', forHeavyParts)).toBe('unfit');
    // The heavy part removed again (the parcel fits), or another method chosen on another device.
    expect(replacedChoiceReason('colis', forLightParts)).toBe('changed');
    expect(replacedChoiceReason('retrait_casse', forHeavyParts)).toBe('changed');
    // No method offered at all (the shop API did not answer): nothing says the choice still fits.
    expect(replacedChoiceReason('colis', [])).toBe('unfit');
  });

  it('never lets an order be paid with a method other than the one remembered (any state, method and choice)', () => {
    const code = fc.constantFrom('retrait_casse', 'colis', 'messagerie');
    fc.assert(
      fc.property(
        fc.constantFrom('cart', 'addressed', 'shipping_selected', 'payment_selected', 'payment_skipped'),
        fc.option(code, { nil: undefined }),
        fc.option(code, { nil: undefined }),
        (state, method, chosen) => {
          const shipments = method ? [{ id: 1, method: `/api/v2/shop/shipping-methods/${method}` }] : [];
          const seen = withShopperChoice(order(state, shipments), chosen);
          if (checkoutState(seen) === 'shipping') expect(chosen === undefined || chosen === method).toBe(true);
          // Only a replaced method changes what the shop API said.
          expect(seen.shippingMethodReplaced === true).toBe(
            Boolean(chosen && method && chosen !== method && state !== 'cart'),
          );
        },
      ),
    );
  });
});

describe('checkout steps', () => {
  it('lets a visitor on a step the order is ready for', () => {
    expect(stepFor('/commande/adresses', 'cart')).toBe('/commande/adresses');
    expect(stepFor('/commande/adresses', 'shipping')).toBe('/commande/adresses');
    expect(stepFor('/commande/livraison', 'addressed')).toBe('/commande/livraison');
    expect(stepFor('/commande/paiement', 'shipping')).toBe('/commande/paiement');
  });

  it('sends a visitor ahead of the order back to the furthest step it is ready for', () => {
    expect(stepFor('/commande/livraison', 'cart')).toBe('/commande/adresses');
    expect(stepFor('/commande/paiement', 'cart')).toBe('/commande/adresses');
    expect(stepFor('/commande/paiement', 'addressed')).toBe('/commande/livraison');
  });
});
