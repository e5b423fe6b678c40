/**
 * A part sold at the counter or elsewhere: off every listing, its page marked sold out, the payments
 * that held it cancelled and their checkouts closed at their provider. A sale may be recorded after the
 * fact (`soldAt`), never in the future.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { markPartSold, type SaleRecord } from '../db/sales.js';
import { HttpError } from '../http/errors.js';
import { closeCheckouts } from '../payments/confirmed.js';
import { STAFF_MESSAGES } from '../domain/staff-messages.js';

/** The sale, or null when the shop has no part of that code. */
export async function markSold(
  context: AppContext,
  input: { code: string; soldAt?: Date; log: FastifyBaseLogger },
): Promise<SaleRecord | null> {
  const { db, now } = context;
  const at = input.soldAt ?? now();
  // A minute's grace for the staff's clock.
  if (at.getTime() > now().getTime() + 60_000) throw new HttpError(400, STAFF_MESSAGES.saleInFuture);
  const sale = await markPartSold(db, input.code, at);
  if (!sale) return null;
  await closeCheckouts(context, sale.cancelled, input.log);
  return { code: sale.code, soldAt: sale.soldAt, changed: sale.changed };
}
