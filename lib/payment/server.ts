import 'server-only';
import { randomUUID } from 'node:crypto';
import { unstable_cache } from 'next/cache';
import { ShopApiError } from '@/lib/shop-api/errors';
import { catalogueGet } from '@/lib/shop-api/server';
import { CHANNEL_PATH } from './channel.mjs';
import { paymentTermsOf, UNSAID, type PaymentTerms } from './rules';

/**
 * Kept under a key of this process only: Next's data cache outlives the process (its disk cache is
 * reused by the next build), and a build after a change of provider must ask the shop API again.
 */
const PROCESS_KEY = randomUUID();

/**
 * The channel's terms, read once per process inside a cache scope: an uncached read would make every
 * page that shows the banner dynamic. With the pages' own budget, not the proxy's two seconds: a build
 * on a busy machine must not bake a timeout's default into cached pages. No answer is thrown, so that
 * nothing is kept and the next render asks again.
 */
const learnedOnce = unstable_cache(
  async (): Promise<PaymentTerms> => {
    try {
      return paymentTermsOf(await catalogueGet<unknown>(CHANNEL_PATH));
    } catch (error) {
      // No such channel (a Sylius that names its own otherwise): the shop API's word, which says nothing of payments.
      if (error instanceof ShopApiError && error.kind === 'not-found') return UNSAID;
      throw error;
    }
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
