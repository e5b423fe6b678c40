import { describe, expect, it } from 'vitest';
import { isShopIdentifier } from '@/lib/shop-api/identifier';

describe('a name the shop API gave, as it comes back from a browser', () => {
  it('is letters, digits, - and _', () => {
    for (const value of ['P0000001', 'colis_domicile', 'aB3-_x', 'x'.repeat(64)]) {
      expect(isShopIdentifier(value), value).toBe(true);
    }
  });

  it('is nothing else: no call is made with it', () => {
    const refused: unknown[] = [
      '',
      'x'.repeat(65),
      '../customers/1',
      'P1/P2',
      'P1?x=1',
      'P1#x',
      'P 1',
      'P1\n',
      '\ud800',
      'é',
      '%2F',
      null,
      undefined,
      12,
      ['P1'],
      { code: 'P1' },
    ];
    for (const value of refused) expect(isShopIdentifier(value), JSON.stringify(value)).toBe(false);
  });

  it('has the length its caller allows', () => {
    expect(isShopIdentifier('x'.repeat(128), 128)).toBe(true);
    expect(isShopIdentifier('x'.repeat(129), 128)).toBe(false);
    expect(isShopIdentifier('x'.repeat(33), 32)).toBe(false);
  });
});
