import { describe, expect, it } from 'vitest';
import { operate } from './order-operations.js';

const paid = { state: 'new', paymentState: 'paid', shippingState: 'ready' };

describe('staff operations on orders', () => {
  it('validates, lets the order wait, ships and fulfils it: every status label is reachable', () => {
    const validated = operate(paid, 'validate');
    expect(validated).toMatchObject({ state: 'validated', shippingState: 'ready' });
    const waiting = operate(validated, 'wait');
    expect(waiting.shippingState).toBe('waiting');
    const shipped = operate(waiting, 'ship');
    expect(shipped).toMatchObject({ state: 'validated', shippingState: 'shipped' });
    expect(operate(shipped, 'fulfill')).toMatchObject({ state: 'fulfilled', restock: false });
  });

  it('refuses what makes no sense for the yard', () => {
    expect(() => operate({ ...paid, paymentState: 'awaiting_payment' }, 'validate')).toThrow(
      'Une commande se valide une fois payée.',
    );
    expect(() => operate(paid, 'ship')).toThrow('Validez la commande');
    expect(() => operate(operate(paid, 'validate'), 'fulfill')).toThrow('expédiée');
    expect(() => operate({ ...paid, state: 'fulfilled', shippingState: 'shipped' }, 'cancel')).toThrow(/impossible/);
  });

  it('cancels with a refund and puts the parts back on sale', () => {
    expect(operate(paid, 'cancel')).toEqual({
      state: 'cancelled',
      paymentState: 'refunded',
      shippingState: 'cancelled',
      restock: true,
    });
  });
});
