/**
 * Paying an order: holds its parts and opens the provider's checkout, answering its URL; the order is
 * paid only when the provider confirms (`payments/confirmed.ts`). Asked again while a checkout is open,
 * it answers that one (a double click must not hold twice).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import type { OrderBundle } from '../db/orders.js';
import { attachCheckout, closePayment, expireStalePayments, HoldError, openPayment } from '../db/payments.js';
import { findOrder, listShippingMethods } from '../db/orders.js';
import { unavailableMessage } from '../domain/cart.js';
import { CHECKOUT_MESSAGES } from '../domain/checkout.js';
import { codeOf, coded } from '../domain/refusal-codes.js';
import { newToken } from '../domain/secrets.js';
import { HttpError, ViolationError } from '../http/errors.js';
import { closeCheckouts } from '../payments/confirmed.js';

/** A checkout stays open (and its parts held) this long. */
const CHECKOUT_TTL_MS = 30 * 60_000;

export const PAY_MESSAGES = coded('pay', {
  notReady: 'Choisissez d’abord l’adresse et le mode de livraison.',
  badUrl: 'Adresse de retour refusée : elle doit mener à la boutique.',
  notPaid: 'Le paiement de cette commande n’est pas encore confirmé.',
  opening: 'Le paiement de cette commande est en cours d’ouverture : réessayez dans un instant.',
  changed: 'Votre commande vient de changer : vérifiez-la puis relancez le paiement.',
  signIn: 'Connectez-vous à votre compte client pour payer : une commande appartient à un compte.',
  providerDown: 'Le paiement par carte est momentanément indisponible. Réessayez dans quelques minutes.',
} as const);

export interface PayOrderInput {
  /** The order as its owner may see it (access already checked). */
  order: Pick<OrderBundle, 'order' | 'items'>;
  afterSuccessUrl: string;
  afterCancelUrl: string;
  log: FastifyBaseLogger;
}

/** Return URLs must lead back to the shop: a checkout must not send the shopper elsewhere. */
function isShopUrl(siteUrl: string, value: string): boolean {
  try {
    return new URL(value).origin === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}

export async function payOrder(context: AppContext, input: PayOrderInput): Promise<{ checkoutUrl: string }> {
  const { db, now, siteUrl, paymentProvider } = context;
  const { order, items } = input.order;
  const { afterSuccessUrl, afterCancelUrl, log } = input;
  // Only a customer's order is paid (a signed-in customer's token makes a visitor's cart theirs):
  // a paid order needs someone to confirm it to and to hand it to, and paying holds parts, which a
  // stranger without an account must not do to the whole catalogue.
  if (order.customerId === null) throw new HttpError(401, PAY_MESSAGES.signIn);
  if (!isShopUrl(siteUrl, afterSuccessUrl) || !isShopUrl(siteUrl, afterCancelUrl))
    throw new ViolationError([{ propertyPath: 'afterSuccessUrl', message: PAY_MESSAGES.badUrl }]);
  await expireStalePayments(db, now());
  const expiresAt = new Date(now().getTime() + CHECKOUT_TTL_MS);
  let opened;
  try {
    // The amount is the order's total read under the order's lock, and every part is held for this
    // payment before any checkout opens: no checkout for a part someone else is paying for.
    opened = await openPayment(
      db,
      {
        orderId: order.id,
        provider: paymentProvider.name,
        sessionId: `pending_${newToken(16)}`,
        afterSuccessUrl,
        afterCancelUrl,
        expiresAt,
      },
      now(),
    );
  } catch (error) {
    if (error instanceof HoldError) {
      const nameOf = (code: string) => items.find((row) => row.variantCode === code)?.productName ?? code;
      throw new ViolationError(
        error.refused.map(({ code, availability }) => ({
          propertyPath: 'items',
          message: `${nameOf(code)} : ${unavailableMessage(availability)}`,
          code: codeOf(unavailableMessage(availability)),
        })),
      );
    }
    throw error;
  }
  if (opened.kind === 'placed') throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.completed }]);
  if (opened.kind === 'empty') throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.empty }]);
  if (opened.kind === 'not_ready') throw new ViolationError([{ propertyPath: '', message: PAY_MESSAGES.notReady }]);
  // Asking again while a checkout is open returns it (a double click must not hold twice).
  if (opened.kind === 'existing' && opened.payment.checkoutUrl) return { checkoutUrl: opened.payment.checkoutUrl };
  if (opened.kind === 'existing') throw new HttpError(409, PAY_MESSAGES.opening);
  const payment = opened.payment;
  // The customer's older checkouts, on other orders, were cancelled with their holds: close them too.
  if (opened.superseded.length > 0) await closeCheckouts(context, opened.superseded, log);
  // The checkout's lines are the order as the payment froze it.
  const frozen = (await findOrder(db, order.tokenValue))!;
  const method = frozen.shipment
    ? (await listShippingMethods(db)).find((m) => m.code === frozen.shipment!.methodCode)
    : undefined;
  const lines = [
    ...frozen.items.map((row) => ({ name: row.productName, amount: row.unitPrice })),
    ...(frozen.order.shippingTotal > 0
      ? [
          {
            name: `Livraison : ${method?.name ?? frozen.shipment?.methodCode ?? ''}`,
            amount: frozen.order.shippingTotal,
          },
        ]
      : []),
  ];
  if (lines.reduce((sum, line) => sum + line.amount, 0) !== payment.amount) {
    // The order changed between the two reads: that change cancelled this payment; the shopper pays again.
    throw new HttpError(409, PAY_MESSAGES.changed);
  }
  let checkout;
  try {
    checkout = await paymentProvider.openCheckout({
      paymentId: payment.id,
      orderToken: order.tokenValue,
      currencyCode: payment.currencyCode,
      lines,
      successUrl: afterSuccessUrl,
      cancelUrl: afterCancelUrl,
      expiresAt,
    });
  } catch (error) {
    log.error({ err: error }, 'payment provider failed');
    await closePayment(db, payment.id, 'cancelled', now());
    throw new HttpError(502, PAY_MESSAGES.providerDown);
  }
  const attached = await attachCheckout(db, payment.id, checkout.sessionId, checkout.url);
  if (!attached) {
    // Cancelled while the provider opened it (the cart changed): that checkout must take no money.
    await closeCheckouts(context, [{ ...payment, sessionId: checkout.sessionId }], log);
    throw new HttpError(409, PAY_MESSAGES.changed);
  }
  return { checkoutUrl: attached.checkoutUrl };
}
