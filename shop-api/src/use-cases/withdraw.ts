/**
 * A consumer's withdrawal from parts of their order (Code de la consommation L221-21), the parts
 * already checked as theirs to withdraw: recorded, then acknowledged by a dated mail. The withdrawal
 * stands without the mail: it is recorded, and the order page shows it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import type { CustomerRow } from '../db/customers.js';
import { markWithdrawalAcknowledged, recordWithdrawal, type OrderBundle, type WithdrawalRow } from '../db/orders.js';
import { frenchDateTime } from '../domain/withdrawal.js';
import { withdrawalAcknowledgementMail } from '../mail/templates.js';

/** The withdrawal as recorded (acknowledged when the mail went); null when those parts were withdrawn meanwhile. */
export async function withdraw(
  context: AppContext,
  input: { bundle: OrderBundle; customer: CustomerRow; itemIds: number[]; log: FastifyBaseLogger },
): Promise<WithdrawalRow | null> {
  const { db, mailer, now, siteUrl } = context;
  const { bundle, customer, itemIds, log } = input;
  const requestedAt = now();
  const row = await recordWithdrawal(db, {
    orderId: bundle.order.id,
    itemIds,
    fullName: `${customer.firstName} ${customer.lastName}`,
    email: customer.email,
    requestedAt,
  });
  if (!row) return null;
  const names = itemIds.map((id) => bundle.items.find((line) => line.id === id)!.productName);
  try {
    await mailer.send(
      withdrawalAcknowledgementMail(customer.email, customer.firstName, {
        number: bundle.order.number ?? '',
        names,
        requestedAt: frenchDateTime(requestedAt),
        url: `${siteUrl}/compte/commandes/${bundle.order.tokenValue}`,
      }),
    );
    const at = now();
    await markWithdrawalAcknowledged(db, row.id, at);
    return { ...row, acknowledgedAt: at };
  } catch (error) {
    log.error({ err: error, order: bundle.order.number }, 'withdrawal acknowledgement mail failed');
    return row;
  }
}
