import { describe, expect, it } from 'vitest';
import {
  addressViolations,
  customerViolations,
  MESSAGES,
  newPasswordViolations,
  normalizeEmail,
  registrationViolations,
} from './customer-rules.js';
import { LEA_ADDRESS } from '../../tests/helpers/address.js';

const paths = (violations: { propertyPath: string }[]) => violations.map((v) => v.propertyPath);
const address = LEA_ADDRESS;

describe('customer rules', () => {
  it('accepts a complete registration and names every missing or short field', () => {
    expect(
      registrationViolations({
        firstName: 'Léa',
        lastName: 'Martin',
        email: 'lea.martin@exemple.fr',
        password: 'pièces-2026',
      }),
    ).toEqual([]);
    expect(paths(registrationViolations({}))).toEqual(['firstName', 'lastName', 'email', 'password']);
    const short = registrationViolations({ firstName: 'L', lastName: 'Martin', email: 'lea@', password: 'abc' });
    expect(short).toEqual([
      { propertyPath: 'firstName', message: MESSAGES.tooShort(2) },
      { propertyPath: 'email', message: MESSAGES.email },
      { propertyPath: 'password', message: MESSAGES.tooShort(8) },
    ]);
  });

  it.each([
    '"lea"@exemple.fr',
    '"l\\ea"@exemple.fr',
    'lea"@exemple.fr',
    '(lea)@exemple.fr',
    'lea..martin@exemple.fr',
    'lea@exemple',
  ])('refuses %s: another spelling of one mailbox would be another account and another mail allowance', (email) => {
    expect(registrationViolations({ firstName: 'Léa', lastName: 'Martin', email, password: 'pièces-2026' })).toEqual([
      { propertyPath: 'email', message: MESSAGES.email },
    ]);
  });

  it.each(['élodie.martin+pieces@exemple.fr', "o'brien@exemple.ie", 'garage-du-centre@pièces-auto.fr'])(
    'takes %s',
    (email) => {
      expect(registrationViolations({ firstName: 'Léa', lastName: 'Martin', email, password: 'pièces-2026' })).toEqual(
        [],
      );
    },
  );

  it('checks profile fields, gender and group', () => {
    expect(
      customerViolations({
        firstName: 'Léa',
        lastName: 'Martin',
        email: 'lea@exemple.fr',
        gender: 'f',
        group: 'professional',
      }),
    ).toEqual([]);
    expect(
      paths(
        customerViolations({
          firstName: 'Léa',
          lastName: 'Martin',
          email: 'lea@exemple.fr',
          gender: 'x',
          group: 'vip',
          birthday: 'hier',
        }),
      ),
    ).toEqual(['gender', 'group', 'birthday']);
  });

  it('wants the new password twice, identical', () => {
    expect(newPasswordViolations({ newPassword: 'nouveau-mot-2026', confirmNewPassword: 'nouveau-mot-2026' })).toEqual(
      [],
    );
    expect(newPasswordViolations({ newPassword: 'nouveau-mot-2026', confirmNewPassword: 'autre' })).toEqual([
      { propertyPath: 'confirmNewPassword', message: MESSAGES.confirmMismatch },
    ]);
    expect(paths(newPasswordViolations({}))).toEqual(['newPassword', 'confirmNewPassword']);
  });

  it('checks addresses: required fields, shippable country, French postcodes', () => {
    const countries = new Set(['FR', 'BE']);
    expect(addressViolations(address, countries)).toEqual([]);
    expect(addressViolations({ ...address, postcode: '5950' }, countries)).toEqual([
      { propertyPath: 'postcode', message: MESSAGES.postcodeFr },
    ]);
    expect(addressViolations({ ...address, countryCode: 'US' }, countries)).toEqual([
      { propertyPath: 'countryCode', message: MESSAGES.country },
    ]);
    expect(addressViolations({ ...address, countryCode: 'BE', postcode: '7500' }, countries)).toEqual([]);
    expect(paths(addressViolations({}, countries))).toEqual([
      'firstName',
      'lastName',
      'street',
      'city',
      'postcode',
      'countryCode',
    ]);
  });

  it('refuses control characters and direction overrides in names, addresses and companies', () => {
    const countries = new Set(['FR']);
    const invisible = [
      '\u202Enitram',
      'Mar\u0000tin',
      'Mar\ttin',
      'Mar\u2066tin\u2069',
      'Ma\u200Ftin',
      'Mar\u200Btin',
      'Mar\uFEFFtin',
      'Mar\u00ADtin',
      'Mar\u2028tin',
      'Mar\uE000tin',
      'Mar\uFFF9tin',
    ];
    for (const value of invisible) {
      for (const field of ['firstName', 'lastName', 'street', 'city'] as const) {
        expect(addressViolations({ ...address, [field]: value }, countries)).toEqual([
          { propertyPath: field, message: MESSAGES.invisible },
        ]);
      }
      expect(paths(customerViolations({ firstName: value, lastName: 'Martin', email: 'lea@exemple.fr' }))).toEqual([
        'firstName',
      ]);
    }
    // Accents, apostrophes, hyphens and non-Latin scripts are names like any other.
    for (const name of [
      'Éléonore',
      'D’Artagnan',
      'Jean-Loïc',
      'Ødegård',
      'Zoë N’Diaye',
      'Мария',
      'محمد',
      'می\u200Cخواهم',
    ]) {
      expect(addressViolations({ ...address, firstName: name }, countries)).toEqual([]);
    }
  });

  it('keeps an account holder’s names to what names are made of: no link, number or sentence goes into mails', () => {
    const person = { firstName: 'Léa', lastName: 'Martin', email: 'lea@exemple.fr', password: 'pièces-2026' };
    for (const name of [
      'Éléonore',
      'D’Artagnan',
      'Jean-Loïc',
      'Zoë N’Diaye',
      "de La Tour d'Auvergne",
      'Мария',
      'محمد',
      'می\u200Cخواهم',
    ]) {
      expect(registrationViolations({ ...person, firstName: name, lastName: name })).toEqual([]);
      expect(customerViolations({ ...person, lastName: name })).toEqual([]);
    }
    for (const name of [
      'evil.com',
      'https://exemple.fr/gain',
      'Appelez 06 12 34 56 78',
      'Gagnez 1000€',
      'Léa <b>',
      'Paul_1',
      'Léa, gagnante !',
    ]) {
      expect(registrationViolations({ ...person, lastName: name })).toEqual([
        { propertyPath: 'lastName', message: MESSAGES.personName },
      ]);
      expect(customerViolations({ ...person, firstName: name })).toEqual([
        { propertyPath: 'firstName', message: MESSAGES.personName },
      ]);
    }
    expect(registrationViolations({ ...person, firstName: 'A'.repeat(51) })).toEqual([
      { propertyPath: 'firstName', message: MESSAGES.tooLong(50) },
    ]);
    // A delivery address's names keep the looser rule: a label may read « Garage 2000 ».
    expect(addressViolations({ ...address, lastName: 'Garage 2000' }, new Set(['FR']))).toEqual([]);
  });

  it('compares e-mails without case or surrounding spaces', () => {
    expect(normalizeEmail('  Lea.Martin@Exemple.FR ')).toBe('lea.martin@exemple.fr');
  });
});

