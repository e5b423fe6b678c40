import type { Family } from '@/lib/catalogue/types';
import {
  DROPDOWN_EJECT_MS,
  FOOTER_FAMILY_LIMIT,
  FOOTER_LINKS,
  footerFamilies,
  HEADER_FAMILY_LIMIT,
  headerFamilies,
  MAIN_MENU,
} from '@/lib/layout/menu';
import messages from '@/messages/fr.json';

const families: Family[] = Array.from({ length: 20 }, (_, i) => ({
  code: `family_f${i}`,
  name: `F${i}`,
  children: [],
}));

describe('menu limits', () => {
  it('shows at most the first 7 families in the header', () => {
    expect(HEADER_FAMILY_LIMIT).toBe(7);
    expect(headerFamilies(families).map((f) => f.code)).toEqual(families.slice(0, 7).map((f) => f.code));
    expect(headerFamilies(families.slice(0, 3))).toHaveLength(3);
  });

  it('lists at most the first 13 families in the footer', () => {
    expect(FOOTER_FAMILY_LIMIT).toBe(13);
    expect(footerFamilies(families)).toHaveLength(13);
    expect(footerFamilies(families)[12]!.code).toBe('family_f12');
  });

  it('ejects the dropdown for 100 ms on navigation', () => {
    expect(DROPDOWN_EJECT_MS).toBe(100);
  });

  it('has the header entries with their routes', () => {
    expect(MAIN_MENU.map((entry) => entry.href)).toEqual([
      '/pieces',
      '/pieces/moteur',
      '/pieces/bv-pont-transmission/boite-de-vitesse',
      '/vehicules-export',
    ]);
  });

  it('has the footer links, each with a French label', () => {
    expect(FOOTER_LINKS.map((link) => link.href)).toEqual([
      '/qui-sommes-nous',
      '/aide-et-contact',
      '/retourner-un-produit',
      '/modalites-de-livraison',
      '/conditions-generales-de-vente',
      '/conditions-utilisation',
      '/mentions-legales',
    ]);
    for (const link of FOOTER_LINKS) expect(messages.footer.links[link.key]).toBeTruthy();
    for (const entry of MAIN_MENU) expect(messages.header.menu[entry.key]).toBeTruthy();
  });
});
