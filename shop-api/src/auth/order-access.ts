/**
 * Who may read or change an order: anyone with the token of an anonymous cart, only its customer
 * otherwise (404 to others). An erased account's orders keep their link to it, so they answer nobody.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { findOrder, type OrderBundle } from '../db/orders.js';
import { notFound } from '../http/errors.js';
import { requireCustomer } from './guard.js';
import type { JwtService } from './jwt.js';

export async function accessibleOrder(
  db: Db,
  jwt: JwtService,
  request: FastifyRequest,
  token: string,
): Promise<OrderBundle> {
  const found = await findOrder(db, token);
  if (!found) throw notFound();
  if (found.order.customerId !== null) {
    const claims = await requireCustomer(db, jwt, request).catch(() => null);
    if (claims?.customerId !== found.order.customerId) throw notFound();
  }
  return found;
}
