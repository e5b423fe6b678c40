/**
 * The sandbox provider: checkouts on this server's own page (`checkout-page.ts`), which marks orders
 * paid for no money. The sandbox takes no money: its page refuses a closed payment, and there is nothing
 * to give back.
 */
import { newToken } from '../../domain/secrets.js';
import type { PaymentProvider } from '../provider.js';

export const SANDBOX = 'sandbox';

export function sandboxProvider(publicUrl: string): PaymentProvider {
  return {
    name: SANDBOX,
    async openCheckout() {
      const sessionId = `sbx_${newToken(24)}`;
      return { sessionId, url: `${publicUrl}/sandbox/checkout/${sessionId}` };
    },
    async closeCheckout() {},
    async refund() {},
  };
}
