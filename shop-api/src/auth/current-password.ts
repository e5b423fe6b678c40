/**
 * The current password, asked before a change of password or e-mail and before deleting the account.
 * Each check counts against the customer (whoever asks), so a stolen access token cannot be used to
 * guess it: past the ceiling the answer is 429, whether the guess is right or wrong.
 */
import type { Asker } from '../http/asker.js';
import { verifyPassword } from './passwords.js';

export async function currentPasswordMatches(
  asker: Asker,
  customer: { id: number; passwordHash: string },
  password: string,
): Promise<boolean> {
  await asker.hit('currentPasswordPerCustomer', String(customer.id));
  return verifyPassword(customer.passwordHash, password);
}
