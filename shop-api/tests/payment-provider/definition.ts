/**
 * « Banque d’essai », a payment provider the tests alone know: it takes real money as far as the shop
 * can tell (no demonstration banner), confirms by signed webhook like a card network, and its checkout
 * page has an origin of its own (this server under its other loopback name). Nothing outside this
 * folder names it: the shop-API tests add it to the registry given to buildApp, and the end-to-end
 * suites' shop API loads it with SHOP_API_TEST_PAYMENT_PROVIDER (SHOP_API_TEST_ROUTES=1 only).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentProviderDefinition } from '../../src/payments/definition.js';
import { checkoutPage, type Checkouts } from './checkout-page.js';
import { NAME, SIGNATURE_HEADER, sign } from './signature.js';

/** This server reached under its other loopback name: an origin that is neither the shop API's nor the storefront's. */
function checkoutOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.origin;
}

const banqueEssai: PaymentProviderDefinition = {
  name: NAME,
  environment: { banqueEssaiSecret: 'BANQUE_ESSAI_SECRET' },
  realMoney: {
    label: 'Banque d’essai',
    keySetting: 'banqueEssaiSecret',
    required: 'BANQUE_ESSAI_SECRET',
    problem: () => null,
  },
  storefront: { label: 'Banque d’essai', checkoutOrigins: ({ publicUrl }) => [checkoutOrigin(publicUrl)] },
  build(settings, { publicUrl }) {
    const secret = settings.banqueEssaiSecret;
    if (!secret) throw new Error('Banque d’essai needs its secret');
    const checkouts: Checkouts = new Map();
    return {
      provider: {
        name: NAME,
        async openCheckout(request) {
          const sessionId = `be_${randomBytes(12).toString('hex')}`;
          checkouts.set(sessionId, { request, state: 'open' });
          return { sessionId, url: `${checkoutOrigin(publicUrl)}/banque-essai/${sessionId}` };
        },
        async closeCheckout(payment) {
          const checkout = checkouts.get(payment.sessionId);
          if (checkout?.state === 'open') checkout.state = 'closed';
        },
        async refund(payment) {
          const checkout = checkouts.get(payment.sessionId);
          if (checkout) checkout.state = 'refunded';
        },
      },
      webhook: {
        async read({ body, headers }) {
          const given = Buffer.from(String(headers[SIGNATURE_HEADER] ?? ''));
          const expected = Buffer.from(sign(body, secret));
          if (given.length !== expected.length || !timingSafeEqual(given, expected))
            return { kind: 'refused', message: 'Signature de la Banque d’essai invalide.' };
          const event = JSON.parse(body.toString('utf8')) as {
            type: string;
            session: string;
            amount: number;
            currency: string;
          };
          if (event.type === 'paid')
            return {
              kind: 'captured',
              sessionId: event.session,
              amount: event.amount,
              currencyCode: event.currency,
              reference: `be_charge_${event.session}`,
            };
          if (event.type === 'cancelled') return { kind: 'closed', sessionId: event.session, state: 'cancelled' };
          return { kind: 'ignored' };
        },
      },
      routes: checkoutPage(checkouts, secret),
    };
  },
};

export default banqueEssai;
