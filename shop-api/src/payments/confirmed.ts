/**
 * What follows a payment the provider confirmed (sandbox page or Stripe webhook), once per order:
 * listings drop the sold parts (cache and storefront tags) and the customer gets the order's
 * confirmation by mail. Neither may undo the payment: failures are logged, never thrown.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app.js';
import { findCustomer } from '../db/customers.js';
import { findOrder, listShippingMethods } from '../db/orders.js';
import type { CompletedOrder } from '../db/payments.js';
import { forgetListingTotals } from '../db/products.js';
import { orderConfirmationMail } from '../mail/templates.js';
import { partTags } from '../notify/storefront.js';

export async function afterConfirmedPayment(
  { db, notifier, mailer, siteUrl }: Pick<AppContext, 'db' | 'notifier' | 'mailer' | 'siteUrl'>,
  completed: CompletedOrder,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!completed.changed) return;
  forgetListingTotals(db);
  for (const code of completed.soldCodes) notifier.notify(partTags(code));
  try {
    const bundle = await findOrder(db, completed.orderToken);
    const customer = bundle?.order.customerId ? await findCustomer(db, bundle.order.customerId) : null;
    if (!bundle || !customer || !bundle.order.number) return;
    const method = bundle.shipment ? (await listShippingMethods(db)).find((m) => m.code === bundle.shipment!.methodCode) : undefined;
    await mailer.send(orderConfirmationMail(customer.email, customer.firstName, {
      number: bundle.order.number,
      lines: bundle.items.map((row) => ({ name: row.productName, amount: row.total })),
      shippingName: method?.name ?? null,
      shippingTotal: bundle.order.shippingTotal,
      total: bundle.order.total,
      url: `${siteUrl}/compte/commandes/${bundle.order.tokenValue}`,
      consumer: !customer.groupCode.endsWith('professional'),
    }));
  } catch (error) {
    log.error({ err: error, order: completed.orderToken }, 'order confirmation mail failed');
  }
}
