import { describe, expect, it } from 'vitest';
import { normalizeReference, normalizeText } from './text.js';

describe('text normalisation', () => {
  it('folds case, accents and spaces', () => {
    expect(normalizeText('  Boîte  de Vitesses ÉLECTRIQUE ')).toBe('boite de vitesses electrique');
  });

  it('reduces a reference to its letters and digits', () => {
    expect(normalizeReference('8V21-13W030-ae')).toBe('8V2113W030AE');
    expect(normalizeReference('8201 095 118')).toBe('8201095118');
    expect(normalizeReference('A 204.820 12 34')).toBe('A2048201234');
  });
});
