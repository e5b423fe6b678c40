/**
 * Validation of account and address input, as Sylius's constraints do it, with
 * the French messages of Symfony's validators. Each function returns the violations, empty when valid.
 */
import type { Violation } from './violation.js';
import { coded } from './refusal-codes.js';

export const MESSAGES = coded('account', {
  blank: 'Cette valeur ne doit pas être vide.',
  tooShort: (min: number) =>
    `Cette chaîne est trop courte. Elle doit avoir au minimum ${min} caractère${min > 1 ? 's' : ''}.`,
  tooLong: (max: number) => `Cette chaîne est trop longue. Elle doit avoir au maximum ${max} caractères.`,
  email: "Cette adresse e-mail n'est pas valide.",
  wrongCurrentPassword: 'Le mot de passe fourni est différent de celui en cours.',
  passwordForEmail: 'Saisissez votre mot de passe actuel pour changer d’adresse e-mail.',
  pendingEmailTaken:
    'Cette adresse e-mail est entre-temps devenue celle d’un autre compte : le changement est annulé, votre adresse reste la même.',
  confirmMismatch: 'Les deux mots de passe ne correspondent pas.',
  registrationPassword: 'Saisissez le mot de passe choisi à l’inscription.',
  notRegistrationPassword:
    'Ce n’est le mot de passe d’aucune inscription à cette adresse. Vous l’avez oublié ? Indiquez aussi vos prénom et nom : votre compte sera créé avec ce mot de passe.',
  country: "Ce pays n'est pas livré par la boutique.",
  postcodeFr: 'Un code postal français compte 5 chiffres.',
  gender: "Cette valeur n'est pas valide.",
  group: 'Choisissez particulier ou professionnel.',
  birthday: "Cette date n'est pas valide.",
  siret:
    'Un SIRET compte 14 chiffres et sa clé de contrôle doit être juste : recopiez-le depuis votre extrait Kbis ou l’avis de situation Insee.',
  invisible: 'Ce champ contient un caractère invisible (copié avec le texte ?) : retapez-le.',
  companyForSiret: 'Indiquez la raison sociale de votre entreprise.',
  siretForCompany: 'Indiquez le SIRET de votre entreprise.',
  defaultToReview:
    'Cette adresse est à vérifier : confirmez d’abord dans votre carnet qu’elle est bien la vôtre (« C’est bien mon adresse »).',
  recoveryWaiting:
    'Cette adresse peut encore reprendre le compte qu’elle a quitté : utilisez le lien « Ce n’est pas moi : récupérer mon compte » reçu alors. Aucun nouveau compte ne peut être créé avec elle d’ici là.',
  recoveryEmailTaken:
    'Cette adresse e-mail est entre-temps devenue celle d’un autre compte : connectez-vous avec elle, ou écrivez-nous pour récupérer celui-ci.',
  previousPassword: 'Saisissez un mot de passe que votre compte avait avec cette adresse e-mail.',
  notPreviousPassword:
    'Ce n’est pas un mot de passe que ce compte avait avec cette adresse e-mail. Vous ne vous en souvenez plus ? Écrivez-nous depuis cette adresse : nous vérifierons avec vous à qui est le compte.',
  recoveryGuessesUsedUp:
    'Ce n’est pas un mot de passe que ce compte avait avec cette adresse e-mail, et ce lien a servi à trop d’essais : il ne sert plus. Écrivez-nous depuis cette adresse : nous vérifierons avec vous à qui est le compte.',
  passwordChangesUsedUp:
    'Le mot de passe de ce compte a déjà été changé 3 fois ces 7 derniers jours : pour en choisir un autre maintenant, demandez un lien « Mot de passe oublié ? », envoyé à votre adresse e-mail.',
  mailsUsedUp:
    'Cette adresse e-mail a reçu trop de messages de la boutique ces dernières heures : aucun lien ne peut lui être envoyé maintenant. Réessayez dans une heure ; votre adresse actuelle reste la même.',
  expiredVerificationLink: 'Ce lien de vérification est inconnu ou a expiré.',
  expiredResetLink: 'Ce lien de réinitialisation est inconnu ou a expiré.',
  expiredRecoveryLink: 'Ce lien de récupération est inconnu ou a expiré.',
  unknownAddress: "Cette adresse n'existe pas.",
  personName: 'Un nom ne s’écrit qu’avec des lettres, des espaces, des traits d’union et des apostrophes.',
} as const);

