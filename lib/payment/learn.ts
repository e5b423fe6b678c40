/**
 * The payment terms as the proxy learns them from the shop API's channel, once per process (decision
 * 0029), for the CSP; the pages learn them through lib/payment/server.ts. No `server-only`: the proxy
 * bundles it.
 */
import { proxyRead } from '@/lib/shop-api/proxy';
import { CHANNEL_PATH } from './channel.mjs';
import { paymentTermsOf, UNSAID, type PaymentTerms } from './rules';

/** After the shop API could not be asked, how long the safe default stands before asking again. */
const RETRY_AFTER_MS = 10_000;

let learned: PaymentTerms | null = null;
let asking: Promise<PaymentTerms | null> | null = null;
let failedAt = Number.NEGATIVE_INFINITY;

async function ask(): Promise<PaymentTerms | null> {
  const answer = await proxyRead<unknown>(CHANNEL_PATH);
  // The channel, with the extension or without it (a Sylius), or no such channel, is the shop API's word;
  // no answer, or a passing refusal (5xx, 429), is not.
  if (answer?.status === 200) return paymentTermsOf(answer.body);
  return answer?.status === 404 ? UNSAID : null;
}

/**
 * The terms, and whether they are the shop API's (`learned`) or the safe default standing in while
 * it cannot be asked. Kept for the life of the process once learned: a provider is chosen when the
 * shop API starts, and `npm start` restarts (and rebuilds) the storefront when it changes.
 */
export async function learnPaymentTerms(): Promise<{ terms: PaymentTerms; learned: boolean }> {
  if (learned) return { terms: learned, learned: true };
  if (Date.now() - failedAt < RETRY_AFTER_MS) return { terms: UNSAID, learned: false };
  asking ??= ask().finally(() => (asking = null));
  const terms = await asking;
  if (terms) learned = terms;
  else failedAt = Date.now();
  return terms ? { terms, learned: true } : { terms: UNSAID, learned: false };
}
