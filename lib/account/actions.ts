'use server';

import { redirect } from 'next/navigation';
import {
  addressSchema,
  deleteAccountSchema,
  passwordSchema,
  profileSchema,
  sameEmail,
  type AddressValues,
  type DeleteAccountValues,
  type PasswordValues,
  type ProfileValues,
} from '@/lib/forms/account-schemas';
import { checked, isResult, shopRefusal, type FormResult } from '@/lib/forms/checked';
import { clearSession, readSession, storeCustomerGroup } from '@/lib/auth/server';
import { customerCall, type ShopAnswer } from '@/lib/shop-api/server';
import { signInPath } from '@/lib/url/return-path';
import type { Address } from './server';
import { text } from '@/lib/i18n/answers';

/**
 * Server actions of the signed-in customer's account: profile, password, address book, erasure. Each
 * validates again what the browser sent (never trust the client), writes as the customer and answers
 * French messages; a session that ended meanwhile leads to the sign-in page, back to the form's page.
 */

const UNKNOWN_ADDRESS: FormResult = { ok: false, messages: [text('unknownAddress')] };

async function signedInCustomerId(): Promise<string> {
  const session = await readSession();
  if (!session.customerId || !session.refreshToken) redirect(signInPath('/compte', { sessionEnded: true }));
  return session.customerId;
}

/** A call as the customer from the form of `page`; a refused session leads to signing in again, back there. */
async function asCustomer<T>(page: string, method: string, path: string, body?: unknown): Promise<ShopAnswer<T>> {
  const answer = await customerCall<T>(method, path, body);
  if (answer.status === 401) redirect(signInPath(page, { sessionEnded: true }));
  return answer;
}

export async function updateProfileAction(values: ProfileValues): Promise<FormResult> {
  const input = await checked(profileSchema, values);
  if (isResult(input)) return input;
  const id = await signedInCustomerId();
  const { currentPassword, ...profile } = input;
  const answer = await asCustomer<{ email?: string; pendingEmail?: string | null }>(
    '/compte/profil',
    'PUT',
    `customers/${id}`,
    {
      ...profile,
      phoneNumber: input.phoneNumber || null,
      companyName: input.companyName || null,
      siret: input.siret || null,
      ...(currentPassword ? { currentPassword } : {}),
    },
  );
  if (answer.status !== 200) return shopRefusal(answer);
  await storeCustomerGroup(input.group);
  // A new e-mail waits for the link mailed to it; until then the account keeps the old one.
  const pending = answer.body?.pendingEmail;
  if (pending && answer.body?.email && !sameEmail(input.email, answer.body.email)) {
    return {
      ok: true,
      message: text('profileSavedEmailPending', { pending, email: answer.body.email }),
    };
  }
  return { ok: true, message: text('profileSaved') };
}

export async function changePasswordAction(values: PasswordValues): Promise<FormResult> {
  const input = await checked(passwordSchema, values);
  if (isResult(input)) return input;
  const id = await signedInCustomerId();
  const answer = await asCustomer('/compte/mot-de-passe', 'PUT', `customers/${id}/password`, input);
  return answer.status === 204 ? { ok: true, message: text('passwordChanged') } : shopRefusal(answer);
}

/** An address of the book is named by its number (the arguments of an action are whatever was sent). */
const isAddressId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) > 0;

const ADDRESSES = '/compte/adresses';

export async function saveAddressAction(id: number | null, values: AddressValues): Promise<FormResult> {
  if (id !== null && !isAddressId(id)) return UNKNOWN_ADDRESS;
  const input = await checked(addressSchema, values);
  if (isResult(input)) return input;
  await signedInCustomerId();
  const body = { ...input, company: input.company || null, phoneNumber: input.phoneNumber || null };
  const answer =
    id === null
      ? await asCustomer(ADDRESSES, 'POST', 'addresses', body)
      : await asCustomer(ADDRESSES, 'PUT', `addresses/${id}`, body);
  // Deleted meanwhile (in another tab), or not this customer's: the shop API says "Not Found".
  if (answer.status === 404) return UNKNOWN_ADDRESS;
  if (answer.status !== 200 && answer.status !== 201) return shopRefusal(answer);
  redirect(ADDRESSES);
}

export async function deleteAddressAction(id: number): Promise<FormResult> {
  if (!isAddressId(id)) return UNKNOWN_ADDRESS;
  await signedInCustomerId();
  const answer = await asCustomer(ADDRESSES, 'DELETE', `addresses/${id}`);
  // Already gone (deleted in another tab): what the shopper asked for holds; the list shows it.
  if (answer.status !== 204 && answer.status !== 404) return shopRefusal(answer);
  redirect(ADDRESSES);
}

/**
 * The owner keeps an address put to review by a password reset (added since the mailbox was last
 * proven, maybe by someone who knew the old password): saved as it is, it is theirs again (decision 0026).
 */
export async function keepAddressAction(id: number): Promise<FormResult> {
  if (!isAddressId(id)) return UNKNOWN_ADDRESS;
  await signedInCustomerId();
  const read = await asCustomer<Address>(ADDRESSES, 'GET', `addresses/${id}`);
  if (read.status === 404) return UNKNOWN_ADDRESS;
  if (read.status !== 200 || !read.body) return shopRefusal(read);
  const { firstName, lastName, company, street, city, postcode, countryCode, phoneNumber } = read.body;
  const kept = { firstName, lastName, company, street, city, postcode, countryCode, phoneNumber };
  const answer = await asCustomer(ADDRESSES, 'PUT', `addresses/${id}`, kept);
  if (answer.status === 404) return UNKNOWN_ADDRESS;
  if (answer.status !== 200) return shopRefusal(answer);
  redirect(ADDRESSES);
}

/** Erases the account (RGPD art. 17) once the password is confirmed; the session and cart cookies go with it. */
export async function deleteAccountAction(values: DeleteAccountValues): Promise<FormResult> {
  const input = await checked(deleteAccountSchema, values);
  if (isResult(input)) return input;
  const id = await signedInCustomerId();
  const answer = await asCustomer('/compte/donnees', 'DELETE', `customers/${id}`, {
    currentPassword: input.currentPassword,
  });
  if (answer.status !== 204) return shopRefusal(answer);
  await clearSession();
  redirect('/compte-supprime');
}
