import { describe, expect, it } from 'vitest';
import { buildEngines, buildTaxons, generateParts } from './generate.js';

describe('seed catalogue generator', () => {
  const taxons = buildTaxons();
  const codes = new Set(taxons.map((t) => t.code));

  it('follows the taxon code scheme of the catalogue', () => {
    const families = taxons.filter((t) => t.parentCode === 'category');
    expect(families.length).toBeGreaterThanOrEqual(13);
    expect(families.every((f) => /^family_[a-z0-9-]+$/.test(f.code))).toBe(true);
    expect(codes.has('family_moteur')).toBe(true);
    expect(codes.has('family_bv-pont-transmission_boite-de-vitesse')).toBe(true);
    for (const family of families) {
      const children = taxons.filter((t) => t.parentCode === family.code);
      expect(children.length, family.code).toBeGreaterThan(0);
      expect(
        children.every(
          (c) => c.code.startsWith(`${family.code}_`) && !c.code.slice(family.code.length + 1).includes('_'),
        ),
      ).toBe(true);
    }
    expect(new Set(taxons.map((t) => t.code)).size).toBe(taxons.length);
  });

  it('has at least 15 real brands with models and engines below piece_<brand>', () => {
    const brands = taxons.filter((t) => t.parentCode === 'vehicle');
    expect(brands.length).toBeGreaterThanOrEqual(15);
    expect(brands.every((b) => b.code.startsWith('piece_'))).toBe(true);
    expect(brands.map((b) => b.name)).toEqual(expect.arrayContaining(['Renault', 'Peugeot', 'Citroën', 'Volkswagen']));
    const engines = buildEngines();
    expect(engines.every((e) => codes.has(e.code) && codes.has(e.modelCode))).toBe(true);
    expect(engines.find((e) => e.code === 'piece_renault_clio-iv_1-5-dci-90')).toMatchObject({
      brand: 'Renault',
      model: 'Clio IV',
      engine: '1.5 dCi 90',
    });
  });

  it('is deterministic', () => {
    const first = [...generateParts(50)];
    const second = [...generateParts(50)];
    expect(second).toEqual(first);
  });

  it('makes parts that look like a French yard stock', () => {
    const parts = [...generateParts(2000)];
    expect(new Set(parts.map((p) => p.code)).size).toBe(parts.length);
    for (const part of parts) {
      expect(codes.has(part.mainTaxonCode)).toBe(true);
      expect(codes.has(part.donorEngineCode)).toBe(true);
      expect(part.compatibleEngineCodes).toContain(part.donorEngineCode);
      expect(part.compatibleEngineCodes.every((code) => codes.has(code))).toBe(true);
      expect(Number.isInteger(part.priceCents) && part.priceCents >= 1000).toBe(true);
      expect(part.weightGrams).toBeGreaterThan(0);
      expect(['A', 'B', 'C']).toContain(part.grade);
      expect([3, 6, 12]).toContain(part.warrantyMonths);
      expect(part.oemReference).toMatch(/[0-9]/);
      expect(part.donorMileageKm).toBeGreaterThan(0);
      expect(part.imageCount).toBeGreaterThanOrEqual(1);
      expect(part.description).toContain(part.oemReference);
    }
    // Engines and gearboxes are heavy; headlights are not.
    const engines = parts.filter((p) => p.mainTaxonCode === 'family_moteur_moteur-complet');
    expect(engines.length).toBeGreaterThan(0);
    expect(Math.min(...engines.map((p) => p.weightGrams))).toBeGreaterThan(90_000);
    expect(parts.some((p) => p.name.startsWith('Boîte de vitesses'))).toBe(true);
    // French cars dominate a French yard.
    const french = parts.filter((p) => /^piece_(renault|peugeot|citroen|dacia)_/.test(p.donorEngineCode)).length;
    expect(french / parts.length).toBeGreaterThan(0.4);
  });
});
