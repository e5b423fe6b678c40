/**
 * Whole vehicles for professionals (the yard's "Véhicules export"). Since 2009 a vehicle that cannot
 * be driven is not sold to a private person; a VEI may only be sold to a repairer; a VHU leaves the
 * yard only to another professional, and not as waste outside the OECD. So the list and its quotes
 * are for professional accounts (company and SIRET) only, and nothing here is paid online.
 */
import type { Violation } from '../http/errors.js';

export const EXPORT_VEHICLE_STATUSES = {
  roulant: 'Roulant (contrôle technique à jour ou à refaire)',
  vei: 'VEI — véhicule économiquement irréparable, vendu à un réparateur professionnel',
  vge: 'VGE — véhicule gravement endommagé, circulation interdite avant réparation et contrôle',
  vhu: 'VHU dépollué — pour pièces, cédé à un professionnel',
} as const;

export type ExportVehicleStatus = keyof typeof EXPORT_VEHICLE_STATUSES;

export const isExportVehicleStatus = (value: string): value is ExportVehicleStatus => Object.hasOwn(EXPORT_VEHICLE_STATUSES, value);

/** Only professional accounts see the list and ask for quotes. */
export const mayBuyExportVehicles = (customer: { groupCode: string; companyName: string | null; siret: string | null }) =>
  customer.groupCode === 'professional' && Boolean(customer.companyName) && Boolean(customer.siret);

export const EXPORT_MESSAGES = {
  professionalsOnly: 'Les véhicules entiers sont réservés aux professionnels : ajoutez la raison sociale et le SIRET de votre entreprise dans votre profil.',
  phoneRequired: 'Indiquez un numéro de téléphone pour que nous puissions vous rappeler.',
  phoneInvalid: 'Ce numéro de téléphone n’est pas valide : 10 chiffres en France (01 23 45 67 89), ou le format international (+33 1 23 45 67 89).',
  destinationTooLong: 'Le pays de destination tient en 64 caractères au plus.',
  messageTooLong: 'Votre message dépasse 2 000 caractères : raccourcissez-le.',
  unavailable: 'Ce véhicule n’est plus disponible.',
} as const;

export const QUOTE_MESSAGE_MAX = 2000;

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
export function checkQuoteRequest(input: QuoteRequestInput): { ok: true; fields: QuoteRequestFields } | { ok: false; violations: Violation[] } {
  const violations: Violation[] = [];
  const phone = typeof input.phoneNumber === 'string' ? input.phoneNumber.trim() : '';
  const normalized = phone ? normalizePhone(phone) : null;
  if (!phone) violations.push({ propertyPath: 'phoneNumber', message: EXPORT_MESSAGES.phoneRequired });
  else if (!normalized) violations.push({ propertyPath: 'phoneNumber', message: EXPORT_MESSAGES.phoneInvalid });
  const destination = typeof input.destination === 'string' ? input.destination.trim() : '';
  if (destination.length > 64) violations.push({ propertyPath: 'destination', message: EXPORT_MESSAGES.destinationTooLong });
  const message = typeof input.message === 'string' ? input.message.trim() : '';
  if (message.length > QUOTE_MESSAGE_MAX) violations.push({ propertyPath: 'message', message: EXPORT_MESSAGES.messageTooLong });
  if (violations.length > 0) return { ok: false, violations };
  return { ok: true, fields: { phoneNumber: normalized!, destination: destination || null, message } };
}
