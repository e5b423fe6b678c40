/**
 * The link of a confirmation mail, with a password (decision 0026). A registration's link confirms the
 * registration whose password is typed (any of the address's, the link proving the mailbox); a new
 * e-mail's link takes the account's password, then the old address is told. Without the password
 * nothing happens, so a mail scanner opening the link, or a stranger's own registration, confirms
 * nothing. The link stays alive after a wrong password; checks are limited per account.
 */
import type { AppContext } from '../../context.js';
import {
  addRegistration,
  confirmRegistration,
  findCustomer,
  findEmailChangeByLink,
  findRegistrationByLink,
  followVerificationLink,
  liveRecoveryOf,
  liveRegistrations,
  type CustomerRow,
  type RegistrationRow,
} from '../../db/customers.js';
import { MESSAGES, namedPasswordViolations, REGISTRATIONS_KEPT } from '../../domain/customer-rules.js';
import { newToken, RECOVERY_HELD_MS, RECOVERY_TTL_MS, tokenDigest, VERIFICATION_TTL_MS } from '../../domain/secrets.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { Asker } from '../../http/asker.js';
import { notFound, ViolationError } from '../../http/errors.js';
import { emailChangedMail } from '../../mail/templates.js';
import { closeCheckouts } from '../../payments/confirmed.js';

export interface MailLinkInput {
  token: string;
  password?: string;
  /** With the names, a password no registration has makes the account (a forgotten password). */
  firstName?: string;
  lastName?: string;
}

const expired = () => notFound(MESSAGES.expiredVerificationLink);

/** Whether a confirmation link still works, so that its page says so before a password is typed. */
export async function mailLinkAlive({ db, now }: AppContext, token: string): Promise<void> {
  const tokenHash = tokenDigest(token);
  const alive =
    (await findRegistrationByLink(db, tokenHash, now())) ?? (await findEmailChangeByLink(db, tokenHash, now()));
  if (!alive) throw expired();
}

export async function followMailLink(context: AppContext, input: MailLinkInput, asker: Asker): Promise<void> {
  const { db, now } = context;
  const tokenHash = tokenDigest(input.token);
  const registration = await findRegistrationByLink(db, tokenHash, now());
  const changing = registration ? null : await findEmailChangeByLink(db, tokenHash, now());
  const customerId = registration?.customerId ?? changing?.id;
  if (customerId === undefined) throw expired();
  if (!input.password)
    throw new ViolationError([
      { propertyPath: 'password', message: registration ? MESSAGES.registrationPassword : MESSAGES.blank },
    ]);
  await asker.hit('currentPasswordPerCustomer', `verification ${customerId}`);
  if (registration) await confirm(context, registration, input);
  else await moveEmail(context, changing!, tokenHash, input.password, asker);
}

/** A registration's link: the registration with this password, or one made now with the names given. */
async function confirm(context: AppContext, registration: RegistrationRow, input: MailLinkInput) {
  const { db, now } = context;
  const { customerId } = registration;
  const { password, firstName, lastName } = input;
  // A registration made before the address left an account that it may still take back.
  const account = await findCustomer(db, customerId);
  if (account && (await liveRecoveryOf(db, account.email, now())))
    throw new ViolationError([{ propertyPath: 'password', message: MESSAGES.recoveryWaiting }]);
  // The link's own registration first, then the others, newest first.
  const candidates = [registration, ...(await liveRegistrations(db, customerId, now()))];
  let picked: RegistrationRow | undefined;
  for (const candidate of candidates.filter((row, index) => candidates.findIndex((o) => o.id === row.id) === index))
    if (await verifyPassword(candidate.passwordHash, password!)) {
      picked = candidate;
      break;
    }
  if (!picked && firstName === undefined && lastName === undefined)
    throw new ViolationError([{ propertyPath: 'password', message: MESSAGES.notRegistrationPassword }]);
  // No registration has this password, and names come with it: whoever holds the link owns the mailbox
  // (nobody else is mailed one), so the account is made with these names and this password, as a reset
  // link would set one. A stranger who floods the address with registrations cannot keep its owner out,
  // nor can a forgotten password (decision 0028).
  if (!picked) {
    const violations = namedPasswordViolations({ firstName, lastName, password });
    if (violations.length > 0) throw new ViolationError(violations);
    picked =
      (await addRegistration(
        db,
        customerId,
        {
          firstName: firstName!.trim(),
          lastName: lastName!.trim(),
          passwordHash: await hashPassword(password!),
          subscribedToNewsletter: false,
          groupCode: 'individual',
          companyName: null,
          siret: null,
          // A link nobody is mailed: the newest registration with a link is never the one pushed out.
          tokenHash: tokenDigest(newToken()),
          expiresAt: new Date(now().getTime() + VERIFICATION_TTL_MS),
          createdAt: now(),
        },
        now(),
        REGISTRATIONS_KEPT,
      )) ?? undefined;
  }
  if (!picked || !(await confirmRegistration(db, picked.id, now()))) throw expired();
}

/** A new e-mail's link: the account moves there, and the address it left hears of it with its way back. */
async function moveEmail(
  context: AppContext,
  changing: CustomerRow,
  tokenHash: string,
  password: string,
  asker: Asker,
) {
  const { db, now, mailer, siteUrl } = context;
  if (!(await verifyPassword(changing.passwordHash, password)))
    throw new ViolationError([{ propertyPath: 'password', message: MESSAGES.wrongCurrentPassword }]);
  const recovery = newToken();
  const followed = await followVerificationLink(db, tokenHash, now(), {
    tokenHash: tokenDigest(recovery),
    expiresAt: new Date(now().getTime() + RECOVERY_TTL_MS),
    heldSince: new Date(now().getTime() - RECOVERY_HELD_MS),
  });
  if (!followed) throw expired();
  if (followed === 'email-taken')
    throw new ViolationError([{ propertyPath: 'email', message: MESSAGES.pendingEmailTaken }]);
  const { customer, previousEmail, recoverable, cancelled } = followed;
  await closeCheckouts(context, cancelled, asker.log);
  await mailer.send(
    emailChangedMail(
      previousEmail,
      customer.firstName,
      customer.email,
      recoverable ? `${siteUrl}/recuperation/${recovery}` : null,
      siteUrl,
    ),
  );
}
