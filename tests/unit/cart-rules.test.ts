import { describe, expect, it } from 'vitest';
import { afterAdd, isStillCart, mergeRefusal, type AddOutcome } from '@/lib/cart/rules';

const cart = { tokenValue: 'abc', checkoutState: 'shipping_selected', paymentState: 'cart' };
const refusal = (code: string) => ({ status: 422, code });

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
    expect(afterAdd('abc', refusal('checkout.completed'))).toEqual({
      kind: 'new-cart',
      previousToken: 'abc',
    });
  });

  it('keeps the cart through a passing failure, and names a refused part', () => {
    expect(afterAdd('abc', { status: 0 })).toEqual({ kind: 'refused', code: 'panier-indisponible' });
    expect(afterAdd('abc', { status: 503 })).toEqual({ kind: 'refused', code: 'panier-indisponible' });
    expect(afterAdd('abc', refusal('cart.already'))).toEqual({
      kind: 'refused',
      code: 'deja-au-panier',
    });
    expect(afterAdd('abc', refusal('cart.something-else'))).toEqual({ kind: 'refused', code: 'non-ajoutee' });
  });

  it('tells the shopper after signing in when parts of the browser’s cart did not join the account’s', () => {
    const added: AddOutcome = { kind: 'added' };
    const already: AddOutcome = { kind: 'refused', code: 'deja-au-panier' };
    const full: AddOutcome = { kind: 'refused', code: 'panier-plein' };
    const held: AddOutcome = { kind: 'refused', code: 'reservee' };
    expect(mergeRefusal([])).toBeNull();
    expect(mergeRefusal([added, already, added])).toBeNull();
    expect(mergeRefusal([added, { kind: 'refused', code: 'vendue' }])).toBe('fusion-incomplete');
    expect(mergeRefusal([held, { kind: 'refused', code: 'panier-indisponible' }])).toBe('fusion-incomplete');
    // The account's cart placed meanwhile: the part did not join either.
    expect(mergeRefusal([{ kind: 'new-cart', previousToken: 'abc' }])).toBe('fusion-incomplete');
    // Whatever else happened, a full cart is what the shopper can act on.
    expect(mergeRefusal([held, full, added])).toBe('fusion-panier-plein');
  });
});
