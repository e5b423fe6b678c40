/**
 * Deterministic generator of a yard's stock: the same part count always gives the same parts.
 * Pure functions (no database) so the catalogue's look can be tested on its own.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { codePart, normalizeReference, normalizeText } from '../domain/text.js';
import { FAMILIES, type SubFamilySeed } from './families.js';
import { VEHICLE_BRANDS, type OemStyle } from './vehicles.js';

export const ROOT_CATEGORY_CODE = 'category';
const ROOT_VEHICLE_CODE = 'vehicle';

export interface TaxonSeed {
  code: string;
  name: string;
  slug: string;
  description: string | null;
  parentCode: string | null;
  position: number;
}

export interface EngineSeed {
  code: string;
  brand: string;
  model: string;
  engine: string;
  modelCode: string;
  years: [number, number];
  oemStyle: OemStyle;
}

/** Every taxon of the catalogue in parent-first order. */
export function buildTaxons(): TaxonSeed[] {
  const taxons: TaxonSeed[] = [
    { code: ROOT_CATEGORY_CODE, name: 'Pièces auto', slug: 'pieces', description: null, parentCode: null, position: 0 },
    { code: ROOT_VEHICLE_CODE, name: 'Véhicules', slug: 'vehicules', description: null, parentCode: null, position: 1 },
  ];
  FAMILIES.forEach((family, familyIndex) => {
    const familyCode = `family_${family.slug}`;
    taxons.push({
      code: familyCode,
      name: family.name,
      slug: family.slug,
      description: family.description,
      parentCode: ROOT_CATEGORY_CODE,
      position: familyIndex,
    });
    family.children.forEach((child, childIndex) => {
      taxons.push({
        code: `${familyCode}_${child.slug}`,
        name: child.name,
        slug: child.slug,
        description: null,
        parentCode: familyCode,
        position: childIndex,
      });
    });
  });
  VEHICLE_BRANDS.forEach((brand, brandIndex) => {
    const brandCode = `piece_${codePart(brand.name)}`;
    taxons.push({
      code: brandCode,
      name: brand.name,
      slug: codePart(brand.name),
      description: null,
      parentCode: ROOT_VEHICLE_CODE,
      position: brandIndex,
    });
    brand.models.forEach((model, modelIndex) => {
      const modelCode = `${brandCode}_${codePart(model.name)}`;
      taxons.push({
        code: modelCode,
        name: model.name,
        slug: codePart(model.name),
        description: `${model.years[0]}–${model.years[1]}`,
        parentCode: brandCode,
        position: modelIndex,
      });
      model.engines.forEach((engine, engineIndex) => {
        taxons.push({
          code: `${modelCode}_${codePart(engine)}`,
          name: engine,
          slug: codePart(engine),
          description: null,
          parentCode: modelCode,
          position: engineIndex,
        });
      });
    });
  });
  return taxons;
}

export function buildEngines(): EngineSeed[] {
  return VEHICLE_BRANDS.flatMap((brand) => {
    const brandCode = `piece_${codePart(brand.name)}`;
    return brand.models.flatMap((model) => {
      const modelCode = `${brandCode}_${codePart(model.name)}`;
      return model.engines.map((engine) => ({
        code: `${modelCode}_${codePart(engine)}`,
        brand: brand.name,
        model: model.name,
        engine,
        modelCode,
        years: model.years,
        oemStyle: brand.oemStyle,
      }));
    });
  });
}

export interface PartSeed {
  code: string;
  name: string;
  slug: string;
  description: string;
  shortDescription: string;
  mainTaxonCode: string;
  oemReference: string;
  donorEngineCode: string;
  donorYear: number;
  donorMileageKm: number;
  grade: 'A' | 'B' | 'C';
  warrantyMonths: number;
  weightGrams: number;
  priceCents: number;
  imageCount: number;
  compatibleEngineCodes: string[];
  searchText: string;
  createdAt: Date;
}

const GRADE_LABELS = {
  A: 'très bon état',
  B: "bon état, traces d'usage",
  C: "état d'usage, défauts visibles",
} as const;
// Older stock is seeded first; the newest part is dated 2026-11-01.
const NEWEST = Date.UTC(2026, 10, 1, 9, 0, 0);
const STOCK_SPAN_MS = 540 * 24 * 3600 * 1000;

const pick = <T>(rng: RandomGenerator, items: readonly T[]): T => items[uniformInt(rng, 0, items.length - 1)]!;
const digits = (rng: RandomGenerator, n: number): string =>
  Array.from({ length: n }, () => uniformInt(rng, 0, 9)).join('');
const letter = (rng: RandomGenerator): string => String.fromCharCode(65 + uniformInt(rng, 0, 25));

/** A reference in the manufacturer's usual layout. */
function oemReference(rng: RandomGenerator, style: OemStyle): string {
  switch (style) {
    case 'renault':
      return `${pick(rng, ['8200', '8201', '7701', '2820', '2310'])}${digits(rng, 6)}`.replace(
        /(\d{4})(\d{3})(\d{3})/,
        '$1 $2 $3',
      );
    case 'psa':
      return `${pick(rng, ['96', '98'])}${digits(rng, 6)}${pick(rng, ['80', '77', '88'])}`;
    case 'vag':
      return `${digits(rng, 1)}${letter(rng)}${digits(rng, 1)} ${digits(rng, 3)} ${digits(rng, 3)} ${letter(rng)}`;
    case 'bmw':
      return `${digits(rng, 4)} ${digits(rng, 7)}`;
    case 'mercedes':
      return `A ${digits(rng, 3)} ${digits(rng, 3)} ${digits(rng, 2)} ${digits(rng, 2)}`;
    case 'ford':
      return `${digits(rng, 1)}${letter(rng)}${digits(rng, 2)}-${digits(rng, 2)}${letter(rng)}${digits(rng, 3)}-${letter(rng)}${letter(rng)}`;
    case 'opel':
      return `${pick(rng, ['13', '55', '24'])} ${digits(rng, 3)} ${digits(rng, 3)}`;
    case 'fiat':
      return `${pick(rng, ['51', '46', '55'])}${digits(rng, 6)}`;
    case 'toyota':
      return `${digits(rng, 5)}-${digits(rng, 1)}${letter(rng)}${digits(rng, 3)}`;
    case 'korean':
      return `${digits(rng, 5)}-${digits(rng, 1)}${letter(rng)}${digits(rng, 3)}`;
  }
}

