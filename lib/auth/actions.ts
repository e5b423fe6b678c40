'use server';

import { redirect } from 'next/navigation';
import {
  addressSchema,
  deleteAccountSchema,
  forgotSchema,
  loginSchema,
  passwordSchema,
  profileSchema,
  registerSchema,
  resetSchema,
  sameEmail,
  verifySchema,
} from '@/lib/forms/account-schemas';
import type {
  AddressValues,
  DeleteAccountValues,
  LoginValues,
  PasswordValues,
  ProfileValues,
  RegisterValues,
  ResetValues,
  VerifyValues,
} from '@/lib/forms/account-schemas';
import { checked, isResult, UNAVAILABLE_MESSAGE, type FormResult } from '@/lib/forms/checked';
import { isShopIdentifier } from '@/lib/shop-api/identifier';
import { lastSegment } from '@/lib/url/decode';
import { customerCall, publicCall, violationMessages, type ShopAnswer } from '@/lib/shop-api/server';
import { pickUpCustomerCart } from '@/lib/cart/server';
import { registrationSentMessage, tooManyMessage, withoutTakenEmail } from './rules';
import {
  clearSession,
  readDeviceToken,
  readSession,
  storeCustomerGroup,
  storeDeviceToken,
  storeSession,
} from './server';
import type { SessionTokens } from './tokens';
import type { Address } from '@/lib/account/server';
import { safeReturnPath, signInPath } from '@/lib/url/return-path';
import { withRefusal } from '@/lib/url/refusal';

/**
 * Server actions of the account forms. Each validates again what the browser sent (never trust the
 * client), calls the shop API, keeps tokens in httpOnly cookies, and answers French messages.
 * Next.js refuses actions posted from another origin.
 */

const MESSAGES = {
  // One message for both (the yard's Sylius answers « Account is disabled. » to an unconfirmed account):
  // which one it is would tell whether a confirmed account has this address.
  badCredentials:
    'E-mail ou mot de passe incorrect. Si vous venez de créer votre compte, confirmez d’abord votre adresse e-mail avec le lien que nous vous avons envoyé.',
  unavailable: UNAVAILABLE_MESSAGE,
  expiredLink: 'Ce lien est inconnu ou a expiré. Demandez-en un nouveau.',
  unknownAddress: 'Cette adresse n’est plus dans votre carnet.',
} as const;

function failure(answer: ShopAnswer): FormResult {
  if (answer.status === 429) return { ok: false, messages: [tooManyMessage(answer.retryAfter)] };
  if (answer.status >= 500 || answer.status === 0) return { ok: false, messages: [MESSAGES.unavailable] };
  const messages = violationMessages(answer);
  return { ok: false, messages: messages.length > 0 ? messages : [MESSAGES.unavailable] };
}

async function signedInCustomerId(): Promise<string> {
  const session = await readSession();
  if (!session.customerId || !session.refreshToken) redirect(signInPath('/compte', { sessionEnded: true }));
  return session.customerId;
}

export async function loginAction(values: LoginValues, returnTo: string | null): Promise<FormResult> {
  const input = await checked(loginSchema, values);
  if (isResult(input)) return input;
  // This browser's device token: signed in here before, it is not refused because of strangers' guesses.
  const answer = await publicCall<SessionTokens>(
    'POST',
    'authentication-token',
    { email: input.email, password: input.password },
    { deviceToken: await readDeviceToken() },
  );
  if (answer.status === 401) return { ok: false, messages: [MESSAGES.badCredentials] };
  if (answer.status !== 200 || !answer.body) return failure(answer);
  await storeSession(answer.body);
  await storeDeviceToken(answer.deviceToken);
  // Professionals read prices excluding VAT: the header learns the group from this cookie.
  const customer = await customerCall<{ group?: string }>(
    'GET',
    `customers/${lastSegment(answer.body.customer)}`,
    undefined,
    { refresh: false },
  );
  if (customer.status === 200 && customer.body?.group) await storeCustomerGroup(customer.body.group);
  // Parts of this browser's cart that could not join the account's: the cart page says so at once.
  const partsLeft = await pickUpCustomerCart();
  redirect(partsLeft ? withRefusal('/panier', partsLeft) : safeReturnPath(returnTo));
}

export async function registerAction(values: RegisterValues): Promise<FormResult> {
  const input = await checked(registerSchema, values);
  if (isResult(input)) return input;
  const { professional, companyName, siret, ...person } = input;
  const company = professional ? { companyName, siret } : {};
  const answer = await publicCall('POST', 'customers', { ...person, ...company, localeCode: 'fr_FR' });
  const refusal = answer.status === 204 ? null : withoutTakenEmail(answer);
  if (refusal) return failure(refusal);
  return { ok: true, message: registrationSentMessage(input.email) };
}

