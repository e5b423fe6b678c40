/** Client-side rules of the account forms; the shop API checks the same rules again (422). */
import { isValidSiret } from './siret';
import { formText } from './texts';
import { yup } from './yup-fr';

const PASSWORD_MIN = 8;
const REQUIRED_MESSAGE = formText('required');
/**
 * Control characters and direction overrides (U+202E turns « Martin » into « nitraM »): invisible in a
 * field, they would reach shipping labels, invoices and mails. The shop API refuses them too.
 */
// Controls, format characters (zero-width spaces, direction marks, soft hyphen…) but the joiners some
// scripts need in names (U+200C, U+200D), private-use characters, line and paragraph separators.
const INVISIBLE = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}]/u;
export const INVISIBLE_MESSAGE = formText('invisible');
/** One line of text a person reads: a name, a street, a city. */
const line = () =>
  yup
    .string()
    .trim()
    .test('visible', INVISIBLE_MESSAGE, (value) => !value || !INVISIBLE.test(value));
const name = line().required().min(2).max(255);
const PERSON_NAME = /^[\p{L}\p{M}\u200C\u200D' ’-]+$/u;
export const PERSON_NAME_MESSAGE = formText('personName');
/**
 * An account holder's name: only what names are made of (no link, number or sentence: it goes on
 * invoices and into mails), 50 characters at most. Delivery addresses keep `name`.
 */
const personName = line()
  .required()
  .min(2)
  .max(50)
  .test('person-name', PERSON_NAME_MESSAGE, (value) => !value || INVISIBLE.test(value) || PERSON_NAME.test(value));
/** A person's name left empty, or one as `personName` wants it. */
const optionalPersonName = line()
  .default('')
  .test('person-name', PERSON_NAME_MESSAGE, (value) => !value || PERSON_NAME.test(value))
  .test('min', formText('min', { min: 2 }), (value) => !value || value.length >= 2)
  .max(50);
const email = yup.string().trim().required().email().max(255);
const password = yup.string().required().min(PASSWORD_MIN).max(254);
const confirmation = (field: string) =>
  yup
    .string()
    .required()
    .oneOf([yup.ref(field)], formText('passwordsDiffer'));

// No password is longer than registration allows: a longer paste is refused here, in French, not by the shop API.
export const loginSchema = yup.object({ email, password: yup.string().required().max(254) });
export type LoginValues = yup.InferType<typeof loginSchema>;

export const SIRET_MESSAGE = formText('siret');
const siret = yup
  .string()
  .trim()
  .max(40)
  .test('siret', SIRET_MESSAGE, (value) => !value || isValidSiret(value));
const companyName = line().max(255);

/** A professional (garage, body shop…) gives the company's name and SIRET: they then see prices excluding VAT. */
export const registerSchema = yup.object({
  firstName: personName,
  lastName: personName,
  email,
  password,
  subscribedToNewsletter: yup.boolean().default(false),
  professional: yup.boolean().default(false),
  companyName: companyName.default('').when('professional', {
    is: true,
    then: (schema) => schema.required(formText('companyName')),
  }),
  siret: siret
    .default('')
    .when('professional', { is: true, then: (schema) => schema.required(formText('companySiret')) }),
});
export type RegisterValues = yup.InferType<typeof registerSchema>;

/**
 * A confirmation link's page: the password chosen at registration (or the account's, for a new e-mail);
 * with names, a registration link makes the account with them and this password when no registration
 * has it (a forgotten password, or registrations pushed out by a stranger's: decision 0028).
 */
export const verifySchema = yup
  .object({
    password: yup.string().required().max(254),
    firstName: optionalPersonName,
    lastName: optionalPersonName,
  })
  .test('names-together', function (values) {
    const [first, last] = [values.firstName?.trim(), values.lastName?.trim()];
    if (!first && !last) return true;
    if (!first) return this.createError({ path: 'firstName', message: REQUIRED_MESSAGE });
    if (!last) return this.createError({ path: 'lastName', message: REQUIRED_MESSAGE });
    if ((values.password ?? '').length < PASSWORD_MIN)
      return this.createError({
        path: 'password',
        message: formText('min', { min: PASSWORD_MIN }),
      });
    return true;
  });
export type VerifyValues = yup.InferType<typeof verifySchema>;

export const forgotSchema = yup.object({ email });
export type ForgotValues = yup.InferType<typeof forgotSchema>;

export const resetSchema = yup.object({ newPassword: password, confirmNewPassword: confirmation('newPassword') });
export type ResetValues = yup.InferType<typeof resetSchema>;

/** A recovery link's form (decision 0028): a password the account had at the link's address, then the new one. */
export const recoverySchema = resetSchema.shape({ previousPassword: yup.string().required().max(4096) });
export type RecoveryValues = yup.InferType<typeof recoverySchema>;

export const deleteAccountSchema = yup.object({ currentPassword: yup.string().required() });
export type DeleteAccountValues = yup.InferType<typeof deleteAccountSchema>;

export const passwordSchema = yup.object({
  currentPassword: yup.string().required(),
  newPassword: password,
  confirmNewPassword: confirmation('newPassword'),
});
export type PasswordValues = yup.InferType<typeof passwordSchema>;

/** What the shop API compares: a different address only once trimmed and lower-cased. */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const PASSWORD_FOR_EMAIL = formText('passwordForEmail');

export const profileSchema = yup.object({
  firstName: personName,
  lastName: personName,
  email,
  // Asked for only when the e-mail changes (the shop API refuses a new e-mail without it).
  currentPassword: yup.string().max(4096).default(''),
  phoneNumber: yup
    .string()
    .trim()
    .max(255)
    .matches(/^[+0-9 .()-]*$/, formText('phone'))
    .default(''),
  group: yup.string().oneOf(['individual', 'professional']).required(),
  subscribedToNewsletter: yup.boolean().default(false),
  // Both or neither (the shop API refuses one without the other).
  companyName: companyName.default('').when('siret', {
    is: (value: string) => Boolean(value),
    then: (schema) => schema.required(formText('companyName')),
  }),
  siret: siret.default(''),
});
export type ProfileValues = yup.InferType<typeof profileSchema>;

/** The profile form in the browser: a new e-mail needs the current password. */
export const profileFormSchema = (currentEmail: string) =>
  profileSchema.shape({
    currentPassword: yup
      .string()
      .max(4096)
      .default('')
      .when('email', {
        is: (value: string | undefined) => !sameEmail(value ?? '', currentEmail),
        then: (schema) => schema.required(PASSWORD_FOR_EMAIL),
      }),
  });

export const addressSchema = yup.object({
  firstName: name,
  lastName: name,
  company: line().max(255).default(''),
  street: line().required().min(2).max(255),
  postcode: line()
    .required()
    .max(255)
    .when('countryCode', {
      is: 'FR',
      then: (schema) => schema.matches(/^\d{5}$/, formText('postcodeFr')),
    }),
  city: line().required().min(2).max(255),
  countryCode: yup.string().required().length(2),
  phoneNumber: yup
    .string()
    .trim()
    .max(255)
    .matches(/^[+0-9 .()-]*$/, formText('phone'))
    .default(''),
});
export type AddressValues = yup.InferType<typeof addressSchema>;
