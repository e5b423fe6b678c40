/**
 * A new confirmation link for an account not confirmed yet. Sylius's resend needs a signed-in user,
 * whom an unconfirmed account cannot be: the yard's extension takes the e-mail instead, and answers
 * alike whether or not such an account exists (the mail leaves after the answer).
 */
import type { AppContext } from '../../context.js';
import { findCustomerByEmail } from '../../db/customers.js';
import { normalizeEmail } from '../../domain/customer-rules.js';
import type { Asker } from '../../http/asker.js';
import { sendNewLink } from './mails.js';

export async function askConfirmationLink(context: AppContext, input: { email?: string }, asker: Asker) {
  const email = normalizeEmail(input.email ?? '');
  await asker.hit('verificationLinkPerAddress', asker.address);
  await asker.hit('verificationLinkPerEmailAndAddress', `${email} ${asker.address}`);
  context.background.run('verification link request', async () => {
    if (!email || !(await asker.take('verificationMailsPerEmail', email))) return;
    const customer = await findCustomerByEmail(context.db, email);
    if (customer && !customer.verifiedAt) await sendNewLink(context, customer);
  });
}
