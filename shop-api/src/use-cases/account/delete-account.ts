/**
 * A customer deletes their account with the current password: their personal data is erased, the
 * orders the law keeps stay without it.
 */
import type { AppContext } from '../../context.js';
import { eraseCustomer } from '../../db/personal-data.js';
import { MESSAGES } from '../../domain/customer-rules.js';
import { currentPasswordMatches } from '../../auth/current-password.js';
import type { Asker } from '../../http/asker.js';
import { notFound, ViolationError } from '../../http/errors.js';
import type { Changer } from './change-profile.js';

export async function deleteAccount(
  context: AppContext,
  { customer }: Changer,
  input: { currentPassword?: string },
  asker: Asker,
): Promise<void> {
  const password = input.currentPassword;
  if (!password) throw new ViolationError([{ propertyPath: 'currentPassword', message: MESSAGES.blank }]);
  if (!(await currentPasswordMatches(asker, customer, password)))
    throw new ViolationError([{ propertyPath: 'currentPassword', message: MESSAGES.wrongCurrentPassword }]);
  if (!(await eraseCustomer(context.db, customer.id, context.now()))) throw notFound();
}
