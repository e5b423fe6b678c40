/**
 * The way back for an address an account left (the yard's extension, decision 0028): the link mailed
 * to it when a new e-mail was confirmed gives the account back to it, with a new password, to whoever
 * also knows a password the account had at that address. The mailbox alone is not enough: its next
 * reader (an old employer, a mail provider reusing the address) is not the account's owner.
 */
import type { AppContext } from '../../context.js';
import { findRecoveryByLink, passwordsHadAt, recoverAccount } from '../../db/customers.js';
import { MESSAGES, newPasswordViolations } from '../../domain/customer-rules.js';
import { tokenDigest } from '../../domain/secrets.js';
import { formerPasswordMatches } from '../../auth/current-password.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Asker } from '../../http/asker.js';
import { notFound, ViolationError } from '../../http/errors.js';
import { accountRecoveredMail } from '../../mail/templates.js';
import { closeCheckouts } from '../../payments/confirmed.js';
import type { NewPasswordInput } from './reset-password.js';

const expired = () => notFound(MESSAGES.expiredRecoveryLink);

/** Whether a recovery link still works, so that its page says so before a password is typed. */
export async function recoveryLinkAlive({ db, now }: AppContext, token: string): Promise<void> {
  if (!(await findRecoveryByLink(db, tokenDigest(token), now()))) throw expired();
}

export interface RecoveryInput extends NewPasswordInput {
  /** A password the account had while the link's address was its own. */
  previousPassword?: string;
}

export async function useRecoveryLink(context: AppContext, token: string, input: RecoveryInput, asker: Asker) {
  const { db, now, mailer, siteUrl } = context;
  const tokenHash = tokenDigest(token);
  const recovery = await findRecoveryByLink(db, tokenHash, now());
  if (!recovery) throw expired();
  const violations = newPasswordViolations(input);
  if (!input.previousPassword)
    violations.unshift({ propertyPath: 'previousPassword', message: MESSAGES.previousPassword });
  if (violations.length > 0) throw new ViolationError(violations);
  const hashes = await passwordsHadAt(db, recovery.customerId, recovery.email);
  if (!(await formerPasswordMatches(asker, recovery.customerId, hashes, input.previousPassword!)))
    throw new ViolationError([{ propertyPath: 'previousPassword', message: MESSAGES.notPreviousPassword }]);
  const recovered = await recoverAccount(db, tokenHash, await hashPassword(input.newPassword!), now());
  if (!recovered) throw expired();
  if (recovered === 'email-taken')
    throw new ViolationError([{ propertyPath: 'email', message: MESSAGES.recoveryEmailTaken }]);
  await closeCheckouts(context, recovered.cancelled, asker.log);
  // The address that lost the account hears of it.
  const { customer, leftEmail } = recovered;
  if (leftEmail !== customer.email)
    await mailer.send(accountRecoveredMail(leftEmail, customer.firstName, customer.email, siteUrl));
}
