import { describe, expect, it } from 'vitest';
import {
  INVISIBLE_MESSAGE,
  PERSON_NAME_MESSAGE,
  addressSchema,
  loginSchema,
  passwordSchema,
  profileFormSchema,
  profileSchema,
  registerSchema,
  verifySchema,
} from '@/lib/forms/account-schemas';
import { yup } from '@/lib/forms/yup-fr';

const errorsOf = async (schema: yup.AnyObjectSchema, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as yup.ValidationError).errors;
  }
};

describe('account form rules in French', () => {
  it('refuses at sign-in a password longer than any the shop registers, in French', async () => {
    expect(await errorsOf(loginSchema, { email: 'lea@exemple.fr', password: 'x'.repeat(255) })).toEqual([
      'Ce champ doit compter au plus 254 caractères.',
    ]);
    expect(await errorsOf(loginSchema, { email: 'lea@exemple.fr', password: 'x'.repeat(254) })).toEqual([]);
  });

  it('replaces yup defaults by French messages', async () => {
    expect(await errorsOf(registerSchema, { lastName: 'M', email: 'x', password: '123' })).toEqual([
      'Ce champ est obligatoire.',
      'Ce champ doit compter au moins 2 caractères.',
      'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.',
      'Ce champ doit compter au moins 8 caractères.',
    ]);
    const texts = [
      yup.string().length(5),
      yup.string().uuid(),
      yup.string().url(),
      yup.string().strict().trim(),
      yup.string().strict().lowercase(),
      yup.string().strict().uppercase(),
    ];
    const values = ['abc', 'abc', 'abc', ' a ', 'A', 'a'];
    const messages = await Promise.all(
      texts.map((schema, i) =>
        schema.validate(values[i]).then(
          () => '',
          (e: yup.ValidationError) => e.message,
        ),
      ),
    );
    expect(messages.every((m) => m && !/must|be a/.test(m))).toBe(true);
  });

  it('keeps an account holder’s names to letters, spaces, hyphens and apostrophes (they go into mails), not a delivery address’s', async () => {
    const person = { firstName: 'Léa', lastName: 'Martin', email: 'lea@exemple.fr', password: 'pièces-2026' };
    const profile = { firstName: 'Léa', lastName: 'Martin', email: 'lea@exemple.fr', group: 'individual' };
    for (const name of ['Jean-Loïc', 'D’Artagnan', "de La Tour d'Auvergne", 'Мария', 'محمد']) {
      expect(await errorsOf(registerSchema, { ...person, lastName: name })).toEqual([]);
      expect(await errorsOf(profileSchema, { ...profile, firstName: name })).toEqual([]);
    }
    for (const name of ['evil.com', 'Appelez 06 12 34 56 78', 'https://exemple.fr']) {
      expect(await errorsOf(registerSchema, { ...person, lastName: name })).toEqual([PERSON_NAME_MESSAGE]);
      expect(await errorsOf(profileSchema, { ...profile, firstName: name })).toEqual([PERSON_NAME_MESSAGE]);
    }
    expect(await errorsOf(registerSchema, { ...person, firstName: 'A'.repeat(51) })).toEqual([
      'Ce champ doit compter au plus 50 caractères.',
    ]);
    const address = {
      firstName: 'Léa',
      lastName: 'Garage 2000',
      street: '1 rue de la Paix',
      postcode: '75001',
      city: 'Paris',
      countryCode: 'FR',
    };
    expect(await errorsOf(addressSchema, address)).toEqual([]);
  });

  it('takes a confirmation link’s password alone, or with both names (the account made with them), then a password of 8', async () => {
    expect(await errorsOf(verifySchema, { password: 'x' })).toEqual([]);
    expect(await errorsOf(verifySchema, { password: 'x', firstName: 'Lucie', lastName: '' })).toEqual([
      'Ce champ est obligatoire.',
    ]);
    expect(await errorsOf(verifySchema, { password: 'court', firstName: 'Lucie', lastName: 'Durand' })).toEqual([
      'Ce champ doit compter au moins 8 caractères.',
    ]);
    expect(
      await errorsOf(verifySchema, { password: 'assez-long-2026', firstName: 'Lucie', lastName: 'evil.com' }),
    ).toEqual([PERSON_NAME_MESSAGE]);
    expect(
      await errorsOf(verifySchema, { password: 'assez-long-2026', firstName: 'Lucie', lastName: 'Durand' }),
    ).toEqual([]);
  });

  it('wants the new password confirmed', async () => {
    expect(
      await errorsOf(passwordSchema, {
        currentPassword: 'ancien',
        newPassword: 'nouveau-2026',
        confirmNewPassword: 'autre-2026',
      }),
    ).toEqual(['Les deux mots de passe ne correspondent pas.']);
  });

  it('asks for the current password when the e-mail changes, and only then', async () => {
    const profile = { firstName: 'Léa', lastName: 'Martin', email: 'lea@exemple.fr', group: 'individual' };
    const form = profileFormSchema('lea@exemple.fr');
    expect(await errorsOf(form, { ...profile, email: ' Lea@Exemple.fr ' })).toEqual([]);
    expect(await errorsOf(form, { ...profile, email: 'lea.martin@exemple.fr' })).toEqual([
      'Saisissez votre mot de passe actuel pour changer d’adresse e-mail.',
    ]);
    expect(
      await errorsOf(form, { ...profile, email: 'lea.martin@exemple.fr', currentPassword: 'pieces-auto-2026' }),
    ).toEqual([]);
    // The server action's check does not know the current address: the shop API asks for the password itself.
    expect(await errorsOf(profileSchema, { ...profile, email: 'lea.martin@exemple.fr' })).toEqual([]);
  });

  it('refuses control characters and direction overrides in names and addresses, and only those', async () => {
    const address = {
      firstName: 'Léa',
      lastName: 'Martin',
      street: '1 rue Haute',
      city: 'Douai',
      postcode: '59500',
      countryCode: 'FR',
    };
    for (const value of ['\u202Enitram', 'Mar\u0000tin', 'Mar\ttin', 'Ma\u200Ftin', 'Mar\u200Btin', 'Mar\uFEFFtin']) {
      for (const field of ['firstName', 'lastName', 'company', 'street', 'city']) {
        expect(await errorsOf(addressSchema, { ...address, [field]: value })).toEqual([INVISIBLE_MESSAGE]);
      }
    }
    for (const name of ['Éléonore', 'D’Artagnan', 'Jean-Loïc', 'Мария', 'محمد'])
      expect(await errorsOf(addressSchema, { ...address, firstName: name })).toEqual([]);
  });

  it('checks French postcodes only for France', async () => {
    const address = {
      firstName: 'Léa',
      lastName: 'Martin',
      street: '1 rue Haute',
      city: 'Douai',
      postcode: '5950',
      countryCode: 'FR',
    };
    expect(await errorsOf(addressSchema, address)).toEqual(['Un code postal français compte 5 chiffres.']);
    expect(await errorsOf(addressSchema, { ...address, countryCode: 'BE' })).toEqual([]);
  });
});
