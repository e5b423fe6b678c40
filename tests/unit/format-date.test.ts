import { describe, expect, it } from 'vitest';
import { formatDateTime, parseShopDate } from '@/lib/format/date';
import { priceExcludingVat } from '@/lib/format/price';

describe('shop API dates in French, Paris time', () => {
  it('reads the shop API’s UTC dates', () => {
    expect(parseShopDate('2026-11-03 14:05:00')!.toISOString()).toBe('2026-11-03T14:05:00.000Z');
    expect(parseShopDate('n’importe quoi')).toBeNull();
  });
  it('writes the day and the time in Paris, winter and summer', () => {
    expect(formatDateTime('2026-11-03 14:05:00')).toBe('3 novembre 2026 à 15 h 05');
    expect(formatDateTime('2026-07-15 21:59:59')).toBe('15 juillet 2026 à 23 h 59');
    expect(formatDateTime('2026-12-31 23:30:00')).toBe('1 janvier 2027 à 00 h 30');
  });
});

describe('prices excluding VAT (professionals)', () => {
  it('removes 20 % VAT to the nearest cent', () => {
    expect(priceExcludingVat(12000)).toBe(10000);
    expect(priceExcludingVat(12990)).toBe(10825);
    expect(priceExcludingVat(999)).toBe(833);
    expect(priceExcludingVat(0)).toBe(0);
  });
});
