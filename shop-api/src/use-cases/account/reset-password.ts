/**
 * A forgotten password: a reset link by mail, asked with the e-mail alone (always the same answer:
 * nobody learns who has an account), then used once to set a new password.
 */
import type { AppContext } from '../../context.js';
import { findByResetToken, findCustomerByEmail, resetPassword, updateCustomer } from '../../db/customers.js';
import { MESSAGES, newPasswordViolations, normalizeEmail } from '../../domain/customer-rules.js';
import { newToken, RESET_TTL_MS, tokenDigest } from '../../domain/secrets.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Asker } from '../../http/asker.js';
import { knownAddressKey, signInAccountKey } from '../../http/rate-limits.js';
import { notFound, ViolationError } from '../../http/errors.js';
import { resetPasswordMail } from '../../mail/templates.js';
import { closeCheckouts } from '../../payments/confirmed.js';
import { sendNewLink } from './mails.js';

export interface NewPasswordInput {
  newPassword?: string;
  confirmNewPassword?: string;
}

const expired = () => notFound(MESSAGES.expiredResetLink);

/**
 * The id of `device` if it is a token the account of `email` gave a browser at a sign-in since its
 * mailbox was last proven; null otherwise.
 */
async function ownersDevice({ db, jwt }: AppContext, email: string, device: string): Promise<string | null> {
  // One query by a unique key, whether or not the e-mail has an account, as at sign-in.
  const customer = await findCustomerByEmail(db, email);
  return jwt.deviceOf(device, signInAccountKey(email, customer?.mailboxProvenAt));
}

export async function askPasswordReset(context: AppContext, input: { email?: string }, asker: Asker) {
  const { db, background, mailer, now, siteUrl } = context;
  const email = normalizeEmail(input.email ?? '');
  // A browser the owner signed in with is not refused because strangers asked from the same address
  // (an office, a carrier's shared address), for other e-mails or for the owner's: its requests are
  // counted on their own, 3 an hour as from an address.
  const device = asker.device ? await ownersDevice(context, email, asker.device) : null;
  if (device) await asker.hit('resetPerEmailAndAddress', `${email} device ${device}`);
  else {
    await asker.hit('resetPerAddress', asker.address);
    await asker.hit('resetPerEmailAndAddress', `${email} ${asker.address}`);
  }
  // Everything that depends on the address happens after the answer: its time tells nothing.
  background.run('password reset request', async () => {
    if (!email || !(await asker.take('resetMailsPerEmail', email))) return;
    const customer = await findCustomerByEmail(db, email);
    if (!customer) return;
    // Not confirmed yet: a reset would confirm it with whichever registration's names; the way in is
    // the registration's password with a new link (or registering again).
    if (!customer.verifiedAt) return sendNewLink(context, customer);
    const token = newToken();
    await updateCustomer(db, customer.id, {
      resetTokenHash: tokenDigest(token),
      resetExpiresAt: new Date(now().getTime() + RESET_TTL_MS),
    });
    await mailer.send(resetPasswordMail(customer.email, customer.firstName, `${siteUrl}/mot-de-passe-oublie/${token}`));
  });
}

/** Whether a reset link still works, so that its page says so before a new password is typed twice. */
export async function resetLinkAlive({ db, now }: AppContext, token: string): Promise<void> {
  if (!(await findByResetToken(db, tokenDigest(token), now()))) throw expired();
}

export async function useResetLink(context: AppContext, token: string, input: NewPasswordInput, asker: Asker) {
  const { db, now } = context;
  const tokenHash = tokenDigest(token);
  const owner = await findByResetToken(db, tokenHash, now());
  if (!owner) throw expired();
  const violations = newPasswordViolations(input);
  if (violations.length > 0) throw new ViolationError(violations);
  // The link is spent by the update itself: of several uses at once, one sets the password.
  const provenAt = now();
  const cancelled = await resetPassword(db, tokenHash, await hashPassword(input.newPassword!), provenAt);
  if (!cancelled) throw expired();
  // The mailbox was proven from this address: the owner's next sign-in here is not counted with the
  // strangers sharing it (routes/auth.ts).
  await asker.take('knownAddress', knownAddressKey(owner.email, provenAt, asker.address));
  // A payment open on a cart typed into since ended with the reset: its provider's checkout closes too.
  await closeCheckouts(context, cancelled, asker.log);
}
