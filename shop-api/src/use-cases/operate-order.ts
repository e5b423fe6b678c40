/**
 * A staff operation on a placed order (validate, wait, ship, fulfill, cancel; `npm run orders`): the
 * order's state machines decide, the change is written, and the order is answered as it is now.
 */
import type { AppContext } from '../context.js';
import { applyOperation, findPlacedOrder, type OrderBundle } from '../db/orders.js';
import { operate, type StaffOperation } from '../domain/order-operations.js';
import { HttpError, notFound } from '../http/errors.js';
import { STAFF_MESSAGES } from '../domain/staff-messages.js';

export async function operateOrder(
  context: AppContext,
  input: { reference: string; operation: StaffOperation },
): Promise<OrderBundle> {
  const { db, now } = context;
  const found = await findPlacedOrder(db, input.reference);
  if (!found) throw notFound(STAFF_MESSAGES.orderNotFound);
  let outcome;
  try {
    outcome = operate(found.order, input.operation);
  } catch (error) {
    // The state machines refuse an operation the order's state does not allow.
    throw new HttpError(409, (error as Error).message);
  }
  await applyOperation(db, found.order.id, outcome, now());
  return (await findPlacedOrder(db, found.order.tokenValue))!;
}
