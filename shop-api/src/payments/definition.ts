/**
 * What one payment provider's folder exports: everything the shop needs to choose it from the
 * settings, build it, take its confirmations and serve its own pages. `payments/registry.ts` lists
 * them; nothing else in the shop names a provider.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import type { PaymentProvider, PaymentWebhook } from './provider.js';

/** The providers' settings by setting name (`stripeSecretKey`, …), as loadConfig read them from the environment. */
export type PaymentSettings = Readonly<Record<string, string | undefined>>;

/**
 * What the storefront must know of the provider payments open with, served on the channel (the yard's
 * extension, decision 0029): the storefront names no provider.
 */
interface StorefrontTerms {
  /** Its name for shoppers, in French (« Stripe »). */
  label: string;
  /**
   * The origins the shopper's browser is sent to for its checkout (scheme, host and port): the
   * storefront's Content-Security-Policy lets its payment form lead there, and nowhere else.
   */
  checkoutOrigins(app: { publicUrl: string }): string[];
}

/** A provider built for one app. */
interface ProviderParts {
  provider: PaymentProvider;
  /** Reads its signed confirmations, posted to `/api/v2/shop/payment-webhooks/<name>`. */
  webhook?: PaymentWebhook;
  /** Its own routes (the sandbox's checkout page), registered only while it is the provider payments open with. */
  routes?: FastifyPluginAsync<AppContext>;
}

export interface PaymentProviderDefinition {
  /** Lower-case letters, digits and dashes, at most 16 (the `payments.provider` column; the webhook's path). */
  name: string;
  /** The environment variables it reads, by setting name: loadConfig reads them into the settings. */
  environment: Readonly<Record<string, string>>;
  /**
   * How a provider that takes real money is configured. A provider without it takes no money (the
   * sandbox): the default on a developer's machine, refused by a public shop unless PAYMENT_PROVIDER
   * names it (see paymentProviderFor, `config.ts`).
   */
  realMoney?: {
    /** Its name for whoever configures the shop (« Stripe Checkout »). */
    label: string;
    /** The setting whose presence selects it; a key of `environment`. */
    keySetting: string;
    /** Every variable it needs, as a phrase (« STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET »). */
    required: string;
    /** What its settings lack once its key is set, in French; null when complete. */
    problem(settings: PaymentSettings): string | null;
  };
  /** What the storefront must know of it; whether it takes real money is `realMoney` above. */
  storefront: StorefrontTerms;
  /** Builds it for an app, from settings paymentProviderFor accepted. */
  build(settings: PaymentSettings, app: { publicUrl: string }): ProviderParts;
}
