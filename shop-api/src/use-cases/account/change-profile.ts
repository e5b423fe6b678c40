/**
 * A customer changes their own profile. A new e-mail takes the current password (a stolen token is not
 * enough) and counts once the link mailed to it is followed; the old address hears of the request.
 */
import type { AppContext } from '../../context.js';
import { findAddress, findCustomerByEmail, updateCustomer, type CustomerRow } from '../../db/customers.js';
import {
  companyViolations,
  customerViolations,
  MESSAGES,
  normalizeEmail,
  normalizeSiret,
} from '../../domain/customer-rules.js';
import { EMAIL_CHANGE_TTL_MS, newToken, tokenDigest } from '../../domain/secrets.js';
import { currentPasswordMatches } from '../../auth/current-password.js';
import type { Asker } from '../../http/asker.js';
import { notFound, ViolationError, type Violation } from '../../http/errors.js';
import { emailChangeMail, emailChangeRequestedMail } from '../../mail/templates.js';
import { mayMailNewEmail, tellOwner } from './mails.js';

/** Sylius's customer fields (absent: unchanged), with the yard's company fields. */
export interface ProfileInput {
  email?: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string | null;
  gender?: string;
  birthday?: string | null;
  subscribedToNewsletter?: boolean;
  group?: string;
  /** The IRI (or id) of one of the customer's addresses, or null. */
  defaultAddress?: string | null;
  companyName?: string | null;
  siret?: string | null;
  /** Needed to change the e-mail only. */
  currentPassword?: string;
}

export interface Changer {
  customer: CustomerRow;
  /** The session that asks: a new e-mail's link ends every other one. */
  session: string;
}

/** The address to make the default, checked: the customer's own, and not one waiting for review. */
async function defaultAddressOf(context: AppContext, customer: CustomerRow, value: string | null, out: Violation[]) {
  const id = value === null ? null : Number(value.split('/').pop());
  const address = id === null || !Number.isInteger(id) ? null : await findAddress(context.db, customer.id, id);
  if (id !== null && !address) out.push({ propertyPath: 'defaultAddress', message: MESSAGES.unknownAddress });
  // An address put to review by a reset becomes the default only once its owner kept it.
  else if (address?.toReview) out.push({ propertyPath: 'defaultAddress', message: MESSAGES.defaultToReview });
  else return id;
  return customer.defaultAddressId;
}

export async function changeProfile(
  context: AppContext,
  { customer, session }: Changer,
  input: ProfileInput,
  asker: Asker,
): Promise<CustomerRow> {
  const { db, mailer, now, siteUrl } = context;
  await asker.hit('profileUpdatesPerCustomer', String(customer.id));
  const merged = {
    email: input.email ?? customer.email,
    firstName: input.firstName ?? customer.firstName,
    lastName: input.lastName ?? customer.lastName,
    phoneNumber: input.phoneNumber === undefined ? customer.phoneNumber : input.phoneNumber,
    gender: input.gender ?? customer.gender,
    birthday: input.birthday,
    group: input.group ?? customer.groupCode,
  };
  const company = {
    companyName: input.companyName === undefined ? customer.companyName : input.companyName,
    siret: input.siret === undefined ? customer.siret : input.siret,
  };
  const violations = [...customerViolations(merged), ...companyViolations(company)];
  const defaultAddressId =
    input.defaultAddress === undefined
      ? customer.defaultAddressId
      : await defaultAddressOf(context, customer, input.defaultAddress, violations);
  const newEmail = normalizeEmail(merged.email);
  const changesEmail = newEmail !== customer.email;
  if (changesEmail && !input.currentPassword)
    violations.push({ propertyPath: 'currentPassword', message: MESSAGES.passwordForEmail });
  if (violations.length > 0) throw new ViolationError(violations);
  if (changesEmail && !(await currentPasswordMatches(asker, customer, input.currentPassword!)))
    throw new ViolationError([{ propertyPath: 'currentPassword', message: MESSAGES.wrongCurrentPassword }]);
  // No mail can go to the new address now: the customer is told, and nothing changes (a change that
  // waits for a link never sent would look done).
  if (changesEmail && !(await mayMailNewEmail(asker, customer.id, newEmail)))
    throw new ViolationError([{ propertyPath: 'email', message: MESSAGES.mailsUsedUp }]);
  // Another account's address is answered as a free one (Sylius's 422 « déjà utilisé » tells who has an
  // account): it waits for a link that is never sent, and its owner is told instead (decision 0022).
  // An account never confirmed there is nobody's yet: the link goes, and following it takes the address.
  const taken = changesEmail ? await findCustomerByEmail(db, newEmail) : null;
  const owner = taken?.verifiedAt ? taken : null;
  const link = changesEmail ? newToken() : null;
  const updated = await updateCustomer(db, customer.id, {
    ...(link
      ? {
          pendingEmail: newEmail,
          pendingEmailSession: session,
          verificationTokenHash: tokenDigest(link),
          verificationExpiresAt: new Date(now().getTime() + EMAIL_CHANGE_TTL_MS),
        }
      : {}),
    firstName: merged.firstName.trim(),
    lastName: merged.lastName.trim(),
    phoneNumber: merged.phoneNumber?.trim() || null,
    gender: merged.gender,
    groupCode: merged.group,
    birthday: input.birthday === undefined ? customer.birthday : input.birthday ? new Date(input.birthday) : null,
    subscribedToNewsletter: input.subscribedToNewsletter ?? customer.subscribedToNewsletter,
    defaultAddressId,
    companyName: company.companyName?.trim() || null,
    siret: company.siret ? normalizeSiret(company.siret) : null,
  });
  if (!updated || updated === 'email-taken') throw notFound();
  if (link) {
    if (!owner) await mailer.send(emailChangeMail(newEmail, `${siteUrl}/verification/${link}`));
    else await tellOwner(context, owner, 'email-change');
    await mailer.send(
      emailChangeRequestedMail(customer.email, updated.firstName, newEmail, `${siteUrl}/mot-de-passe-oublie`),
    );
  }
  return updated;
}
