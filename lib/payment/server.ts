import 'server-only';
import { randomUUID } from 'node:crypto';
import { unstable_cache } from 'next/cache';
import { learnPaymentTerms } from './learn';
import { UNSAID, type PaymentTerms } from './rules';

/**
 * Kept under a key of this process only: Next's data cache outlives the process (its disk cache is
 * reused by the next build), and a build after a change of provider must ask the shop API again.
 */
const PROCESS_KEY = randomUUID();

/**
 * Asked inside a cache scope: an uncached read would make every page that shows the banner dynamic.
 * A failure is thrown, so that nothing is kept and the next render asks again.
 */
const learnedOnce = unstable_cache(
  async () => {
    const { terms, learned } = await learnPaymentTerms();
    if (!learned) throw new Error('the shop API did not say how payments are taken');
    return terms;
  },
  ['payment-terms', PROCESS_KEY],
  { revalidate: false },
);

/** The payment terms for a page: the shop API's, or the safe default while it cannot be asked. */
export async function paymentTerms(): Promise<PaymentTerms> {
  try {
    return await learnedOnce();
  } catch {
    return UNSAID;
  }
}
