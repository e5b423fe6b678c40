/**
 * Validation of account and address input, as Sylius's constraints do it (contract §1.3, §2.3), with
 * the French messages of Symfony's validators. Each function returns the violations, empty when valid.
 */
import type { Violation } from '../http/errors.js';

export const MESSAGES = {
  blank: 'Cette valeur ne doit pas être vide.',
  tooShort: (min: number) => `Cette chaîne est trop courte. Elle doit avoir au minimum ${min} caractère${min > 1 ? 's' : ''}.`,
  tooLong: (max: number) => `Cette chaîne est trop longue. Elle doit avoir au maximum ${max} caractères.`,
  email: "Cette adresse e-mail n'est pas valide.",
  emailTaken: 'Cet e-mail est déjà utilisé.',
  wrongCurrentPassword: 'Le mot de passe fourni est différent de celui en cours.',
  confirmMismatch: 'Les deux mots de passe ne correspondent pas.',
  country: "Ce pays n'est pas livré par la boutique.",
  postcodeFr: 'Un code postal français compte 5 chiffres.',
  gender: "Cette valeur n'est pas valide.",
  group: 'Choisissez particulier ou professionnel.',
  birthday: "Cette date n'est pas valide.",
} as const;

/** Passwords: long enough to resist guessing (CNIL recommends length over composition rules). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 254;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

function text(violations: Violation[], path: string, value: unknown, min: number, max: number, required = true) {
  const string = typeof value === 'string' ? value.trim() : '';
  if (!string) {
    if (required) violations.push({ propertyPath: path, message: MESSAGES.blank });
    return;
  }
  if (string.length < min) violations.push({ propertyPath: path, message: MESSAGES.tooShort(min) });
  if (string.length > max) violations.push({ propertyPath: path, message: MESSAGES.tooLong(max) });
}

function email(violations: Violation[], value: unknown) {
  const string = typeof value === 'string' ? value.trim() : '';
  if (!string) violations.push({ propertyPath: 'email', message: MESSAGES.blank });
  else if (string.length > 255 || !EMAIL.test(string)) violations.push({ propertyPath: 'email', message: MESSAGES.email });
}

function password(violations: Violation[], path: string, value: unknown) {
  const string = typeof value === 'string' ? value : '';
  if (!string) violations.push({ propertyPath: path, message: MESSAGES.blank });
  else if (string.length < PASSWORD_MIN) violations.push({ propertyPath: path, message: MESSAGES.tooShort(PASSWORD_MIN) });
  else if (string.length > PASSWORD_MAX) violations.push({ propertyPath: path, message: MESSAGES.tooLong(PASSWORD_MAX) });
}

export interface RegistrationInput {
  firstName?: unknown; lastName?: unknown; email?: unknown; password?: unknown;
}

export function registrationViolations(input: RegistrationInput): Violation[] {
  const violations: Violation[] = [];
  text(violations, 'firstName', input.firstName, 2, 255);
  text(violations, 'lastName', input.lastName, 2, 255);
  email(violations, input.email);
  password(violations, 'password', input.password);
  return violations;
}

export interface CustomerInput {
  firstName?: unknown; lastName?: unknown; email?: unknown; phoneNumber?: unknown; gender?: unknown;
  birthday?: unknown; group?: unknown;
}

export function customerViolations(input: CustomerInput): Violation[] {
  const violations: Violation[] = [];
  text(violations, 'firstName', input.firstName, 2, 255);
  text(violations, 'lastName', input.lastName, 2, 255);
  email(violations, input.email);
  text(violations, 'phoneNumber', input.phoneNumber, 0, 255, false);
  if (input.gender !== undefined && !['u', 'm', 'f'].includes(String(input.gender))) violations.push({ propertyPath: 'gender', message: MESSAGES.gender });
  if (input.group !== undefined && !['individual', 'professional'].includes(String(input.group))) violations.push({ propertyPath: 'group', message: MESSAGES.group });
  if (input.birthday !== undefined && input.birthday !== null && Number.isNaN(Date.parse(String(input.birthday)))) {
    violations.push({ propertyPath: 'birthday', message: MESSAGES.birthday });
  }
  return violations;
}

export interface NewPasswordInput { newPassword?: unknown; confirmNewPassword?: unknown }

export function newPasswordViolations(input: NewPasswordInput): Violation[] {
  const violations: Violation[] = [];
  password(violations, 'newPassword', input.newPassword);
  if (typeof input.confirmNewPassword !== 'string' || !input.confirmNewPassword) {
    violations.push({ propertyPath: 'confirmNewPassword', message: MESSAGES.blank });
  } else if (input.confirmNewPassword !== input.newPassword) {
    violations.push({ propertyPath: 'confirmNewPassword', message: MESSAGES.confirmMismatch });
  }
  return violations;
}

export interface AddressInput {
  firstName?: unknown; lastName?: unknown; phoneNumber?: unknown; company?: unknown; countryCode?: unknown;
  provinceCode?: unknown; provinceName?: unknown; street?: unknown; city?: unknown; postcode?: unknown;
}

export function addressViolations(input: AddressInput, shippableCountries: ReadonlySet<string>): Violation[] {
  const violations: Violation[] = [];
  text(violations, 'firstName', input.firstName, 2, 255);
  text(violations, 'lastName', input.lastName, 2, 255);
  text(violations, 'street', input.street, 2, 255);
  text(violations, 'city', input.city, 2, 255);
  text(violations, 'postcode', input.postcode, 1, 255);
  text(violations, 'phoneNumber', input.phoneNumber, 0, 255, false);
  text(violations, 'company', input.company, 0, 255, false);
  text(violations, 'provinceName', input.provinceName, 0, 255, false);
  const country = typeof input.countryCode === 'string' ? input.countryCode.trim().toUpperCase() : '';
  if (!country) violations.push({ propertyPath: 'countryCode', message: MESSAGES.blank });
  else if (!shippableCountries.has(country)) violations.push({ propertyPath: 'countryCode', message: MESSAGES.country });
  if (country === 'FR' && typeof input.postcode === 'string' && input.postcode.trim() && !/^\d{5}$/.test(input.postcode.replace(/\s/g, ''))) {
    violations.push({ propertyPath: 'postcode', message: MESSAGES.postcodeFr });
  }
  return violations;
}
