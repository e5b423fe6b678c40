import { centsToAmount, formatPrice } from '@/lib/format/price';
import { formatPhone, phoneHref } from '@/lib/format/phone';

// French typography separates thousands and the currency sign with no-break spaces.
const plain = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');

describe('prices (integer cents, EUR)', () => {
  it('multiplies the stored integer by 0.01', () => {
    expect(centsToAmount(12990)).toBeCloseTo(129.9);
    expect(centsToAmount(0)).toBe(0);
  });

  it('formats euros the French way', () => {
    expect(plain(formatPrice(12990))).toBe('129,90 €');
    expect(plain(formatPrice(149900))).toBe('1 499,00 €');
    expect(plain(formatPrice(5))).toBe('0,05 €');
  });
});

describe('phone', () => {
  it('shows a space after every second digit', () => {
    expect(formatPhone('0353011234')).toBe('03 53 01 12 34');
    expect(formatPhone('03 53 01 12 34')).toBe('03 53 01 12 34');
  });

  it('dials with the +33 prefix', () => {
    expect(phoneHref('0353011234')).toBe('tel:+33353011234');
    expect(phoneHref('03 53 01 12 34')).toBe('tel:+33353011234');
    expect(phoneHref('+33353011234')).toBe('tel:+33353011234');
  });
});
