import { describe, expect, it } from 'vitest';
import { addItemProblem, CART_MESSAGES, cartTotals, MAX_PARTS_PER_CART, unavailableMessage } from './cart.js';

const forSale = { soldAt: null, onHand: 1, heldByPaymentId: null };

describe('cart of unique parts', () => {
  it('takes a part for sale once, with quantity 1', () => {
    expect(addItemProblem(forSale, 1, false, 0)).toBeNull();
    expect(addItemProblem(forSale, 2, false, 0)).toBe(CART_MESSAGES.quantity);
    expect(addItemProblem(forSale, 1, true, 1)).toBe(CART_MESSAGES.already);
  });

  it('takes at most MAX_PARTS_PER_CART parts in one cart', () => {
    expect(addItemProblem(forSale, 1, false, MAX_PARTS_PER_CART - 1)).toBeNull();
    expect(addItemProblem(forSale, 1, false, MAX_PARTS_PER_CART)).toBe(CART_MESSAGES.full);
    // A part already in a full cart is "already there", not "the cart is full".
    expect(addItemProblem(forSale, 1, true, MAX_PARTS_PER_CART)).toBe(CART_MESSAGES.already);
    expect(CART_MESSAGES.full).toContain(`${MAX_PARTS_PER_CART} pièces`);
  });

  it('refuses a sold part and one held by another checkout, in French', () => {
    expect(addItemProblem({ soldAt: new Date(), onHand: 0, heldByPaymentId: null }, 1, false, 0)).toBe(
      CART_MESSAGES.sold,
    );
    expect(addItemProblem({ soldAt: null, onHand: 1, heldByPaymentId: 12 }, 1, false, 0)).toBe(CART_MESSAGES.reserved);
  });

  it('tells a sold part from one that may come back', () => {
    expect(unavailableMessage('sold')).toBe(CART_MESSAGES.sold);
    expect(unavailableMessage('reserved')).toBe(CART_MESSAGES.reserved);
    // Released between the failed hold and the reading: it may be taken again in a moment.
    expect(unavailableMessage('available')).toBe(CART_MESSAGES.reserved);
  });

  it('adds integer cents; an empty cart costs nothing to ship', () => {
    expect(cartTotals([12990, 4500], 990)).toEqual({ itemsTotal: 17490, shippingTotal: 990, total: 18480 });
    expect(cartTotals([], 990)).toEqual({ itemsTotal: 0, shippingTotal: 0, total: 0 });
  });
});
