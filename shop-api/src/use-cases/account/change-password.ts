/**
 * A customer changes their password with the current one. Whoever else is signed in (a stolen
 * session) is out, this session stays; the mailbox hears of it, so a thief who knew the password is
 * seen and the owner's reset undoes it.
 */
import type { AppContext } from '../../context.js';
import { changePassword, SIGNED_IN_CHANGES_PER_WEEK, signedInPasswordChangesSince } from '../../db/customers.js';
import { MESSAGES, newPasswordViolations } from '../../domain/customer-rules.js';
import { currentPasswordMatches } from '../../auth/current-password.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Asker } from '../../http/asker.js';
import { ViolationError } from '../../http/errors.js';
import { passwordChangedMail } from '../../mail/templates.js';
import type { Changer } from './change-profile.js';
import type { NewPasswordInput } from './reset-password.js';

export async function changeOwnPassword(
  context: AppContext,
  { customer, session }: Changer,
  input: NewPasswordInput & { currentPassword?: string },
  asker: Asker,
): Promise<void> {
  const { db, mailer, now, siteUrl } = context;
  const violations = newPasswordViolations(input);
  if (!input.currentPassword) violations.unshift({ propertyPath: 'currentPassword', message: MESSAGES.blank });
  else if (!(await currentPasswordMatches(asker, customer, input.currentPassword)))
    violations.unshift({ propertyPath: 'currentPassword', message: MESSAGES.wrongCurrentPassword });
  if (violations.length > 0) throw new ViolationError(violations);
  // A few a week: past them, whoever knew the password could push the owner's out of the memory a
  // recovery link reads (decision 0028); the reset link, through the mailbox, has no such limit.
  const weekAgo = new Date(now().getTime() - 7 * 86_400_000);
  if ((await signedInPasswordChangesSince(db, customer.id, weekAgo)) >= SIGNED_IN_CHANGES_PER_WEEK)
    throw new ViolationError([{ propertyPath: 'newPassword', message: MESSAGES.passwordChangesUsedUp }]);
  await changePassword(db, customer.id, await hashPassword(input.newPassword!), now(), session);
  await mailer.send(passwordChangedMail(customer.email, customer.firstName, `${siteUrl}/mot-de-passe-oublie`));
}