export async function logoutAction(): Promise<void> {
  const session = await readSession();
  if (session.refreshToken)
    await publicCall('POST', 'invalidate-token', { refresh_token: session.refreshToken }).catch(() => null);
  await clearSession();
  redirect('/');
}

/** A one-time link's token as the shop API draws them (base64url); anything else names no link. */
const isLinkToken = (token: unknown): token is string => isShopIdentifier(token, 128);

/**
 * A confirmation link's page: the link proves the mailbox, the password typed there picks the
 * registration that becomes the account (or, for a new e-mail, is the account's). Nothing happens on
 * opening the link: a mail scanner or a stranger's registration confirms nothing (decision 0026).
 */
export async function verifyAccountAction(token: string, values: VerifyValues): Promise<FormResult> {
  if (!isLinkToken(token)) return { ok: false, messages: [MESSAGES.expiredLink] };
  const input = await checked(verifySchema, values);
  if (isResult(input)) return input;
  const answer = await publicCall('PATCH', `account-verification-requests/${encodeURIComponent(token)}`, {
    token,
    password: input.password,
    // Names only when typed: the account is then made with them if no registration has the password.
    ...(input.firstName && input.lastName ? { firstName: input.firstName, lastName: input.lastName } : {}),
  });
  // The link of a registration or of a new e-mail: either way, this address now signs in.
  if (answer.status === 202)
    return {
      ok: true,
      message: 'Votre adresse e-mail est confirmée : c’est avec elle que vous vous connectez.',
    };
  return answer.status === 404 ? { ok: false, messages: [MESSAGES.expiredLink] } : failure(answer);
}

export async function requestResetAction(values: { email: string }): Promise<FormResult> {
  const input = await checked(forgotSchema, values);
  if (isResult(input)) return input;
  const answer = await publicCall('POST', 'customers/reset-password', { email: input.email, localeCode: 'fr_FR' });
  if (answer.status !== 202) return failure(answer);
  return {
    ok: true,
    message: `Si un compte existe pour ${input.email}, un e-mail avec un lien pour choisir un nouveau mot de passe part dans les minutes qui viennent (quelques-uns par heure au plus). Le lien est valable 2 heures : utilisez le plus récent.`,
  };
}

/** A new confirmation link (the first was lost or expired); the answer never says whether an account exists. */
export async function requestVerificationLinkAction(values: { email: string }): Promise<FormResult> {
  const input = await checked(forgotSchema, values);
  if (isResult(input)) return input;
  const answer = await publicCall('POST', 'account-verification-requests', { email: input.email, localeCode: 'fr_FR' });
  if (answer.status !== 202) return failure(answer);
  return {
    ok: true,
    message: `Si un compte à confirmer existe pour ${input.email}, un e-mail avec un nouveau lien de confirmation part dans les minutes qui viennent (quelques-uns par heure au plus). Le lien est valable 48 heures : utilisez le plus récent.`,
  };
}

export async function resetPasswordAction(token: string, values: ResetValues): Promise<FormResult> {
  if (!isLinkToken(token)) return { ok: false, messages: [MESSAGES.expiredLink] };
  const input = await checked(resetSchema, values);
  if (isResult(input)) return input;
  const answer = await publicCall('PATCH', `customers/reset-password/${encodeURIComponent(token)}`, input);
  if (answer.status === 202)
    return { ok: true, message: 'Votre mot de passe est changé. Connectez-vous avec le nouveau.' };
  return answer.status === 404 ? { ok: false, messages: [MESSAGES.expiredLink] } : failure(answer);
}

/**
 * A recovery link's page (decision 0028): the address the account left takes it back with a new
 * password; every session ends.
 */
export async function recoverAccountAction(token: string, values: ResetValues): Promise<FormResult> {
  if (!isLinkToken(token)) return { ok: false, messages: [MESSAGES.expiredLink] };
  const input = await checked(resetSchema, values);
  if (isResult(input)) return input;
  const answer = await publicCall('PATCH', `account-recoveries/${encodeURIComponent(token)}`, input);
  if (answer.status === 202)
    return {
      ok: true,
      message:
        'Votre compte a repris cette adresse e-mail et votre nouveau mot de passe. Connectez-vous, puis vérifiez vos adresses de livraison.',
    };
  return answer.status === 404 ? { ok: false, messages: [MESSAGES.expiredLink] } : failure(answer);
}

