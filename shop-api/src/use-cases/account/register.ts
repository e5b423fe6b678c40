/**
 * Registration with a confirmation mail. A new address and a taken one get the same answer, before
 * anything that tells them apart (Sylius answers 422 to a taken one, which tells anyone who has an
 * account): the mail that follows, after the answer, says which.
 */
import type { AppContext } from '../../context.js';
import {
  addRegistration,
  createRegistration,
  findCustomerByEmail,
  liveRecoveryOf,
  type RegistrationFields,
} from '../../db/customers.js';
import {
  normalizeEmail,
  normalizeSiret,
  registrationViolations,
  REGISTRATIONS_KEPT,
} from '../../domain/customer-rules.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Asker } from '../../http/asker.js';
import { ViolationError } from '../../http/errors.js';
import { recoveryReminderMail } from '../../mail/templates.js';
import { mailRegistration, mayNotify, tellOwner, verificationLink } from './mails.js';

export interface RegistrationInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  subscribedToNewsletter?: boolean;
  /** The yard's extension: a professional registers with their company (prices excluding VAT). */
  companyName?: string;
  siret?: string;
}

export async function register(context: AppContext, input: RegistrationInput, asker: Asker): Promise<void> {
  const { db, background, mailer, now, siteUrl } = context;
  await asker.hit('registerPerAddress', asker.address);
  const violations = registrationViolations(input);
  if (violations.length > 0) throw new ViolationError(violations);
  const email = normalizeEmail(input.email!);
  const professional = Boolean(input.siret?.trim());
  const registration: RegistrationFields = {
    firstName: input.firstName!.trim(),
    lastName: input.lastName!.trim(),
    passwordHash: await hashPassword(input.password!),
    subscribedToNewsletter: input.subscribedToNewsletter ?? false,
    groupCode: professional ? 'professional' : 'individual',
    companyName: professional ? input.companyName!.trim() : null,
    siret: professional ? normalizeSiret(input.siret!) : null,
  };
  // An address that left an account and may still take it back makes no new account meanwhile: a thief
  // who moved the account would register it in the owner's name, and the owner who confirmed that
  // registration would lose the way back. The owner is reminded of the link instead.
  const waiting = await liveRecoveryOf(db, email, now());
  if (waiting) {
    background.run('registration of an address with a way back', async () => {
      if (await mayNotify(asker, email)) await mailer.send(recoveryReminderMail(email, waiting.expiresAt, siteUrl));
    });
    return;
  }
  // A new address gets its account and first registration now, a taken one the same attempt (refused
  // by the unique e-mail), so both take the same time.
  const link = verificationLink(context);
  const created = await createRegistration(db, email, {
    ...registration,
    tokenHash: link.tokenHash,
    expiresAt: link.expiresAt,
    createdAt: now(),
  });
  background.run('registration mail', async () => {
    if (created !== 'email-taken') return mailRegistration(context, email, created, link.url);
    const owner = await findCustomerByEmail(db, email);
    if (!owner) return;
    // At most a few such mails an hour to one address; past them, the same answer and no mail.
    const mayMail = await mayNotify(asker, email);
    // Not confirmed yet: the owner lost the first link, or someone else typed the address. This
    // registration joins the others, none replacing another's details or killing its link (decision
    // 0026): the link proves the mailbox, the password typed with it picks the registration.
    if (!owner.verifiedAt) {
      const added = await addRegistration(
        db,
        owner.id,
        { ...registration, tokenHash: mayMail ? link.tokenHash : null, expiresAt: link.expiresAt, createdAt: now() },
        now(),
        REGISTRATIONS_KEPT,
      );
      if (added && mayMail) await mailRegistration(context, email, added, link.url);
      return;
    }
    if (mayMail) await tellOwner(context, owner, 'registration');
  });
}
