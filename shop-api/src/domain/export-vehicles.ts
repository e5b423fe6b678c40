/**
 * Whole vehicles for professionals (the yard's "Véhicules export"). Since 2009 a vehicle that cannot
 * be driven is not sold to a private person; a VEI may only be sold to a repairer; a VHU leaves the
 * yard only to another professional, and not as waste outside the OECD. So the list and its quotes
 * are for professional accounts (company and SIRET) only, and nothing here is paid online.
 */
import type { Violation } from './violation.js';
import { frenchNumber } from './part-import.js';
import { coded } from './refusal-codes.js';

export const EXPORT_VEHICLE_STATUSES = {
  roulant: 'Roulant (contrôle technique à jour ou à refaire)',
  vei: 'VEI — véhicule économiquement irréparable, vendu à un réparateur professionnel',
  vge: 'VGE — véhicule gravement endommagé, circulation interdite avant réparation et contrôle',
  vhu: 'VHU dépollué — pour pièces, cédé à un professionnel',
} as const;

export type ExportVehicleStatus = keyof typeof EXPORT_VEHICLE_STATUSES;

export const isExportVehicleStatus = (value: string): value is ExportVehicleStatus =>
  Object.hasOwn(EXPORT_VEHICLE_STATUSES, value);

/** Only professional accounts see the list and ask for quotes. */
export const mayBuyExportVehicles = (customer: {
  groupCode: string;
  companyName: string | null;
  siret: string | null;
}) => customer.groupCode === 'professional' && Boolean(customer.companyName) && Boolean(customer.siret);

export const EXPORT_MESSAGES = coded('export', {
  professionalsOnly:
    'Les véhicules entiers sont réservés aux professionnels : ajoutez la raison sociale et le SIRET de votre entreprise dans votre profil.',
  phoneRequired: 'Indiquez un numéro de téléphone pour que nous puissions vous rappeler.',
  phoneInvalid:
    'Ce numéro de téléphone n’est pas valide : 10 chiffres en France (01 23 45 67 89), ou le format international (+33 1 23 45 67 89).',
  destinationTooLong: 'Le pays de destination tient en 64 caractères au plus.',
  messageTooLong: 'Votre message dépasse 2 000 caractères : raccourcissez-le.',
  unavailable: 'Ce véhicule n’est plus disponible.',
} as const);

const QUOTE_MESSAGE_MAX = 2000;

export interface QuoteRequestInput {
  phoneNumber?: unknown;
  destination?: unknown;
  message?: unknown;
}

export interface QuoteRequestFields {
  phoneNumber: string;
  destination: string | null;
  message: string;
}

/** A French number (0 + 9 digits) or an international one (+ and 8 to 15 digits); spaces, dots and dashes allowed. */
export function normalizePhone(value: string): string | null {
  // "+32 (0)470…": the bracketed trunk zero is not dialled from abroad.
  const compact = value.replace(/\(0\)/g, '').replace(/[\s.\-()]/g, '');
  if (/^0[1-9]\d{8}$/.test(compact)) return compact;
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  return null;
}

/** The quote request's own fields, trimmed, or the French violations to show. */
export function checkQuoteRequest(
  input: QuoteRequestInput,
): { ok: true; fields: QuoteRequestFields } | { ok: false; violations: Violation[] } {
  const violations: Violation[] = [];
  const phone = typeof input.phoneNumber === 'string' ? input.phoneNumber.trim() : '';
  const normalized = phone ? normalizePhone(phone) : null;
  if (!phone) violations.push({ propertyPath: 'phoneNumber', message: EXPORT_MESSAGES.phoneRequired });
  else if (!normalized) violations.push({ propertyPath: 'phoneNumber', message: EXPORT_MESSAGES.phoneInvalid });
  const destination = typeof input.destination === 'string' ? input.destination.trim() : '';
  if (destination.length > 64)
    violations.push({ propertyPath: 'destination', message: EXPORT_MESSAGES.destinationTooLong });
  const message = typeof input.message === 'string' ? input.message.trim() : '';
  if (message.length > QUOTE_MESSAGE_MAX)
    violations.push({ propertyPath: 'message', message: EXPORT_MESSAGES.messageTooLong });
  if (violations.length > 0) return { ok: false, violations };
  return { ok: true, fields: { phoneNumber: normalized!, destination: destination || null, message } };
}