export async function updateProfileAction(values: ProfileValues): Promise<FormResult> {
  const input = await checked(profileSchema, values);
  if (isResult(input)) return input;
  const id = await signedInCustomerId();
  const { currentPassword, ...profile } = input;
  const answer = await customerCall<{ email?: string; pendingEmail?: string | null }>('PUT', `customers/${id}`, {
    ...profile,
    phoneNumber: input.phoneNumber || null,
    companyName: input.companyName || null,
    siret: input.siret || null,
    ...(currentPassword ? { currentPassword } : {}),
  });
  if (answer.status === 401) redirect(signInPath('/compte/profil', { sessionEnded: true }));
  if (answer.status !== 200) return failure(answer);
  await storeCustomerGroup(input.group);
  // A new e-mail waits for the link mailed to it; until then the account keeps the old one.
  const pending = answer.body?.pendingEmail;
  if (pending && answer.body?.email && !sameEmail(input.email, answer.body.email)) {
    return {
      ok: true,
      message: `Vos informations sont enregistrées. Pour changer d’adresse e-mail, ouvrez le lien que nous venons d’envoyer à ${pending} (valable 24 heures) : d’ici là, votre compte garde l’adresse ${answer.body.email}.`,
    };
  }
  return { ok: true, message: 'Vos informations sont enregistrées.' };
}

export async function changePasswordAction(values: PasswordValues): Promise<FormResult> {
  const input = await checked(passwordSchema, values);
  if (isResult(input)) return input;
  const id = await signedInCustomerId();
  const answer = await customerCall('PUT', `customers/${id}/password`, input);
  if (answer.status === 401) redirect(signInPath('/compte/mot-de-passe', { sessionEnded: true }));
  return answer.status === 204 ? { ok: true, message: 'Votre mot de passe est changé.' } : failure(answer);
}

/** An address of the book is named by its number (the arguments of an action are whatever was sent). */
const isAddressId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) > 0;

export async function saveAddressAction(id: number | null, values: AddressValues): Promise<FormResult> {
  if (id !== null && !isAddressId(id)) return { ok: false, messages: [MESSAGES.unknownAddress] };
  const input = await checked(addressSchema, values);
  if (isResult(input)) return input;
  await signedInCustomerId();
  const body = { ...input, company: input.company || null, phoneNumber: input.phoneNumber || null };
  const answer =
    id === null ? await customerCall('POST', 'addresses', body) : await customerCall('PUT', `addresses/${id}`, body);
  if (answer.status === 401) redirect(signInPath('/compte/adresses', { sessionEnded: true }));
  // Deleted meanwhile (in another tab), or not this customer's: the shop API says "Not Found".
  if (answer.status === 404) return { ok: false, messages: [MESSAGES.unknownAddress] };
  if (answer.status !== 200 && answer.status !== 201) return failure(answer);
  redirect('/compte/adresses');
}

export async function deleteAddressAction(id: number): Promise<FormResult> {
  if (!isAddressId(id)) return { ok: false, messages: [MESSAGES.unknownAddress] };
  await signedInCustomerId();
  const answer = await customerCall('DELETE', `addresses/${id}`);
  if (answer.status === 401) redirect(signInPath('/compte/adresses', { sessionEnded: true }));
  // Already gone (deleted in another tab): what the shopper asked for holds; the list shows it.
  if (answer.status !== 204 && answer.status !== 404) return failure(answer);
  redirect('/compte/adresses');
}

/**
 * The owner keeps an address put to review by a password reset (added since the mailbox was last
 * proven, maybe by someone who knew the old password): saved as it is, it is theirs again (decision 0026).
 */
export async function keepAddressAction(id: number): Promise<FormResult> {
  if (!isAddressId(id)) return { ok: false, messages: [MESSAGES.unknownAddress] };
  await signedInCustomerId();
  const read = await customerCall<Address>('GET', `addresses/${id}`);
  if (read.status === 401) redirect(signInPath('/compte/adresses', { sessionEnded: true }));
  if (read.status === 404) return { ok: false, messages: [MESSAGES.unknownAddress] };
  if (read.status !== 200 || !read.body) return failure(read);
  const { firstName, lastName, company, street, city, postcode, countryCode, phoneNumber } = read.body;
  const answer = await customerCall('PUT', `addresses/${id}`, {
    firstName,
    lastName,
    company,
    street,
    city,
    postcode,
    countryCode,
    phoneNumber,
  });
  if (answer.status === 404) return { ok: false, messages: [MESSAGES.unknownAddress] };
  if (answer.status !== 200) return failure(answer);
  redirect('/compte/adresses');
}

/** Erases the account (RGPD art. 17) once the password is confirmed; the session and cart cookies go with it. */
export async function deleteAccountAction(values: DeleteAccountValues): Promise<FormResult> {
  const input = await checked(deleteAccountSchema, values);
  if (isResult(input)) return input;
  const id = await signedInCustomerId();
  const answer = await customerCall('DELETE', `customers/${id}`, { currentPassword: input.currentPassword });
  if (answer.status === 401) redirect(signInPath('/compte/donnees', { sessionEnded: true }));
  if (answer.status !== 204) return failure(answer);
  await clearSession();
  redirect('/compte-supprime');
}
