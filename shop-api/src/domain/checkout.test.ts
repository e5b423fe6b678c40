import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, defaultMethod, methodsFor, parsePlates } from './checkout.js';

const methods = [
  {
    code: 'retrait_casse',
    basePrice: 0,
    includedWeightGrams: 0,
    pricePerExtraKg: 0,
    minWeightGrams: null,
    maxWeightGrams: null,
  },
  {
    code: 'colis',
    basePrice: 990,
    includedWeightGrams: 5000,
    pricePerExtraKg: 60,
    minWeightGrams: null,
    maxWeightGrams: 30000,
  },
  {
    code: 'messagerie',
    basePrice: 6900,
    includedWeightGrams: 100000,
    pricePerExtraKg: 40,
    minWeightGrams: 20000,
    maxWeightGrams: null,
  },
];

describe('checkout rules', () => {
  it('reads plates in every shape the storefront sends, normalised and without duplicates', () => {
    expect(parsePlates('ab123cd, 1234 ab 59,AB-123-CD')).toEqual({ plates: ['AB-123-CD', '1234 AB 59'], errors: [] });
    expect(parsePlates([{ plate: 'EF-456-GH' }, 'jk 789 lm'])).toEqual({
      plates: ['EF-456-GH', 'JK-789-LM'],
      errors: [],
    });
    expect(parsePlates('')).toEqual({ plates: [], errors: [] });
    expect(parsePlates('ABC123').errors).toEqual([CHECKOUT_MESSAGES.plate('ABC123')]);
    expect(parsePlates('AA-111-AA,AA-222-AA,AA-333-AA,AA-444-AA,AA-555-AA,AA-666-AA').errors).toEqual([
      CHECKOUT_MESSAGES.tooManyPlates,
    ]);
  });

  it('offers the methods that carry the weight, with their price', () => {
    expect(methodsFor(methods, 3200).map((m) => [m.code, m.price])).toEqual([
      ['retrait_casse', 0],
      ['colis', 990],
    ]);
    expect(methodsFor(methods, 145_000).map((m) => [m.code, m.price])).toEqual([
      ['retrait_casse', 0],
      ['messagerie', 8700],
    ]);
  });

  it('keeps the chosen method while it fits, else falls back to the first that does', () => {
    expect(defaultMethod(methods, 3200, 'colis')?.code).toBe('colis');
    expect(defaultMethod(methods, 145_000, 'colis')?.code).toBe('retrait_casse');
    expect(defaultMethod(methods, 3200)?.code).toBe('retrait_casse');
  });
});
