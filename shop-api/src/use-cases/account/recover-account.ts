/**
 * The way back for an address an account left (the yard's extension, decision 0028): the link mailed
 * to it when a new e-mail was confirmed gives the account back to it, with a new password, to whoever
 * also knows a password the account had at that address. The mailbox alone is not enough: its next
 * reader (an old employer, a mail provider reusing the address) is not the account's owner.
 */
import type { AppContext } from '../../context.js';
import {
  claimRecoveryGuess,
  findRecoveryByLink,
  passwordsHadAt,
  RECOVERY_GUESSES,
  recoverAccount,
} from '../../db/customers.js';
import { MESSAGES, newPasswordViolations } from '../../domain/customer-rules.js';
import { tokenDigest } from '../../domain/secrets.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { Asker } from '../../http/asker.js';
import { knownAddressKey } from '../../http/rate-limits.js';
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
  // Counted on the link, never on the account: only the link's holder can try (a thief holding the
  // account cannot use up the owner's tries), the holder cannot use up the owner's own checks of the
  // current password, and guessing stops after RECOVERY_GUESSES.
  const guesses = await claimRecoveryGuess(db, tokenHash, now());
  if (guesses === null) throw expired();
  let known = false;
  for (const hash of await passwordsHadAt(db, recovery.customerId, recovery.email))
    if (await verifyPassword(hash, input.previousPassword!)) known = true;
  if (!known)
    throw new ViolationError([
      {
        propertyPath: 'previousPassword',
        message: guesses >= RECOVERY_GUESSES ? MESSAGES.recoveryGuessesUsedUp : MESSAGES.notPreviousPassword,
      },
    ]);
  const provenAt = now();
  const recovered = await recoverAccount(db, tokenHash, await hashPassword(input.newPassword!), provenAt);
  if (!recovered) throw expired();
  if (recovered === 'email-taken')
    throw new ViolationError([{ propertyPath: 'email', message: MESSAGES.recoveryEmailTaken }]);
  await closeCheckouts(context, recovered.cancelled, asker.log);
  const { customer, leftEmail } = recovered;
  // As after a reset: the owner's next sign-in from here is not counted with strangers sharing the address.
  await asker.take('knownAddress', knownAddressKey(customer.email, provenAt, asker.address));
  // The address that lost the account hears of it.
  if (leftEmail !== customer.email)
    await mailer.send(accountRecoveredMail(leftEmail, customer.firstName, customer.email, siteUrl));
}