/** Columns of the staff's spreadsheet of export vehicles (`npm run vehicules-export -- import`). */
export const EXPORT_COLUMNS = [
  'code',
  'marque',
  'modele',
  'version',
  'annee',
  'kilometrage',
  'energie',
  'statut',
  'etat',
  'documents',
  'prix_ht',
  'disponibilite',
] as const;
export const EXPORT_REQUIRED_COLUMNS = [
  'code',
  'marque',
  'modele',
  'version',
  'annee',
  'kilometrage',
  'energie',
  'statut',
  'etat',
] as const;
/** en_vente: listed; vendu and retire: off the list (requests stay with the vehicle). */
const EXPORT_AVAILABILITY = { en_vente: 'available', vendu: 'sold', retire: 'withdrawn' } as const;

export interface ExportVehicleFields {
  code: string;
  make: string;
  model: string;
  version: string;
  year: number;
  mileage: number;
  fuel: string;
  status: ExportVehicleStatus;
  condition: string;
  documents: string[];
  priceExclVat: number | null;
  state: (typeof EXPORT_AVAILABILITY)[keyof typeof EXPORT_AVAILABILITY];
}

/** One line of the spreadsheet as a vehicle, or every problem with it in French. */
export function parseExportVehicleLine(
  record: Record<string, string | undefined>,
  currentYear: number,
): { ok: true; vehicle: ExportVehicleFields } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const get = (column: string) => (record[column] ?? '').trim();
  for (const column of EXPORT_REQUIRED_COLUMNS) if (!get(column)) errors.push(`« ${column} » est vide.`);

  const code = get('code').toUpperCase();
  if (code && !/^[A-Z0-9-]{3,32}$/.test(code)) errors.push(`Code « ${get('code')} » : 3 à 32 lettres, chiffres ou -.`);
  for (const [column, label] of [
    ['marque', 'La marque'],
    ['modele', 'Le modèle'],
    ['version', 'La version'],
    ['energie', 'L’énergie'],
  ] as const) {
    if (get(column).length > (column === 'energie' ? 32 : 64))
      errors.push(`${label} est trop longue (${column === 'energie' ? 32 : 64} caractères au plus).`);
  }
  const year = get('annee') ? frenchNumber(get('annee')) : null;
  if (get('annee') && (year === null || !Number.isInteger(year) || year < 1950 || year > currentYear))
    errors.push(`Année « ${get('annee')} » : l’année de première immatriculation, par exemple 2014.`);
  const mileage = get('kilometrage') ? frenchNumber(get('kilometrage')) : null;
  if (get('kilometrage') && (mileage === null || !Number.isInteger(mileage) || mileage > 2_000_000))
    errors.push(`Kilométrage « ${get('kilometrage')} » : un nombre de kilomètres, par exemple 145 000.`);
  const status = get('statut').toLowerCase();
  if (status && !isExportVehicleStatus(status)) errors.push(`Statut « ${get('statut')} » : roulant, vei, vge ou vhu.`);
  if (get('etat').length > 2000) errors.push('L’état compte 2 000 caractères au plus.');
  const documents = get('documents')
    .split('|')
    .map((item) => item.trim())
    .filter(Boolean);
  if (documents.length > 10 || documents.some((item) => item.length > 120))
    errors.push('Documents : 10 au plus, séparés par |, de 120 caractères chacun au plus.');
  const price = get('prix_ht') ? frenchNumber(get('prix_ht')) : null;
  if (get('prix_ht') && (price === null || price <= 0 || price >= 10_000_000))
    errors.push(
      `Prix HT « ${get('prix_ht')} » : un montant en euros hors taxes, par exemple 2 100 ; vide pour « sur devis ».`,
    );
  const availability = (get('disponibilite') || 'en_vente')
    .toLowerCase()
    .replace('retiré', 'retire')
    .replace('vendue', 'vendu');
  if (!Object.hasOwn(EXPORT_AVAILABILITY, availability))
    errors.push(`Disponibilité « ${get('disponibilite')} » : en_vente, vendu ou retire.`);

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    vehicle: {
      code,
      make: get('marque'),
      model: get('modele'),
      version: get('version'),
      year: year!,
      mileage: mileage!,
      fuel: get('energie'),
      status: status as ExportVehicleStatus,
      condition: get('etat'),
      documents,
      priceExclVat: price === null ? null : Math.round(price * 100),
      state: EXPORT_AVAILABILITY[availability as keyof typeof EXPORT_AVAILABILITY],
    },
  };
}
