/** Menu limits and the header's fixed entries. */
import type { Family } from '@/lib/catalogue/types';

export const HEADER_FAMILY_LIMIT = 7;
export const FOOTER_FAMILY_LIMIT = 13;
/** The desktop dropdown is hidden this long after a navigation, so it does not stay open under the pointer. */
export const DROPDOWN_EJECT_MS = 100;

export const headerFamilies = (families: Family[]) => families.slice(0, HEADER_FAMILY_LIMIT);
export const footerFamilies = (families: Family[]) => families.slice(0, FOOTER_FAMILY_LIMIT);

/** Header entries: used parts, engine, gearbox, end-of-life vehicles (export). */
export const MAIN_MENU = [
  { key: 'usedParts', href: '/pieces', withDropdown: true },
  { key: 'engine', href: '/pieces/moteur', withDropdown: false },
  { key: 'gearbox', href: '/pieces/bv-pont-transmission/boite-de-vitesse', withDropdown: false },
  { key: 'export', href: '/vehicules-export', withDropdown: false },
] as const;

/** Footer links, in order. */
export const FOOTER_LINKS = [
  { key: 'about', href: '/qui-sommes-nous' },
  { key: 'help', href: '/aide-et-contact' },
  { key: 'returns', href: '/retourner-un-produit' },
  { key: 'shipping', href: '/modalites-de-livraison' },
  { key: 'terms', href: '/conditions-generales-de-vente' },
  { key: 'termsOfUse', href: '/conditions-utilisation' },
  { key: 'legalNotice', href: '/mentions-legales' },
] as const;

export const PRIVACY_POLICY_PDF = '/politique-de-confidentialite.pdf';
