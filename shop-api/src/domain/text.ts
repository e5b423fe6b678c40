/** Text normalisation shared by the seed, the importers and the search filter. */
import slugify from 'slugify';

/** Lower case, accents removed, runs of spaces folded: "Boîte  de Vitesses" → "boite de vitesses". */
export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A manufacturer reference without spaces, dots or dashes, upper case: "8V21-13W030 ae" → "8V2113W030AE". */
export function normalizeReference(value: string): string {
  return normalizeText(value)
    .replace(/[^a-z0-9]/g, '')
    .toUpperCase();
}

/** A name as a part of a code or an address: "1.5 dCi 90" → "1-5-dci-90". */
export function codePart(value: string): string {
  // Keep the dot's separation, which slugify would drop.
  return slugify(value.replace(/\./g, ' '), { lower: true, strict: true, locale: 'fr' });
}
