import { describe, expect, it } from 'vitest';
import { afterAdd, isStillCart } from '@/lib/cart/rules';

const cart = { tokenValue: 'abc', checkoutState: 'shipping_selected', paymentState: 'cart' };
const refusal = (message: string) => ({ status: 422, message });

describe('cart rules', () => {
  it('tells a cart from an order already placed or paid', () => {
    expect(isStillCart(cart)).toBe(true);
    expect(isStillCart({ ...cart, state: 'cart' })).toBe(true);
    expect(isStillCart({ ...cart, checkoutState: 'completed', paymentState: 'paid' })).toBe(false);
    expect(isStillCart({ ...cart, state: 'new' })).toBe(false);
    expect(isStillCart({ ...cart, paymentState: 'awaiting_payment' })).toBe(false);
  });

  it('creates a new cart when the old one is gone, or placed (keeping its token as the previous one)', () => {
    expect(afterAdd('abc', { status: 201 })).toEqual({ kind: 'added' });
    expect(afterAdd('lost', { status: 404 })).toEqual({ kind: 'new-cart', previousToken: null });
    expect(afterAdd('abc', refusal('Cette commande est déjà validée : elle ne peut plus être modifiée.'))).toEqual({
      kind: 'new-cart',
      previousToken: 'abc',
    });
  });

  it('keeps the cart through a passing failure, and names a refused part', () => {
    expect(afterAdd('abc', { status: 0 })).toEqual({ kind: 'refused', code: 'panier-indisponible' });
    expect(afterAdd('abc', { status: 503 })).toEqual({ kind: 'refused', code: 'panier-indisponible' });
    expect(afterAdd('abc', refusal('Cette pièce est déjà dans votre panier.'))).toEqual({
      kind: 'refused',
      code: 'deja-au-panier',
    });
    expect(afterAdd('abc', refusal('Quelque chose d’autre.'))).toEqual({ kind: 'refused', code: 'non-ajoutee' });
  });
});
