/**
 * One line of the staff's parts CSV, checked and turned into a part (plain function, no database):
 * every problem of the line is listed in French, so the report tells the staff all they must fix.
 * Columns (header line, `;` or `,` separated, as a spreadsheet exports them):
 * code; nom; sous_famille; prix; reference_oem; moteur_donneur; annee; kilometrage; etat;
 * garantie_mois; poids_kg; description; compatibilites; photos; statut
 */
export const IMPORT_COLUMNS = [
  'code',
  'nom',
  'sous_famille',
  'prix',
  'reference_oem',
  'moteur_donneur',
  'annee',
  'kilometrage',
  'etat',
  'garantie_mois',
  'poids_kg',
  'description',
  'compatibilites',
  'photos',
  'statut',
] as const;
export const REQUIRED_COLUMNS = ['code', 'nom', 'sous_famille', 'prix', 'etat', 'garantie_mois', 'poids_kg'] as const;

const IMPORT_STATUSES = ['en_vente', 'vendue', 'retiree'] as const;
type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportedPart {
  code: string;
  name: string;
  /** Taxon code of the sub-family. */
  subFamilyCode: string;
  priceCents: number;
  oemReference: string | null;
  donorEngineCode: string | null;
  donorYear: number | null;
  donorMileageKm: number | null;
  grade: 'A' | 'B' | 'C';
  warrantyMonths: number;
  weightGrams: number;
  description: string;
  /** Engine taxon codes the part fits (the donor's engine is always one of them). */
  compatibleEngineCodes: string[];
  /** Photo file names, in display order (the first is the main photo). */
  photos: string[];
  status: ImportStatus;
}

export type ImportLine = { ok: true; part: ImportedPart } | { ok: false; errors: string[] };

const CODE = /^[A-Z0-9][A-Z0-9_-]{2,40}$/;
const TAXON_CODE = /^[a-z0-9][a-z0-9_-]{1,200}$/;
const PHOTO = /^[\w][\w .-]{0,150}\.(jpe?g|png|webp)$/i;
const MAX_PHOTOS = 9;

/** "1 299,90" / "1299.9" / "129" → a number; null when it is not one. */
export function frenchNumber(value: string): number | null {
  const cleaned = value.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** "moteur/turbo" (the families' slugs, as in the shop's URLs) or a taxon code → the taxon code. */
export function subFamilyCode(value: string): string {
  const trimmed = value.trim().toLowerCase();
  const slugs = trimmed
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean);
  return slugs.length === 2 ? `family_${slugs[0]}_${slugs[1]}` : trimmed;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split('|')
    .map((item) => item.trim())
    .filter(Boolean);

export function parseImportLine(record: Record<string, string | undefined>, currentYear: number): ImportLine {
  const errors: string[] = [];
  const get = (column: string) => (record[column] ?? '').trim();

  for (const column of REQUIRED_COLUMNS) if (!get(column)) errors.push(`« ${column} » est vide.`);

  const code = get('code').toUpperCase();
  if (code && !CODE.test(code)) errors.push(`Code « ${get('code')} » : 3 à 41 lettres, chiffres, - ou _.`);
  const name = get('nom');
  if (name && (name.length < 3 || name.length > 255)) errors.push('Le nom compte de 3 à 255 caractères.');
  const subFamily = get('sous_famille') ? subFamilyCode(get('sous_famille')) : '';
  if (subFamily && !TAXON_CODE.test(subFamily))
    errors.push(`Sous-famille « ${get('sous_famille')} » : écrivez famille/sous-famille, par exemple moteur/turbo.`);

  const price = get('prix') ? frenchNumber(get('prix')) : null;
  if (get('prix') && (price === null || price <= 0 || price >= 1_000_000))
    errors.push(`Prix « ${get('prix')} » : un montant en euros TTC, par exemple 129,90.`);
  const weight = get('poids_kg') ? frenchNumber(get('poids_kg')) : null;
  if (get('poids_kg') && (weight === null || weight <= 0 || weight > 5000))
    errors.push(`Poids « ${get('poids_kg')} » : des kilos, par exemple 12,5.`);
  const grade = get('etat').toUpperCase();
  if (grade && !['A', 'B', 'C'].includes(grade)) errors.push(`État « ${get('etat')} » : A, B ou C.`);
  const warranty = get('garantie_mois') ? frenchNumber(get('garantie_mois')) : null;
  if (get('garantie_mois') && (warranty === null || !Number.isInteger(warranty) || warranty > 60))
    errors.push(`Garantie « ${get('garantie_mois')} » : un nombre de mois entre 0 et 60.`);

  const year = get('annee') ? frenchNumber(get('annee')) : null;
  if (get('annee') && (year === null || !Number.isInteger(year) || year < 1950 || year > currentYear + 1))
    errors.push(`Année « ${get('annee')} » : l’année du véhicule donneur, par exemple 2014.`);
  const mileage = get('kilometrage') ? frenchNumber(get('kilometrage')) : null;
  if (get('kilometrage') && (mileage === null || !Number.isInteger(mileage) || mileage > 2_000_000))
    errors.push(`Kilométrage « ${get('kilometrage')} » : un nombre de kilomètres, par exemple 145 000.`);

  const donor = get('moteur_donneur').toLowerCase() || null;
  if (donor && !TAXON_CODE.test(donor))
    errors.push(
      `Moteur donneur « ${get('moteur_donneur')} » : le code du moteur, par exemple piece_renault_clio-iii_1-5-dci-85.`,
    );
  const compatible = list(get('compatibilites')).map((item) => item.toLowerCase());
  const badEngine = compatible.find((item) => !TAXON_CODE.test(item));
  if (badEngine) errors.push(`Compatibilité « ${badEngine} » : des codes de moteurs séparés par |.`);
  const photos = list(get('photos'));
  const badPhoto = photos.find((photo) => !PHOTO.test(photo) || photo.includes('..'));
  if (badPhoto) errors.push(`Photo « ${badPhoto} » : un nom de fichier .jpg, .png ou .webp du dossier des photos.`);
  if (photos.length > MAX_PHOTOS) errors.push(`${MAX_PHOTOS} photos au plus par pièce.`);
  const status = (get('statut') || 'en_vente').toLowerCase().replace('retirée', 'retiree');
  if (!(IMPORT_STATUSES as readonly string[]).includes(status))
    errors.push(`Statut « ${get('statut')} » : en_vente, vendue ou retiree.`);
  const reference = get('reference_oem');
  if (reference.length > 100) errors.push('La référence constructeur compte 100 caractères au plus.');
  const description = get('description');
  if (description.length > 5000) errors.push('La description compte 5 000 caractères au plus.');

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    part: {
      code,
      name,
      subFamilyCode: subFamily,
      priceCents: Math.round(price! * 100),
      oemReference: reference || null,
      donorEngineCode: donor,
      donorYear: year,
      donorMileageKm: mileage,
      grade: grade as 'A' | 'B' | 'C',
      warrantyMonths: warranty!,
      weightGrams: Math.round(weight! * 1000),
      description,
      compatibleEngineCodes: [...new Set([...(donor ? [donor] : []), ...compatible])],
      photos,
      status: status as ImportStatus,
    },
  };
}
