/**
 * The payment sweep, a pg-boss job every minute (jobs/queue.ts) (`pay` also closes expired checkouts first): closes checkouts past
 * their time, releases holds whose payment is no longer open (whatever path forgot them), and retries
 * refunds a provider could not make yet. Safe to run on several instances at once: each step is a
 * conditional write.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { expireStalePayments, paymentsToRefund } from '../db/payments.js';
import { catalogueTransaction, releaseOrphanHolds } from '../db/stock.js';
import { refundPayment } from './confirmed.js';

export interface SweepRun {
  expired: number;
  orphanHolds: number;
  refunded: number;
}

const quiet: Pick<FastifyBaseLogger, 'error'> = { error: () => {} };

export async function sweepPayments(
  context: Pick<AppContext, 'db' | 'paymentProviders' | 'now'>,
  log: Pick<FastifyBaseLogger, 'error'> = quiet,
): Promise<SweepRun> {
  const expired = await expireStalePayments(context.db, context.now());
  const orphanHolds = await catalogueTransaction(context.db, releaseOrphanHolds);
  let refunded = 0;
  for (const payment of await paymentsToRefund(context.db))
    if (await refundPayment(context, payment, log)) refunded += 1;
  return { expired: expired.length, orphanHolds: orphanHolds.length, refunded };
}
