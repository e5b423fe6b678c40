import { brandSlug, familyPath, familySlug } from '@/lib/catalogue/slug';

describe('family slug rule', () => {
  it('removes the family_ prefix and keeps the last underscore-separated segment', () => {
    expect(familySlug('family_moteur')).toBe('moteur');
    expect(familySlug('family_bv-pont-transmission')).toBe('bv-pont-transmission');
    expect(familySlug('family_bv-pont-transmission_boite-de-vitesse')).toBe('boite-de-vitesse');
  });

  it('builds family and sub-family paths level by level', () => {
    expect(familyPath('family_moteur')).toBe('/pieces/moteur');
    expect(familyPath('family_bv-pont-transmission_boite-de-vitesse', 'family_bv-pont-transmission')).toBe(
      '/pieces/bv-pont-transmission/boite-de-vitesse',
    );
  });

  it('derives the brand content slug from the brand code', () => {
    expect(brandSlug('piece_renault')).toBe('renault');
    expect(brandSlug('piece_mercedes-benz')).toBe('mercedes-benz');
    expect(brandSlug('renault')).toBe('renault');
  });
});
