import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { CartClosedError, changeCart, type OrderBundle, type OrderRow } from '../db/orders.js';
import { CART_MESSAGES } from '../domain/cart.js';
import { ViolationError } from '../http/errors.js';
import { closeCheckouts } from '../payments/confirmed.js';

/**
 * Changes a cart through changeCart (order locked, open payment cancelled, delivery and totals
 * recomputed), then closes the cancelled payments' checkouts at their provider. Answers the cart as
 * the change left it, read inside the change.
 */
export async function changeOrder<T>(
  context: AppContext,
  log: FastifyBaseLogger,
  order: OrderRow,
  change: (tx: Db, order: OrderRow) => Promise<T>,
): Promise<OrderBundle> {
  try {
    const { cart, cancelled } = await changeCart(context.db, order.id, context.now(), change);
    if (cancelled.length > 0) await closeCheckouts(context, cancelled, log);
    return cart;
  } catch (error) {
    if (error instanceof CartClosedError)
      throw new ViolationError([{ propertyPath: '', message: CART_MESSAGES.notCart }]);
    throw error;
  }
}
