import { describe, expect, it } from 'vitest';
import { registerSchema, SIRET_MESSAGE } from '@/lib/forms/account-schemas';
import { isValidSiret } from '@/lib/forms/siret';

describe('SIRET in the registration form', () => {
  it('checks the Luhn key and La Poste’s rule', () => {
    expect(isValidSiret('732 829 320 00074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('35600000000056')).toBe(true);
    expect(isValidSiret('35600000000048')).toBe(false);
    expect(isValidSiret('123')).toBe(false);
  });

  const person = { firstName: 'Léa', lastName: 'Martin', email: 'lea@exemple.fr', password: 'pieces-auto-2026' };
  const errors = async (values: object) =>
    registerSchema.validate(values, { abortEarly: false }).then(
      () => [],
      (error) => error.errors as string[],
    );

  it('asks a professional for the company name and a valid SIRET, and an individual for neither', async () => {
    expect(await errors(person)).toEqual([]);
    expect(await errors({ ...person, professional: true })).toEqual([
      'Indiquez la raison sociale de votre entreprise.',
      'Indiquez le SIRET de votre entreprise.',
    ]);
    expect(
      await errors({ ...person, professional: true, companyName: 'Garage Central', siret: '73282932000075' }),
    ).toEqual([SIRET_MESSAGE]);
    expect(
      await errors({ ...person, professional: true, companyName: 'Garage Central', siret: '73282932000074' }),
    ).toEqual([]);
  });
});
