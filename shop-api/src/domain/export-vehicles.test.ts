import { describe, expect, it } from 'vitest';
import {
  checkQuoteRequest,
  EXPORT_MESSAGES,
  mayBuyExportVehicles,
  normalizePhone,
  parseExportVehicleLine,
} from './export-vehicles.js';

describe('export vehicles', () => {
  it('are for professional accounts with a company and a SIRET only', () => {
    expect(
      mayBuyExportVehicles({ groupCode: 'professional', companyName: 'Garage Central', siret: '73282932000074' }),
    ).toBe(true);
    expect(mayBuyExportVehicles({ groupCode: 'professional', companyName: null, siret: null })).toBe(false);
    expect(
      mayBuyExportVehicles({ groupCode: 'individual', companyName: 'Garage Central', siret: '73282932000074' }),
    ).toBe(false);
  });

  it('take French and international phone numbers, written as people write them', () => {
    expect(normalizePhone('06 12 34 56 78')).toBe('0612345678');
    expect(normalizePhone('06.12.34.56.78')).toBe('0612345678');
    expect(normalizePhone('+32 (0)470-12-34-56')).toBe('+32470123456');
    expect(normalizePhone('+32 470 12 34 56')).toBe('+32470123456');
    expect(normalizePhone('0012345678')).toBeNull();
    expect(normalizePhone('061234567')).toBeNull();
  });

  it('check a quote request: phone required, destination and message bounded, fields trimmed', () => {
    expect(checkQuoteRequest({})).toEqual({
      ok: false,
      violations: [{ propertyPath: 'phoneNumber', message: EXPORT_MESSAGES.phoneRequired }],
    });
    expect(checkQuoteRequest({ phoneNumber: 'abc', destination: 'x'.repeat(65), message: 'y'.repeat(2001) })).toEqual({
      ok: false,
      violations: [
        { propertyPath: 'phoneNumber', message: EXPORT_MESSAGES.phoneInvalid },
        { propertyPath: 'destination', message: EXPORT_MESSAGES.destinationTooLong },
        { propertyPath: 'message', message: EXPORT_MESSAGES.messageTooLong },
      ],
    });
    expect(checkQuoteRequest({ phoneNumber: ' 03 27 00 00 00 ', destination: '  ', message: ' Délai ? ' })).toEqual({
      ok: true,
      fields: { phoneNumber: '0327000000', destination: null, message: 'Délai ?' },
    });
  });
});

describe('a line of the export vehicles spreadsheet', () => {
  const line = {
    code: 've-0100',
    marque: 'Renault',
    modele: 'Kangoo II',
    version: '1.5 dCi 90',
    annee: '2014',
    kilometrage: '187 500',
    energie: 'Diesel',
    statut: 'VEI',
    etat: 'Choc latéral',
    documents: 'Certificat d’immatriculation barré | Rapport d’expertise VEI',
    prix_ht: '1 850,50',
    disponibilite: '',
  };

  it('becomes a vehicle: French numbers, documents split on |, price in cents, listed by default', () => {
    expect(parseExportVehicleLine(line, 2026)).toEqual({
      ok: true,
      vehicle: {
        code: 'VE-0100',
        make: 'Renault',
        model: 'Kangoo II',
        version: '1.5 dCi 90',
        year: 2014,
        mileage: 187_500,
        fuel: 'Diesel',
        status: 'vei',
        condition: 'Choc latéral',
        documents: ['Certificat d’immatriculation barré', 'Rapport d’expertise VEI'],
        priceExclVat: 185_050,
        state: 'available',
      },
    });
    expect(parseExportVehicleLine({ ...line, prix_ht: '', disponibilite: 'vendu' }, 2026)).toMatchObject({
      ok: true,
      vehicle: { priceExclVat: null, state: 'sold' },
    });
  });

  it('lists every problem in French', () => {
    const result = parseExportVehicleLine(
      {
        ...line,
        code: 'x',
        annee: '2031',
        kilometrage: 'beaucoup',
        statut: 'épave',
        prix_ht: '-3',
        disponibilite: 'perdu',
        marque: '',
      },
      2026,
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        '« marque » est vide.',
        'Code « x » : 3 à 32 lettres, chiffres ou -.',
        'Année « 2031 » : l’année de première immatriculation, par exemple 2014.',
        'Kilométrage « beaucoup » : un nombre de kilomètres, par exemple 145 000.',
        'Statut « épave » : roulant, vei, vge ou vhu.',
        'Prix HT « -3 » : un montant en euros hors taxes, par exemple 2 100 ; vide pour « sur devis ».',
        'Disponibilité « perdu » : en_vente, vendu ou retire.',
      ],
    });
  });
});
