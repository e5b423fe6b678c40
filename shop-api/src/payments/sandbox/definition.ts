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
  build: (_settings, { publicUrl }) => ({ provider: sandboxProvider(publicUrl), routes: sandboxCheckoutPage }),
};