function weighted<T extends { share: number }>(items: T[]): (rng: RandomGenerator) => T {
  const total = items.reduce((sum, item) => sum + item.share, 0);
  return (rng) => {
    let ticket = uniformInt(rng, 1, total);
    for (const item of items) {
      ticket -= item.share;
      if (ticket <= 0) return item;
    }
    return items[items.length - 1]!;
  };
}

// Map.groupBy needs Node 21; this runs on Node 20.
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const formatKm = (km: number) => km.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ');

/** Generates `count` parts one at a time, so callers can stream them into batches. */
export function* generateParts(count: number, seed = 20261101): Generator<PartSeed> {
  const rng = xoroshiro128plus(seed);
  const subFamilies = FAMILIES.flatMap((family) =>
    family.children.map((child) => ({ ...child, familySlug: family.slug, familyName: family.name })),
  );
  const pickSubFamily = weighted(subFamilies);
  const engines = buildEngines();
  // French yards hold many more French cars: weight brands accordingly.
  const brandShare: Record<string, number> = { Renault: 6, Peugeot: 6, Citroën: 4, Dacia: 3, Volkswagen: 3 };
  const pickEngine = weighted(engines.map((engine) => ({ ...engine, share: brandShare[engine.brand] ?? 1 })));
  const enginesByModel = groupBy(engines, (engine) => engine.modelCode);
  const enginesByName = groupBy(engines, (engine) => `${engine.brand}|${engine.engine}`);

  for (let index = 1; index <= count; index++) {
    const family: SubFamilySeed & { familySlug: string } = pickSubFamily(rng);
    const donor = pickEngine(rng);
    const partName = pick(rng, family.names);
    const vehicle = family.engineSpecific
      ? `${donor.brand} ${donor.model} ${donor.engine}`
      : `${donor.brand} ${donor.model}`;
    const name = `${partName} ${vehicle}`;
    const code = `P${String(index).padStart(7, '0')}`;
    const donorYear = uniformInt(rng, donor.years[0], donor.years[1]);
    const age = Math.max(1, 2026 - donorYear);
    const donorMileageKm = Math.round((age * uniformInt(rng, 7000, 15000)) / 1000) * 1000;
    const grade = pick(rng, ['A', 'A', 'B', 'B', 'B', 'C'] as const);
    const warrantyMonths = family.engineSpecific ? pick(rng, [3, 6, 6, 12]) : pick(rng, [3, 3, 6]);
    const weightGrams = Math.round(
      (family.weightKg[0] + (uniformInt(rng, 0, 1000) / 1000) * (family.weightKg[1] - family.weightKg[0])) * 1000,
    );
    const basePrice = uniformInt(rng, family.priceEur[0], family.priceEur[1]);
    const gradeFactor = grade === 'A' ? 1 : grade === 'B' ? 0.85 : 0.7;
    const priceCents = Math.max(1000, Math.round(basePrice * gradeFactor) * 100 - pick(rng, [0, 10, 100]));
    const reference = oemReference(rng, donor.oemStyle);
    const compatible = family.engineSpecific
      ? (enginesByName.get(`${donor.brand}|${donor.engine}`) ?? [donor])
      : (enginesByModel.get(donor.modelCode) ?? [donor]);
    const createdAt = new Date(NEWEST - Math.round(((count - index) / Math.max(count, 1)) * STOCK_SPAN_MS));
    const shortDescription = `${partName} d'occasion, ${GRADE_LABELS[grade]}, garantie ${warrantyMonths} mois.`;
    const description = [
      `${partName} d'occasion provenant d'une ${donor.brand} ${donor.model} ${donor.engine} de ${donorYear} (${formatKm(donorMileageKm)} km).`,
      `Pièce contrôlée par nos techniciens avant sa mise en vente : ${GRADE_LABELS[grade]}.`,
      `Référence constructeur : ${reference}. Comparez-la à celle de votre pièce d'origine : c'est elle qui fait foi.`,
      `Garantie ${warrantyMonths} mois. Poids : ${(weightGrams / 1000).toLocaleString('fr-FR')} kg.`,
    ].join('\n\n');
    yield {
      code,
      name,
      slug: `${codePart(name)}-${code.toLowerCase()}`,
      description,
      shortDescription,
      mainTaxonCode: `family_${family.familySlug}_${family.slug}`,
      oemReference: reference,
      donorEngineCode: donor.code,
      donorYear,
      donorMileageKm,
      grade,
      warrantyMonths,
      weightGrams,
      priceCents,
      imageCount: uniformInt(rng, 1, 3),
      compatibleEngineCodes: compatible.map((engine) => engine.code),
      searchText: normalizeText(`${name} ${reference} ${normalizeReference(reference)} ${donor.engine}`),
      createdAt,
    };
  }
}
