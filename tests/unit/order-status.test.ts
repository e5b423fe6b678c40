import { describe, expect, it } from 'vitest';
import messages from '@/messages/fr.json';
import { LABELLED_METHODS, orderStatusKey } from '@/lib/orders/status-label';

const label = (key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages.orderStatus);

describe('order status label', () => {
  it('uses the last shipment method and the shipping state for validated orders', () => {
    const shipments = [{ method: { code: 'colis' } }, { method: '/api/v2/shop/shipping-methods/retrait_casse' }];
    expect(orderStatusKey({ state: 'validated', shippingState: 'waiting', shipments })).toBe(
      'shipping.retrait_casse.waiting',
    );
    expect(
      orderStatusKey({ state: 'validated', shippingState: 'shipped', shipments: [{ method: { code: 'messagerie' } }] }),
    ).toBe('shipping.messagerie.shipped');
    expect(
      orderStatusKey({ state: 'validated', shippingState: 'ready', shipments: [{ method: { code: 'drone' } }] }),
    ).toBe('shipping.other.ready');
    expect(orderStatusKey({ state: 'validated', shippingState: 'ready', shipments: [] })).toBe('shipping.other.ready');
  });

  it('falls back to the order state for new, cancelled and fulfilled orders', () => {
    expect(orderStatusKey({ state: 'new', shippingState: 'ready' })).toBe('state.new');
    expect(orderStatusKey({ state: 'cancelled', shippingState: 'cancelled' })).toBe('state.cancelled');
    expect(orderStatusKey({ state: 'fulfilled', shippingState: 'shipped' })).toBe('state.fulfilled');
  });

  it('says unknown otherwise', () => {
    expect(orderStatusKey({ state: 'validated', shippingState: 'cancelled' })).toBe('unknown');
    expect(orderStatusKey({ state: 'validated', shippingState: null })).toBe('unknown');
    expect(orderStatusKey({ state: 'cart' })).toBe('unknown');
  });

  it('has a French label for every key it can return', () => {
    const keys = [
      ...[...LABELLED_METHODS, 'other'].flatMap((method) =>
        ['ready', 'waiting', 'shipped'].map((s) => `shipping.${method}.${s}`),
      ),
      'state.new',
      'state.cancelled',
      'state.fulfilled',
      'unknown',
    ];
    for (const key of keys) expect(typeof label(key), key).toBe('string');
  });
});
