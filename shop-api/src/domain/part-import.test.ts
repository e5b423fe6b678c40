import { describe, expect, it } from 'vitest';
import { frenchNumber, parseImportLine, subFamilyCode } from './part-import.js';

const line = {
  code: 'ab-1234',
  nom: 'Turbo Renault Clio III 1.5 dCi 85',
  sous_famille: 'moteur/turbo',
  prix: '1 249,90',
  reference_oem: '54399880030',
  moteur_donneur: 'piece_renault_clio-iii_1-5-dci-85',
  annee: '2011',
  kilometrage: '142 000',
  etat: 'b',
  garantie_mois: '6',
  poids_kg: '4,5',
  description: 'Turbo testé.',
  compatibilites: 'piece_renault_megane-iii_1-5-dci-110 | piece_renault_clio-iii_1-5-dci-85',
  photos: 'ab-1234-1.jpg|ab-1234-2.png',
  statut: '',
};

describe('parseImportLine', () => {
  it('turns a spreadsheet line into a part: French numbers, slugs, lists, defaults', () => {
    expect(parseImportLine(line, 2026)).toEqual({
      ok: true,
      part: {
        code: 'AB-1234',
        name: 'Turbo Renault Clio III 1.5 dCi 85',
        subFamilyCode: 'family_moteur_turbo',
        priceCents: 124990,
        oemReference: '54399880030',
        donorEngineCode: 'piece_renault_clio-iii_1-5-dci-85',
        donorYear: 2011,
        donorMileageKm: 142000,
        grade: 'B',
        warrantyMonths: 6,
        weightGrams: 4500,
        description: 'Turbo testé.',
        compatibleEngineCodes: ['piece_renault_clio-iii_1-5-dci-85', 'piece_renault_megane-iii_1-5-dci-110'],
        photos: ['ab-1234-1.jpg', 'ab-1234-2.png'],
        status: 'en_vente',
      },
    });
  });

  it('lists every problem of a line, in French', () => {
    const result = parseImportLine(
      {
        ...line,
        code: 'x',
        prix: 'gratuit',
        etat: 'D',
        poids_kg: '',
        annee: '1890',
        photos: '../../etc/passwd.jpg',
        statut: 'perdue',
      },
      2026,
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      '« poids_kg » est vide.',
      'Code « x » : 3 à 41 lettres, chiffres, - ou _.',
      'Prix « gratuit » : un montant en euros TTC, par exemple 129,90.',
      'État « D » : A, B ou C.',
      'Année « 1890 » : l’année du véhicule donneur, par exemple 2014.',
      'Photo « ../../etc/passwd.jpg » : un nom de fichier .jpg, .png ou .webp du dossier des photos.',
      'Statut « perdue » : en_vente, vendue ou retiree.',
    ]);
  });

  it('accepts the statuses that take a part off sale', () => {
    const sold = parseImportLine({ ...line, statut: 'vendue' }, 2026);
    const withdrawn = parseImportLine({ ...line, statut: 'Retirée' }, 2026);
    expect(sold.ok && sold.part.status).toBe('vendue');
    expect(withdrawn.ok && withdrawn.part.status).toBe('retiree');
  });
});

describe('helpers', () => {
  it('reads French numbers', () => {
    expect(frenchNumber('1 299,90 €')).toBe(1299.9);
    expect(frenchNumber('12.5')).toBe(12.5);
    expect(frenchNumber('-3')).toBeNull();
    expect(frenchNumber('1e3')).toBeNull();
  });
  it('takes sub-families as slugs or codes', () => {
    expect(subFamilyCode('Moteur / Turbo')).toBe('family_moteur_turbo');
    expect(subFamilyCode('family_eclairage_phare')).toBe('family_eclairage_phare');
  });
});
