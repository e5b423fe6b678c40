import { describe, expect, it } from 'vitest';
import { decideCart, isStillCart } from '@/lib/cart/rules';

const cart = { tokenValue: 'abc', checkoutState: 'shipping_selected', paymentState: 'cart' };

describe('cart rules', () => {
  it('creates an order when there is no cart token or no order behind it', () => {
    expect(decideCart(undefined, null)).toEqual({ kind: 'create' });
    expect(decideCart('lost', null)).toEqual({ kind: 'create' });
  });

  it('keeps a cart that is still a cart', () => {
    expect(decideCart('abc', cart)).toEqual({ kind: 'keep' });
    expect(decideCart('abc', { ...cart, state: 'cart' })).toEqual({ kind: 'keep' });
  });

  it('replaces an order already placed or paid, keeping its token as the previous one', () => {
    expect(decideCart('abc', { ...cart, checkoutState: 'completed', paymentState: 'paid' })).toEqual({
      kind: 'replace',
      previousToken: 'abc',
    });
    expect(decideCart('abc', { ...cart, state: 'new' })).toEqual({ kind: 'replace', previousToken: 'abc' });
    expect(isStillCart({ ...cart, paymentState: 'awaiting_payment' })).toBe(false);
  });
});
