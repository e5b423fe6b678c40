import 'server-only';
import { redirect } from 'next/navigation';
import { readSession } from '@/lib/auth/server';
import { catalogueGet, customerCall, type HydraCollection } from '@/lib/shop-api/server';
import { sessionCheckPath, signInPath } from '@/lib/url/return-path';

/** What the account pages read about the signed-in customer (never cached: private data). */
export interface Customer {
  id: number;
  email: string;
  /** A new e-mail asked for: it replaces `email` once the link mailed to it is followed. */
  pendingEmail?: string | null;
  firstName: string;
  lastName: string;
  fullName: string;
  phoneNumber: string | null;
  group: 'individual' | 'professional';
  /** Professionals: company name and SIRET (yard's extension). */
  companyName?: string | null;
  siret?: string | null;
  subscribedToNewsletter: boolean;
  defaultAddress: string | null;
}

export interface Address {
  '@id': string;
  id: number;
  firstName: string;
  lastName: string;
  company: string | null;
  street: string;
  city: string;
  postcode: string;
  countryCode: string;
  phoneNumber: string | null;
  /**
   * Added since the owner last proved the mailbox, and not kept since a password reset: shown for review,
   * never preselected at checkout (this shop API's extension; absent on the yard's Sylius).
   */
  toReview?: boolean;
}

/**
 * What a page does when the shop API refuses the shopper's token: the proxy found it live (it renews
 * only expired ones), so the session ended elsewhere. /compte/session checks it where cookies can be
 * written, then goes back or to the sign-in page; straight to /connexion, the proxy would send a
 * still-live-looking session back here, forever.
 */
export function sessionRefused(returnTo: string): never {
  redirect(sessionCheckPath(returnTo));
}

/**
 * What a page read when the shop API failed for now (down, slow, an error of its own): the page says
 * so in French and shows what it could read, never an error page.
 */
export const UNAVAILABLE = 'unavailable';
export type Unavailable = typeof UNAVAILABLE;

/**
 * A read as the signed-in customer; a refused session is checked again (the proxy refreshed
 * already); null when the shop API knows no such thing (404).
 */
export async function readAsCustomer<T>(
  path: string,
  returnTo: string,
  options: { ld?: boolean } = {},
): Promise<T | null | Unavailable> {
  const answer = await customerCall<T>('GET', path, undefined, { refresh: false, ld: options.ld });
  if (answer.status === 401) sessionRefused(returnTo);
  if (answer.status === 404) return null;
  if (answer.status !== 200 || !answer.body) return UNAVAILABLE;
  return answer.body;
}

/** The signed-in customer; null when the shop API cannot say for now (the page shows the rest). */
export async function getCustomer(returnTo = '/compte'): Promise<Customer | null> {
  const { customerId } = await readSession();
  if (!customerId) redirect(signInPath(returnTo));
  const customer = await readAsCustomer<Customer>(`customers/${customerId}`, returnTo);
  if (!customer) redirect(signInPath(returnTo));
  return customer === UNAVAILABLE ? null : customer;
}

/**
 * The address book (a list read with its hydra envelope); null when the shop API cannot say for now.
 * `returnTo`: the page reading it, where the shopper comes back if the session must be renewed.
 */
export async function getAddresses(returnTo = '/compte/adresses'): Promise<Address[] | null> {
  const book = await readAsCustomer<HydraCollection<Address>>('addresses', returnTo, { ld: true });
  if (book === UNAVAILABLE) return null;
  return book?.['hydra:member'] ?? [];
}

export async function getAddress(id: number): Promise<Address | null | Unavailable> {
  return readAsCustomer<Address>(`addresses/${id}`, `/compte/adresses/${id}`);
}

export interface Country {
  code: string;
  name: string;
}

/** Countries the shop delivers to, France first (shop API order); empty when the shop API cannot say for now. */
export async function getCountries(): Promise<Country[]> {
  // No event concerns countries: they expire by time only.
  return catalogueGet<Country[]>('countries', { cache: { tags: [], revalidate: 86_400 } }).catch(() => []);
}
