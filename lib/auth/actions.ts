'use server';

import { redirect } from 'next/navigation';
import {
  loginSchema,
  registerSchema,
  recoverySchema,
  resetSchema,
  verifySchema,
  type LoginValues,
  type RecoveryValues,
  type RegisterValues,
  type ResetValues,
  type VerifyValues,
} from '@/lib/forms/account-schemas';
import { checked, isResult, shopRefusal, type FormResult } from '@/lib/forms/checked';
import { lastSegment } from '@/lib/url/decode';
import { customerCall, publicCall } from '@/lib/shop-api/server';
import { pickUpCustomerCart } from '@/lib/cart/server';
import { askLink, followLink, verificationBody } from './links';
import { registrationSentMessage, withoutTakenEmail } from './rules';
import {
  clearSession,
  readDeviceToken,
  readSession,
  storeCustomerGroup,
  storeDeviceToken,
  storeSession,
} from './server';
import type { SessionTokens } from './tokens';
import { safeReturnPath } from '@/lib/url/return-path';
import { withRefusal } from '@/lib/url/refusal';
import { text } from '@/lib/i18n/answers';

/**
 * Server actions of credentials: signing in and out, registering, the mailed links (confirmation,
 * password reset, recovery: links.ts). Each validates again what the browser sent (never trust the client),
 * calls the shop API, keeps tokens in httpOnly cookies, and answers French messages.
 */

// One message for both (the yard's Sylius answers « Account is disabled. » to an unconfirmed account):
// which one it is would tell whether a confirmed account has this address.
const BAD_CREDENTIALS: FormResult = { ok: false, messages: [text('signInRefused')] };

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
  if (answer.status === 401) return BAD_CREDENTIALS;
  if (answer.status !== 200 || !answer.body) return shopRefusal(answer);
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
  if (refusal) return shopRefusal(refusal);
  return { ok: true, message: registrationSentMessage(input.email) };
}

export async function logoutAction(): Promise<void> {
  const session = await readSession();
  if (session.refreshToken)
    await publicCall('POST', 'invalidate-token', { refresh_token: session.refreshToken }).catch(() => null);
  await clearSession();
  redirect('/');
}

/**
 * A confirmation link's page: the link proves the mailbox, the password typed there picks the
 * registration that becomes the account (or, for a new e-mail, is the account's).
 */
export async function verifyAccountAction(token: string, values: VerifyValues): Promise<FormResult> {
  return followLink('verification', token, await checked(verifySchema, values), verificationBody);
}

export async function resetPasswordAction(token: string, values: ResetValues): Promise<FormResult> {
  return followLink('reset', token, await checked(resetSchema, values));
}

/** A recovery link's page (decision 0028): the address the account left takes it back, with a password it had there and a new one; every session ends. */
export async function recoverAccountAction(token: string, values: RecoveryValues): Promise<FormResult> {
  return followLink('recovery', token, await checked(recoverySchema, values));
}

export async function requestResetAction(values: { email: string }): Promise<FormResult> {
  return askLink('reset', values);
}

/** A new confirmation link (the first was lost or expired). */
export async function requestVerificationLinkAction(values: { email: string }): Promise<FormResult> {
  return askLink('verification', values);
}
