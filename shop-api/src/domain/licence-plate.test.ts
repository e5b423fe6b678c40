import { describe, expect, it } from 'vitest';
import { normalizePlate } from './licence-plate.js';

describe('French licence plates', () => {
  it('reads SIV plates however they are typed', () => {
    for (const input of ['AB-123-CD', 'ab123cd', 'AB 123 CD', ' ab-123 cd '])
      expect(normalizePlate(input)).toBe('AB-123-CD');
    expect(normalizePlate('WW-456-XY')).toBe('WW-456-XY');
  });

  it('refuses letters and series the SIV never issues', () => {
    for (const input of ['AI-123-CD', 'AB-123-CO', 'UB-123-CD', 'SS-123-AB', 'AB-000-CD', 'AB-12-CD', 'AB-1234-CD']) {
      expect(normalizePlate(input), input).toBeNull();
    }
  });

  it('reads older FNI plates with their département', () => {
    expect(normalizePlate('1234 ab 59')).toBe('1234 AB 59');
    expect(normalizePlate('56-XYZ-2A')).toBe('56 XYZ 2A');
    expect(normalizePlate('12 A 974')).toBe('12 A 974');
    for (const input of ['1234 AB 00', '1234 AB 96', '12345 AB 59', '1234 ABCD 59'])
      expect(normalizePlate(input), input).toBeNull();
  });
});
