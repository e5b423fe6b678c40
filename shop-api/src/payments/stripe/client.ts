/** Stripe's SDK, pointed at Stripe or, in tests, at a local double of its API. */
import Stripe from 'stripe';

export interface StripeSettings {
  secretKey: string;
  /** Another API address (tests: a local double of Stripe's API), e.g. http://127.0.0.1:12111. */
  apiBase?: string;
}

export function stripeClient({ secretKey, apiBase }: StripeSettings): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(
    secretKey,
    base
      ? {
          host: base.hostname,
          port: Number(base.port),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
          maxNetworkRetries: 2,
        }
      : { maxNetworkRetries: 2 },
  );
}
