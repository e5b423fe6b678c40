/**
 * Stripe Checkout, chosen by STRIPE_SECRET_KEY; its webhook (`checkout.session.completed` and
 * `checkout.session.expired`) is posted to `/api/v2/shop/payment-webhooks/stripe`, signed with
 * STRIPE_WEBHOOK_SECRET. STRIPE_API_BASE points the SDK at a local double of Stripe's API (tests).
 */
import type { PaymentProviderDefinition } from '../definition.js';
import { stripeClient } from './client.js';
import { STRIPE, stripeProvider } from './provider.js';
import { stripeWebhook } from './webhook.js';

export const stripeDefinition: PaymentProviderDefinition = {
  name: STRIPE,
  environment: {
    stripeSecretKey: 'STRIPE_SECRET_KEY',
    stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
    stripeApiBase: 'STRIPE_API_BASE',
  },
  realMoney: {
    label: 'Stripe Checkout',
    keySetting: 'stripeSecretKey',
    required: 'STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET',
    problem: (settings) =>
      settings.stripeWebhookSecret
        ? null
        : 'STRIPE_SECRET_KEY sans STRIPE_WEBHOOK_SECRET : aucun paiement Stripe ne pourrait être confirmé.',
  },
  storefront: { label: 'Stripe', checkoutOrigins: () => ['https://checkout.stripe.com'] },
  build(settings) {
    const { stripeSecretKey, stripeWebhookSecret, stripeApiBase } = settings;
    if (!stripeSecretKey || !stripeWebhookSecret) throw new Error('Stripe needs its secret key and webhook secret');
    const stripe = stripeClient({ secretKey: stripeSecretKey, apiBase: stripeApiBase });
    return { provider: stripeProvider(stripe), webhook: stripeWebhook(stripe, stripeWebhookSecret) };
  },
};
