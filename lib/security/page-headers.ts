/**
 * The security headers proxy.ts puts on every page answer: decided once per process, as soon as the
 * payment terms are learned from the shop API (the CSP's form-action opens the provider's checkout
 * origins, decision 0029); until then the safe default's, and the shop API is asked again.
 */
import { learnPaymentTerms } from '@/lib/payment/learn';
import { pageSecurityHeaders } from './headers';

let decided: [string, string][] | null = null;

export async function proxySecurityHeaders(env: Record<string, string | undefined>): Promise<[string, string][]> {
  if (decided) return decided;
  const { terms, learned } = await learnPaymentTerms();
  const headers = Object.entries(pageSecurityHeaders(env, terms));
  if (learned) decided = headers;
  return headers;
}
