/**
 * The current password, asked before a change of password or e-mail and before deleting the account.
 * Each check counts against the customer (whoever asks), so a stolen access token cannot be used to
 * guess it: past the ceiling the answer is 429, whether the guess is right or wrong.
 */
import type { FastifyRequest } from 'fastify';
import type { Limits } from '../http/rate-limits.js';
import { verifyPassword } from './passwords.js';

export async function currentPasswordMatches(
  limits: Limits,
  request: FastifyRequest,
  customer: { id: number; passwordHash: string },
  password: string,
): Promise<boolean> {
  await limits.hit(request, 'currentPasswordPerCustomer', String(customer.id));
  return verifyPassword(customer.passwordHash, password);
}
