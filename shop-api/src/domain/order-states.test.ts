import { describe, expect, it } from 'vitest';
import { apply, canApply, CHECKOUT, ORDER, PAYMENT, SHIPPING, TransitionError } from './order-states.js';

describe('order state machines', () => {
  it('runs an order from cart to fulfilled through the yard validation', () => {
    expect(apply(ORDER, 'cart', 'create')).toBe('new');
    expect(apply(ORDER, 'new', 'validate')).toBe('validated');
    expect(apply(ORDER, 'validated', 'fulfill')).toBe('fulfilled');
    expect(apply(ORDER, 'validated', 'cancel')).toBe('cancelled');
  });

  it('refuses what Sylius refuses: no cancel of a cart, nothing after fulfilled or cancelled', () => {
    expect(() => apply(ORDER, 'cart', 'cancel')).toThrow(TransitionError);
    for (const transition of ['create', 'validate', 'fulfill', 'cancel'] as const) {
      expect(canApply(ORDER, 'fulfilled', transition)).toBe(false);
      expect(canApply(ORDER, 'cancelled', transition)).toBe(false);
    }
  });

  it('walks the checkout: address, shipping, payment, complete; readdressing is always possible before completion', () => {
    let state: string = 'cart';
    for (const step of ['address', 'select_shipping', 'select_payment', 'complete'] as const)
      state = apply(CHECKOUT, state, step);
    expect(state).toBe('completed');
    expect(apply(CHECKOUT, 'payment_selected', 'address')).toBe('addressed');
    expect(() => apply(CHECKOUT, 'completed', 'address')).toThrow(/impossible depuis l'état « completed »/);
    expect(() => apply(CHECKOUT, 'cart', 'complete')).toThrow(TransitionError);
  });

  it('pays once: no second payment, refund only after payment', () => {
    expect(apply(PAYMENT, 'awaiting_payment', 'pay')).toBe('paid');
    expect(canApply(PAYMENT, 'paid', 'pay')).toBe(false);
    expect(canApply(PAYMENT, 'cancelled', 'pay')).toBe(false);
    expect(apply(PAYMENT, 'paid', 'refund')).toBe('refunded');
  });

  it('ships from ready or waiting', () => {
    expect(apply(SHIPPING, 'ready', 'wait')).toBe('waiting');
    expect(apply(SHIPPING, 'waiting', 'ship')).toBe('shipped');
    expect(apply(SHIPPING, 'ready', 'ship')).toBe('shipped');
    expect(canApply(SHIPPING, 'shipped', 'cancel')).toBe(false);
  });
});
