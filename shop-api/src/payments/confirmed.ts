/**
 * What follows a provider's confirmation (the sandbox page, or any provider's webhook). An order placed: the customer
 * gets the confirmation by mail, once (its sale was announced by its commit, db/stock.ts).
 * Money that placed nothing: given back through the provider (retried by the payment sweep while the
 * provider fails). Nothing here may undo a payment: failures are logged, never thrown.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { findCustomer } from '../db/customers.js';
import { findOrder, listShippingMethods } from '../db/orders.js';
import { markRefunded, type ConfirmOutcome, type PaymentRow } from '../db/payments.js';
import { orderConfirmationMail } from '../mail/templates.js';
import { providerNamed } from './provider.js';

type Settling = Pick<AppContext, 'db' | 'mailer' | 'siteUrl' | 'paymentProviders' | 'now'>;

export async function afterConfirmation(
  context: Settling,
  outcome: ConfirmOutcome,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<void> {
  if (outcome.kind === 'refund') {
    log.warn(
      { payment: outcome.payment.id, reason: outcome.payment.refundReason },
      'captured money placed no order: refunding',
    );
    await refundPayment(context, outcome.payment, log);
    return;
  }
  if (outcome.kind !== 'placed') return;
  const { db, mailer, siteUrl } = context;
  try {
    const bundle = await findOrder(db, outcome.orderToken);
    const customer = bundle?.order.customerId ? await findCustomer(db, bundle.order.customerId) : null;
    if (!bundle || !customer || !bundle.order.number) return;
    const method = bundle.shipment
      ? (await listShippingMethods(db)).find((m) => m.code === bundle.shipment!.methodCode)
      : undefined;
    await mailer.send(
      orderConfirmationMail(customer.email, customer.firstName, {
        number: bundle.order.number,
        lines: bundle.items.map((row) => ({ name: row.productName, amount: row.total })),
        shippingName: method?.name ?? null,
        itemsTotal: bundle.order.itemsTotal,
        shippingTotal: bundle.order.shippingTotal,
        total: bundle.order.total,
        url: `${siteUrl}/compte/commandes/${bundle.order.tokenValue}`,
        consumer: !customer.groupCode.endsWith('professional'),
      }),
    );
  } catch (error) {
    log.error({ err: error, order: outcome.orderToken }, 'order confirmation mail failed');
  }
}

/** Gives the payment's money back through its provider; false (still due, the sweep retries) when it cannot. */
export async function refundPayment(
  { db, paymentProviders, now }: Pick<AppContext, 'db' | 'paymentProviders' | 'now'>,
  payment: PaymentRow,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<boolean> {
  const provider = providerNamed(paymentProviders, payment.provider);
  try {
    if (!provider) throw new Error(`no ${payment.provider} provider configured`);
    await provider.refund(payment);
    await markRefunded(db, payment.id, now());
    return true;
  } catch (error) {
    log.error({ err: error, payment: payment.id }, 'refund failed: the payment stays due for refund');
    return false;
  }
}

/** Closes the providers' checkouts of payments the shop cancelled, so they can take no money (best effort). */
export async function closeCheckouts(
  { paymentProviders }: Pick<AppContext, 'paymentProviders'>,
  cancelled: PaymentRow[],
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  for (const payment of cancelled) {
    try {
      await providerNamed(paymentProviders, payment.provider)?.closeCheckout(payment);
    } catch (error) {
      // Its money, if it ever comes, is refunded on confirmation: the payment is no longer open.
      log.error({ err: error, payment: payment.id }, 'closing the provider checkout failed');
    }
  }
}
