import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import {
  CartClosedError,
  changeCart,
  createOrder,
  deleteOrderItem,
  insertNewOrderItem,
  latestCartOf,
  orderItemsOf,
  orderWeight,
  writeShippingMethod,
  type findVariantStock,
  type OrderBundle,
  type OrderRow,
  type ShippingMethodRow,
} from '../db/orders.js';
import { addItemProblem, CART_MESSAGES } from '../domain/cart.js';
import { CHECKOUT_MESSAGES, methodsFor } from '../domain/checkout.js';
import { apply, canApply, CHECKOUT } from '../domain/order-states.js';
import { newToken } from '../domain/secrets.js';
import { notFound, ViolationError } from '../http/errors.js';
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

/**
 * The cart a `POST /orders` answers: a customer picks up the cart they already have (from an earlier
 * visit or another device), as Sylius's PickupCart does; a visitor, or a customer without one, gets a new one.
 */
export async function openCart(
  context: AppContext,
  input: { customerId: number | null; localeCode: string },
): Promise<OrderBundle> {
  const { db } = context;
  const { customerId, localeCode } = input;
  const picked = customerId === null ? null : await latestCartOf(db, customerId);
  return (
    picked ?? {
      order: await createOrder(db, { tokenValue: newToken(24), customerId, localeCode }),
      items: [],
      shipment: null,
      withdrawals: [],
    }
  );
}

type VariantStock = NonNullable<Awaited<ReturnType<typeof findVariantStock>>>;

/** Adds one part to a cart (access checked, the order a cart); answers the cart as the change left it. */
export async function addCartItem(
  context: AppContext,
  input: { order: OrderRow; variant: VariantStock; quantity: number; log: FastifyBaseLogger },
): Promise<OrderBundle> {
  const { order, variant, quantity, log } = input;
  return changeOrder(context, log, order, async (tx) => {
    // Inserted only if absent and the cart has room, the order locked: two clicks cannot add the
    // part twice, nor two tabs go past the cart's size. The answer's reasons are read only on refusal.
    const addable = addItemProblem(variant, quantity, false, 0) === null;
    const added =
      addable &&
      (await insertNewOrderItem(tx, order.id, {
        variantId: variant.id,
        variantCode: variant.code,
        productName: variant.productName,
        quantity: 1,
        unitPrice: variant.price,
        total: variant.price,
      }));
    if (added) return;
    const rows = await orderItemsOf(tx, order.id);
    const already = rows.some((row) => row.variantId === variant.id);
    const problem = addItemProblem(variant, quantity, already, rows.length) ?? CART_MESSAGES.already;
    throw new ViolationError([
      { propertyPath: problem === CART_MESSAGES.quantity ? 'quantity' : 'productVariant', message: problem },
    ]);
  });
}

/** Removes one line of a cart (access checked, the order a cart); the items are read under the order's lock. */
export async function removeCartItem(
  context: AppContext,
  input: { order: OrderRow; itemId: number; log: FastifyBaseLogger },
): Promise<void> {
  const { order, itemId, log } = input;
  await changeOrder(context, log, order, async (tx) => {
    if (!(await deleteOrderItem(tx, order.id, itemId))) throw notFound();
  });
}

/**
 * The checkout's "shipping" step: the method `code`, one of `methods`, if it fits the parts' weight
 * and the checkout may still choose (checked again under the order's lock).
 */
export async function chooseShippingMethod(
  context: AppContext,
  input: { order: OrderRow; code: string; methods: ShippingMethodRow[]; log: FastifyBaseLogger },
): Promise<OrderBundle> {
  const { order, code, methods, log } = input;
  return changeOrder(context, log, order, async (tx, locked) => {
    const method = methodsFor(methods, await orderWeight(tx, order.id)).find((candidate) => candidate.code === code);
    if (!method) throw new ViolationError([{ propertyPath: 'shippingMethod', message: CHECKOUT_MESSAGES.methodUnfit }]);
    if (!canApply(CHECKOUT, locked.checkoutState, 'select_shipping'))
      throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.notAddressed }]);
    await writeShippingMethod(tx, order.id, method.code, apply(CHECKOUT, locked.checkoutState, 'select_shipping'));
  });
}