/**
 * Registrations of one unconfirmed address kept at once: bounds the password checks of a confirmation.
 * Those mailed a link are kept first, and links go out 6 an hour at most (3 per requesting address),
 * so pushing the owner's out takes strangers hours of registrations from several addresses, each one
 * mailed to the owner, whose next registration is then confirmed at once with any link received.
 */
export const REGISTRATIONS_KEPT = 10;

/** The SIRET without its spaces, as stored. */
export const normalizeSiret = (value: string) => value.replace(/[\s.]/g, '');

/**
 * A SIRET is 14 digits with a Luhn check digit; La Poste's establishments (SIREN 356 000 000) follow
 * their own rule instead: the sum of the digits is a multiple of 5 (Insee).
 */
export function isValidSiret(value: string): boolean {
  const siret = normalizeSiret(value);
  if (!/^\d{14}$/.test(siret)) return false;
  if (siret.startsWith('356000000')) return [...siret].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    let digit = Number(siret[13 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Company name and SIRET go together: a professional gives both, an individual neither. */
export function companyViolations(input: { companyName?: unknown; siret?: unknown }): Violation[] {
  const violations: Violation[] = [];
  const company = typeof input.companyName === 'string' ? input.companyName.trim() : '';
  const siret = typeof input.siret === 'string' ? input.siret.trim() : '';
  if (!company && !siret) return violations;
  if (!company) violations.push({ propertyPath: 'companyName', message: MESSAGES.companyForSiret });
  else text(violations, 'companyName', company, 2, 255);
  if (!siret) violations.push({ propertyPath: 'siret', message: MESSAGES.siretForCompany });
  else if (!isValidSiret(siret)) violations.push({ propertyPath: 'siret', message: MESSAGES.siret });
  return violations;
}

/** Passwords: long enough to resist guessing (CNIL recommends length over composition rules). */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 254;
/**
 * An address as people write theirs: a dot-atom local part (letters, digits and the atom characters,
 * no quotes, backslashes or brackets) and a domain of dotted labels. A quoted local part
 * (`"lea"@exemple.fr`) reaches the same mailbox as `lea@exemple.fr` while being another string: each
 * spelling would be another account and another mail allowance for one inbox.
 */
const ATOM = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const EMAIL = new RegExp(`^${ATOM}(\\.${ATOM})*@[\\p{L}\\p{N}-]+(\\.[\\p{L}\\p{N}-]+)+$`, 'u');

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Control characters and direction overrides (U+202E turns « Martin » into « nitraM »): invisible in a
 * form, they would reach shipping labels, invoices and mails.
 */
// Controls, format characters (zero-width spaces, direction marks, soft hyphen…) but the joiners some
// scripts need in names (U+200C, U+200D), private-use characters, line and paragraph separators.
const INVISIBLE = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}]/u;

/** One line of text a person reads (a name, a street): `min` to `max` characters, none invisible. */
function text(violations: Violation[], path: string, value: unknown, min: number, max: number, required = true) {
  const string = typeof value === 'string' ? value.trim() : '';
  if (!string) {
    if (required) violations.push({ propertyPath: path, message: MESSAGES.blank });
    return;
  }
  if (INVISIBLE.test(string)) violations.push({ propertyPath: path, message: MESSAGES.invisible });
  if (string.length < min) violations.push({ propertyPath: path, message: MESSAGES.tooShort(min) });
  if (string.length > max) violations.push({ propertyPath: path, message: MESSAGES.tooLong(max) });
}

/**
 * An account holder's name goes into mails to an address nobody has proven yet (a registration's link
 * says in whose name it was asked): only what names are made of, short, so that it cannot carry a link,
 * a phone number or a sentence in the shop's voice. Delivery addresses keep the looser rule of `text`.
 */
const PERSON_NAME_MAX = 50;
// The joiners some scripts need inside names (U+200C, U+200D) as in `text`.
const PERSON_NAME = /^[\p{L}\p{M}\u200C\u200D' ’-]+$/u;

function personName(violations: Violation[], path: string, value: unknown) {
  text(violations, path, value, 2, PERSON_NAME_MAX);
  const string = typeof value === 'string' ? value.trim() : '';
  if (string && !INVISIBLE.test(string) && !PERSON_NAME.test(string))
    violations.push({ propertyPath: path, message: MESSAGES.personName });
}

function email(violations: Violation[], value: unknown) {
  const string = typeof value === 'string' ? value.trim() : '';
  if (!string) violations.push({ propertyPath: 'email', message: MESSAGES.blank });
  else if (string.length > 255 || !EMAIL.test(string))
    violations.push({ propertyPath: 'email', message: MESSAGES.email });
}

function password(violations: Violation[], path: string, value: unknown) {
  const string = typeof value === 'string' ? value : '';
  if (!string) violations.push({ propertyPath: path, message: MESSAGES.blank });
  else if (string.length < PASSWORD_MIN)
    violations.push({ propertyPath: path, message: MESSAGES.tooShort(PASSWORD_MIN) });
  else if (string.length > PASSWORD_MAX)
    violations.push({ propertyPath: path, message: MESSAGES.tooLong(PASSWORD_MAX) });
}

export interface RegistrationInput {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  password?: unknown;
  companyName?: unknown;
  siret?: unknown;
}

export function registrationViolations(input: RegistrationInput): Violation[] {
  const violations: Violation[] = [];
  personName(violations, 'firstName', input.firstName);
  personName(violations, 'lastName', input.lastName);
  email(violations, input.email);
  password(violations, 'password', input.password);
  violations.push(...companyViolations(input));
  return violations;
}

/** The names and password an account is made with from a confirmation link (the address is the link's). */
export function namedPasswordViolations(input: { firstName?: unknown; lastName?: unknown; password?: unknown }) {
  const violations: Violation[] = [];
  personName(violations, 'firstName', input.firstName);
  personName(violations, 'lastName', input.lastName);
  password(violations, 'password', input.password);
  return violations;
}

export interface CustomerInput {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  phoneNumber?: unknown;
  gender?: unknown;
  birthday?: unknown;
  group?: unknown;
}

export function customerViolations(input: CustomerInput): Violation[] {
  const violations: Violation[] = [];
  personName(violations, 'firstName', input.firstName);
  personName(violations, 'lastName', input.lastName);
  email(violations, input.email);
  text(violations, 'phoneNumber', input.phoneNumber, 0, 255, false);
  if (input.gender !== undefined && !['u', 'm', 'f'].includes(String(input.gender)))
    violations.push({ propertyPath: 'gender', message: MESSAGES.gender });
  if (input.group !== undefined && !['individual', 'professional'].includes(String(input.group)))
    violations.push({ propertyPath: 'group', message: MESSAGES.group });
  if (input.birthday !== undefined && input.birthday !== null && Number.isNaN(Date.parse(String(input.birthday)))) {
    violations.push({ propertyPath: 'birthday', message: MESSAGES.birthday });
  }
  return violations;
}

export interface NewPasswordInput {
  newPassword?: unknown;
  confirmNewPassword?: unknown;
}

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
  firstName?: unknown;
  lastName?: unknown;
  phoneNumber?: unknown;
  company?: unknown;
  countryCode?: unknown;
  provinceCode?: unknown;
  provinceName?: unknown;
  street?: unknown;
  city?: unknown;
  postcode?: unknown;
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
  else if (!shippableCountries.has(country))
    violations.push({ propertyPath: 'countryCode', message: MESSAGES.country });
  if (
    country === 'FR' &&
    typeof input.postcode === 'string' &&
    input.postcode.trim() &&
    !/^\d{5}$/.test(input.postcode.replace(/\s/g, ''))
  ) {
    violations.push({ propertyPath: 'postcode', message: MESSAGES.postcodeFr });
  }
  return violations;
}
