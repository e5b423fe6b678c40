import 'server-only';
import { redirect } from 'next/navigation';
import { customerCall, readSession } from '@/lib/auth/server';
import { shopGet, type HydraCollection } from '@/lib/shop-api/server';

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
}

/**
 * What a page does when the shop API refuses the shopper's token: the proxy found it live (it renews
 * only expired ones), so the session ended elsewhere. /compte/session checks it where cookies can be
 * written, then goes back or to the sign-in page; straight to /connexion, the proxy would send a
 * still-live-looking session back here, forever.
 */
export function sessionRefused(returnTo: string): never {
  redirect(`/compte/session?retour=${encodeURIComponent(returnTo)}`);
}

/** Reads as the signed-in customer; a refused session is checked again (the proxy refreshed already). */
async function read<T>(path: string, returnTo: string): Promise<T | null> {
  const answer = await customerCall<T>('GET', path, undefined, { refresh: false });
  if (answer.status === 401) sessionRefused(returnTo);
  if (answer.status === 404) return null;
  if (answer.status !== 200 || !answer.body) throw new Error(`GET ${path}: ${answer.status}`);
  return answer.body;
}

export async function getCustomer(returnTo = '/compte'): Promise<Customer> {
  const { customerId } = await readSession();
  if (!customerId) redirect(`/connexion?retour=${encodeURIComponent(returnTo)}`);
  const customer = await read<Customer>(`customers/${customerId}`, returnTo);
  if (!customer) redirect(`/connexion?retour=${encodeURIComponent(returnTo)}`);
  return customer;
}

export async function getAddresses(): Promise<Address[]> {
  return (await read<HydraCollection<Address>>('addresses', '/compte/adresses'))?.['hydra:member'] ?? [];
}

export async function getAddress(id: number): Promise<Address | null> {
  return read<Address>(`addresses/${id}`, `/compte/adresses/${id}`);
}

export interface Country {
  code: string;
  name: string;
}

/** Countries the shop delivers to, France first (shop API order). */
export async function getCountries(): Promise<Country[]> {
  // No event concerns countries: they expire by time only.
  return shopGet<Country[]>('countries', { cache: { tags: [], revalidate: 86_400 } });
}
