/**
 * Who may read or change an order: anyone with the token of an anonymous cart, only its customer
 * otherwise (404 to others). An erased account's orders keep their link to it, so they answer nobody.
 * An anonymous cart becomes a customer's only when their token **changes** it (adds, removes, addresses,
 * pays): a read never changes an owner. Otherwise a stranger's link (`/compte/commandes/<their cart>`)
 * opened by a signed-in customer made the stranger's cart, with its part and delivery address, the
 * customer's, picked up at their next sign-in (decision 0025).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { claimCart, findOrder, findOrderRow, type OrderBundle, type OrderRow } from '../db/orders.js';
import { notFound } from '../http/errors.js';
import { requireCustomer } from './guard.js';
import type { JwtService } from './jwt.js';

/** GET and HEAD read: they change no row, whoever sends them. */
const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/** Checks who may use the order; its owner afterwards (a visitor's cart used by a customer is theirs). */
async function checkAccess(db: Db, jwt: JwtService, request: FastifyRequest, order: OrderRow): Promise<number | null> {
  if (order.customerId === null) {
    if (!request.headers.authorization || order.state !== 'cart' || isRead(request)) return null;
    const claims = await requireCustomer(db, jwt, request).catch(() => null);
    if (!claims) return null;
    const owner = await claimCart(db, order.id, claims.customerId);
    if (owner !== null && owner !== claims.customerId) throw notFound();
    return owner;
  }
  const claims = await requireCustomer(db, jwt, request).catch(() => null);
  if (claims?.customerId !== order.customerId) throw notFound();
  return order.customerId;
}

/** The row as access left it: the caller reads the owner it has now, not the one it had when read. */
const ownedBy = (order: OrderRow, customerId: number | null): OrderRow =>
  order.customerId === customerId ? order : { ...order, customerId };

export async function accessibleOrder(
  db: Db,
  jwt: JwtService,
  request: FastifyRequest,
  token: string,
): Promise<OrderBundle> {
  const found = await findOrder(db, token);
  if (!found) throw notFound();
  return { ...found, order: ownedBy(found.order, await checkAccess(db, jwt, request, found.order)) };
}

/** The order row alone, same rule: for a change, whose answer is read inside its transaction. */
export async function accessibleOrderRow(
  db: Db,
  jwt: JwtService,
  request: FastifyRequest,
  token: string,
): Promise<OrderRow> {
  const order = await findOrderRow(db, token);
  if (!order) throw notFound();
  return ownedBy(order, await checkAccess(db, jwt, request, order));
}
