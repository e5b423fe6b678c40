import { describe, expect, it } from 'vitest';
import { checkoutState, stepFor } from '@/lib/checkout/state';

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

describe('checkout steps', () => {
  it('lets a visitor on a step the order is ready for', () => {
    expect(stepFor('/commande/adresses', 'cart')).toBe('/commande/adresses');
    expect(stepFor('/commande/adresses', 'shipping')).toBe('/commande/adresses');
    expect(stepFor('/commande/livraison', 'addressed')).toBe('/commande/livraison');
    expect(stepFor('/commande/stripe', 'shipping')).toBe('/commande/stripe');
  });

  it('sends a visitor ahead of the order back to the furthest step it is ready for', () => {
    expect(stepFor('/commande/livraison', 'cart')).toBe('/commande/adresses');
    expect(stepFor('/commande/stripe', 'cart')).toBe('/commande/adresses');
    expect(stepFor('/commande/stripe', 'addressed')).toBe('/commande/livraison');
  });
});
