/**
 * What the account use cases share: a new confirmation link, the mails that carry links, and the
 * ceiling of mails to an address someone else typed.
 */
import type { AppContext } from '../../context.js';
import { renewRegistrationLink, type CustomerRow, type RegistrationRow } from '../../db/customers.js';
import { newToken, tokenDigest, VERIFICATION_TTL_MS } from '../../domain/secrets.js';
import type { Asker } from '../../http/asker.js';
import { accountExistsMail, verificationMail } from '../../mail/templates.js';

/** A new confirmation link: its digest and end to store, its URL to mail. */
export function verificationLink({ now, siteUrl }: AppContext) {
  const token = newToken();
  const expiresAt = new Date(now().getTime() + VERIFICATION_TTL_MS);
  return { tokenHash: tokenDigest(token), expiresAt, url: `${siteUrl}/verification/${token}` };
}

/** A registration's link, mailed: when and in whose name it was made, the password asked. */
export const mailRegistration = (context: AppContext, email: string, registration: RegistrationRow, url: string) =>
  context.mailer.send(verificationMail(email, registration, url));

/** A new link for the newest registration of an unconfirmed account, mailed (the lost-link request). */
export async function sendNewLink(context: AppContext, customer: CustomerRow) {
  const link = verificationLink(context);
  const renewed = await renewRegistrationLink(context.db, customer.id, link, context.now());
  if (renewed) await mailRegistration(context, customer.email, renewed, link.url);
}

/**
 * Whether one more mail may go to an address someone registered: a few
 * an hour from one requesting address, so that a stranger cannot use up the owner's, and a few more
 * from anywhere, so that the inbox is not flooded. The first ceiling passed counts nothing further.
 */
export const mayNotify = async (asker: Asker, email: string) =>
  (await asker.take('registrationNoticesPerEmailAndAddress', `${email} ${asker.address}`)) &&
  (await asker.take('registrationNoticesPerEmail', email));

/**
 * Whether one more mail may go to the address a signed-in customer asks for as their new e-mail (see
 * the rules): a few an hour per account, a few more per address, apart from registrations' notices.
 */
export const mayMailNewEmail = async (asker: Asker, customerId: number, email: string) =>
  (await asker.take('emailChangeMailsPerCustomer', String(customerId))) &&
  (await asker.take('emailChangeMailsPerEmail', email));

/** « Vous avez déjà un compte » to the owner of an address someone asked to use for another account. */
export const tellOwner = (
  { mailer, siteUrl }: AppContext,
  owner: CustomerRow,
  asked: 'registration' | 'email-change',
) =>
  mailer.send(
    accountExistsMail(owner.email, owner.firstName, `${siteUrl}/connexion`, `${siteUrl}/mot-de-passe-oublie`, asked),
  );
