/**
 * The sandbox: it needs no settings, so it is the default on a developer's machine; a public shop
 * refuses it unless PAYMENT_PROVIDER=sandbox says a demonstration is meant (decision 0007).
 */
import type { PaymentProviderDefinition } from '../definition.js';
import sandboxCheckoutPage from './checkout-page.js';
import { SANDBOX, sandboxProvider } from './provider.js';

export const sandboxDefinition: PaymentProviderDefinition = {
  name: SANDBOX,
  environment: {},
  // Its page is this server's own: the storefront's payment form leads to the shop API's public address.
  storefront: {
    label: 'démonstration, aucun paiement réel',
    checkoutOrigins: ({ publicUrl }) => [new URL(publicUrl).origin],
  },
  build: (_settings, { publicUrl }) => ({ provider: sandboxProvider(publicUrl), routes: sandboxCheckoutPage }),
};