describe('SIRET and company', () => {
  it('accepts SIRETs whose Luhn key is right, with or without spaces', async () => {
    const { isValidSiret } = await import('./customer-rules.js');
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('443 061 841 00047')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
    expect(isValidSiret('7328293200007A')).toBe(false);
  });

  it('applies La Poste’s rule (sum of digits a multiple of 5) to SIREN 356 000 000', async () => {
    const { isValidSiret } = await import('./customer-rules.js');
    expect(isValidSiret('35600000000056')).toBe(true); // digits add up to 25, though its Luhn key is wrong
    expect(isValidSiret('35600000000048')).toBe(false); // Luhn-valid, but 26 is not a multiple of 5
  });

  it('asks for both the company name and the SIRET, or neither', async () => {
    const { companyViolations, registrationViolations, MESSAGES } = await import('./customer-rules.js');
    expect(companyViolations({})).toEqual([]);
    expect(companyViolations({ companyName: 'Garage du Centre', siret: '73282932000074' })).toEqual([]);
    expect(companyViolations({ companyName: 'Garage du Centre' })).toEqual([
      { propertyPath: 'siret', message: MESSAGES.siretForCompany },
    ]);
    expect(companyViolations({ siret: '73282932000074' })).toEqual([
      { propertyPath: 'companyName', message: MESSAGES.companyForSiret },
    ]);
    expect(companyViolations({ companyName: 'Garage', siret: '12345678901234' })).toEqual([
      { propertyPath: 'siret', message: MESSAGES.siret },
    ]);
    const registration = registrationViolations({
      firstName: 'Léa',
      lastName: 'Martin',
      email: 'lea@example.fr',
      password: 'secret-123',
      companyName: 'G',
      siret: '1',
    });
    expect(registration.map((v) => v.propertyPath)).toEqual(['companyName', 'siret']);
  });
});
