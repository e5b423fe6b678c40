/**
 * Customer accounts: registration with a verification mail (a taken address gets the same answer, and
 * its owner a mail), verification, password reset by mail (always 202: nobody learns who has an
 * account), the customer resource and the password change. A customer reads and writes only their own
 * record (404 to anyone else). A new e-mail takes the current password and counts once the link mailed
 * to it is followed; the old address hears of both steps. A new password or e-mail ends every other
 * session.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requireOwnCustomer } from '../auth/guard.js';
import { currentPasswordMatches } from '../auth/current-password.js';
import { hashPassword } from '../auth/passwords.js';
import { verifyPassword } from '../auth/passwords.js';
import {
  addRegistration,
  changePassword,
  confirmRegistration,
  createRegistration,
  findAddress,
  findByResetToken,
  findCustomerByEmail,
  findEmailChangeByLink,
  findRegistrationByLink,
  findCustomer,
  findRecoveryByLink,
  followVerificationLink,
  liveRecoveryOf,
  liveRegistrations,
  recoverAccount,
  renewRegistrationLink,
  resetPassword,
  updateCustomer,
  type CustomerRow,
  type RegistrationFields,
  type RegistrationRow,
} from '../db/customers.js';
import {
  companyViolations,
  customerViolations,
  MESSAGES,
  namedPasswordViolations,
  newPasswordViolations,
  normalizeEmail,
  normalizeSiret,
  registrationViolations,
  REGISTRATIONS_KEPT,
} from '../domain/customer-rules.js';
import {
  EMAIL_CHANGE_TTL_MS,
  newToken,
  RECOVERY_HELD_MS,
  RECOVERY_TTL_MS,
  RESET_TTL_MS,
  tokenDigest,
  VERIFICATION_TTL_MS,
} from '../domain/secrets.js';
import { HttpError, notFound, ViolationError } from '../http/errors.js';
import { addressKey } from '../http/rate-limits.js';
import { API_PREFIX, iri, item } from '../http/jsonld.js';
import { digitsSchema } from '../http/params.js';
import {
  accountExistsMail,
  accountRecoveredMail,
  emailChangedMail,
  emailChangeMail,
  emailChangeRequestedMail,
  passwordChangedMail,
  recoveryReminderMail,
  resetPasswordMail,
  verificationMail,
} from '../mail/templates.js';
import type { AppContext } from '../context.js';
import { closeCheckouts } from '../payments/confirmed.js';
import { customerFields } from '../serialisers/customers.js';

const string = (max: number) => ({ type: 'string', maxLength: max }) as const;
const nullableString = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

const customersRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, jwt, limits, background, mailer, now, siteUrl } = context;
  /** A new confirmation link: its digest and end to store, its URL to mail. */
  function verificationLink() {
    const token = newToken();
    const expiresAt = new Date(now().getTime() + VERIFICATION_TTL_MS);
    return { tokenHash: tokenDigest(token), expiresAt, url: `${siteUrl}/verification/${token}` };
  }

  /** A registration's link, mailed: when and in whose name it was made, the password asked. */
  const mailRegistration = (email: string, registration: RegistrationRow, url: string) =>
    mailer.send(verificationMail(email, registration, url));

  /** A new link for the newest registration of an unconfirmed account, mailed (the lost-link request). */
  async function sendNewLink(customer: CustomerRow) {
    const link = verificationLink();
    const renewed = await renewRegistrationLink(db, customer.id, link, now());
    if (renewed) await mailRegistration(customer.email, renewed, link.url);
  }

  /**
   * Whether one more mail may go to an address someone else typed (a registration, a new e-mail): a few
   * an hour from one requesting address, so that a stranger cannot use up the owner's, and a few more
   * from anywhere, so that the inbox is not flooded. The first ceiling passed counts nothing further.
   */
  const mayNotify = async (request: FastifyRequest, email: string) =>
    (await limits.take(request, 'registrationNoticesPerEmailAndAddress', `${email} ${addressKey(request)}`)) &&
    (await limits.take(request, 'registrationNoticesPerEmail', email));

  /** « Vous avez déjà un compte » to the owner of an address someone asked to use for another account. */
  const tellOwner = (owner: CustomerRow, asked: 'registration' | 'email-change') =>
    mailer.send(
      accountExistsMail(owner.email, owner.firstName, `${siteUrl}/connexion`, `${siteUrl}/mot-de-passe-oublie`, asked),
    );

  app.post<{
    Body: {
      firstName?: string;
      lastName?: string;
      email?: string;
      password?: string;
      subscribedToNewsletter?: boolean;
      companyName?: string;
      siret?: string;
    };
  }>(
    `${API_PREFIX}/customers`,
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            firstName: string(1000),
            lastName: string(1000),
            email: string(1000),
            password: string(4096),
            subscribedToNewsletter: { type: 'boolean' },
            localeCode: string(16),
            // The yard's extension: a professional registers with their company (prices excluding VAT).
            companyName: string(1000),
            siret: string(40),
          },
        },
      },
    },
    async (request, reply) => {
      await limits.hit(request, 'registerPerAddress', addressKey(request));
      const body = request.body;
      const violations = registrationViolations(body);
      if (violations.length > 0) throw new ViolationError(violations);
      const email = normalizeEmail(body.email!);
      const professional = Boolean(body.siret?.trim());
      const registration: RegistrationFields = {
        firstName: body.firstName!.trim(),
        lastName: body.lastName!.trim(),
        passwordHash: await hashPassword(body.password!),
        subscribedToNewsletter: body.subscribedToNewsletter ?? false,
        groupCode: professional ? 'professional' : 'individual',
        companyName: professional ? body.companyName!.trim() : null,
        siret: professional ? normalizeSiret(body.siret!) : null,
      };
      // A new address gets its account and first registration before the answer, and a taken one the same
      // attempt (refused by the unique e-mail), so both answer alike (Sylius answers 422 to a taken one,
      // which tells anyone who has an account): the mail that follows, after the answer, says which.
      // An address that left an account and may still take it back makes no new account meanwhile: a
      // thief who moved the account would register it in the owner's name, and the owner who confirmed
      // that registration would lose the way back. The owner is reminded of the link instead.
      const waiting = await liveRecoveryOf(db, email, now());
      if (waiting) {
        background.run('registration of an address with a way back', async () => {
          if (await mayNotify(request, email))
            await mailer.send(recoveryReminderMail(email, waiting.expiresAt, siteUrl));
        });
        return reply.status(204).send();
      }
      const link = verificationLink();
      const created = await createRegistration(db, email, {
        ...registration,
        tokenHash: link.tokenHash,
        expiresAt: link.expiresAt,
        createdAt: now(),
      });
      background.run('registration mail', async () => {
        if (created !== 'email-taken') return mailRegistration(email, created, link.url);
        const owner = await findCustomerByEmail(db, email);
        if (!owner) return;
        // At most a few such mails an hour to one address; past them, the same answer and no mail.
        const mayMail = await mayNotify(request, email);
        // Not confirmed yet: the owner lost the first link, or someone else typed the address. This
        // registration joins the others, none replacing another's details or killing its link (decision
        // 0026): the link proves the mailbox, the password typed with it picks the registration.
        if (!owner.verifiedAt) {
          const added = await addRegistration(
            db,
            owner.id,
            {
              ...registration,
              tokenHash: mayMail ? link.tokenHash : null,
              expiresAt: link.expiresAt,
              createdAt: now(),
            },
            now(),
            REGISTRATIONS_KEPT,
          );
          if (added && mayMail) await mailRegistration(email, added, link.url);
          return;
        }
        if (mayMail) await tellOwner(owner, 'registration');
      });
      return reply.status(204).send();
    },
  );

  // The link of a verification mail, with a password (decision 0026): a registration's link confirms the
  // registration whose password is typed (any of the address's, the link proving the mailbox); a new
  // e-mail's link takes the account's password (then the old address is told). Without the password
  // nothing happens, so a mail scanner opening the link, or a stranger's own registration, confirms
  // nothing. The link stays alive after a wrong password; checks are limited per account.
  async function verify(token: string, { password, firstName, lastName }: VerificationBody, request: FastifyRequest) {
    const tokenHash = tokenDigest(token);
    const registration = await findRegistrationByLink(db, tokenHash, now());
    const changing = registration ? null : await findEmailChangeByLink(db, tokenHash, now());
    const customerId = registration?.customerId ?? changing?.id;
    if (customerId === undefined) throw notFound('Ce lien de vérification est inconnu ou a expiré.');
    if (!password)
      throw new ViolationError([
        { propertyPath: 'password', message: registration ? MESSAGES.registrationPassword : MESSAGES.blank },
      ]);
    await limits.hit(request, 'currentPasswordPerCustomer', `verification ${customerId}`);
    if (registration) {
      // A registration made before the address left an account that it may still take back.
      const account = await findCustomer(db, customerId);
      if (account && (await liveRecoveryOf(db, account.email, now())))
        throw new ViolationError([{ propertyPath: 'password', message: MESSAGES.recoveryWaiting }]);
      // The link's own registration first, then the others, newest first.
      const candidates = [registration, ...(await liveRegistrations(db, customerId, now()))];
      let picked: RegistrationRow | undefined;
      for (const candidate of candidates.filter(
        (row, index) => candidates.findIndex((other) => other.id === row.id) === index,
      ))
        if (await verifyPassword(candidate.passwordHash, password)) {
          picked = candidate;
          break;
        }
      if (!picked && firstName === undefined && lastName === undefined)
        throw new ViolationError([{ propertyPath: 'password', message: MESSAGES.notRegistrationPassword }]);
      // No registration has this password, and names come with it: whoever holds the link owns the mailbox
      // (nobody else is mailed one), so the account is made with these names and this password, as a
      // reset link would set one. A stranger who floods the address with registrations cannot keep its
      // owner out, nor can a forgotten password (decision 0028).
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
              passwordHash: await hashPassword(password),
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
      if (!picked || !(await confirmRegistration(db, picked.id, now())))
        throw notFound('Ce lien de vérification est inconnu ou a expiré.');
      return;
    }
    if (!(await verifyPassword(changing!.passwordHash, password)))
      throw new ViolationError([{ propertyPath: 'password', message: MESSAGES.wrongCurrentPassword }]);
    const recovery = newToken();
    const followed = await followVerificationLink(db, tokenHash, now(), {
      tokenHash: tokenDigest(recovery),
      expiresAt: new Date(now().getTime() + RECOVERY_TTL_MS),
      heldSince: new Date(now().getTime() - RECOVERY_HELD_MS),
    });
    if (!followed) throw notFound('Ce lien de vérification est inconnu ou a expiré.');
    if (followed === 'email-taken')
      throw new ViolationError([{ propertyPath: 'email', message: MESSAGES.pendingEmailTaken }]);
    const { customer, previousEmail, recoverable, cancelled } = followed;
    await closeCheckouts(context, cancelled, request.log);
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
  const verificationSchema = {
    body: {
      type: ['object', 'null'],
      properties: { token: string(200), password: string(4096), firstName: string(1000), lastName: string(1000) },
    },
  } as const;
  type VerificationBody = { password?: string; firstName?: string; lastName?: string };
  type VerificationRequest = FastifyRequest<{ Params: { token: string }; Body: VerificationBody | null }>;
  const verifyRoute = async (request: VerificationRequest, reply: FastifyReply) => {
    await verify(request.params.token, request.body ?? {}, request);
    return reply.status(202).send();
  };
  app.patch(`${API_PREFIX}/account-verification-requests/:token`, { schema: verificationSchema }, verifyRoute);
  // Whether a confirmation link still works, so that its page says so before a password is typed (the
  // yard's extension, as for reset links: Sylius has no such call, and the page then shows the form).
  app.get<{ Params: { token: string } }>(
    `${API_PREFIX}/account-verification-requests/:token`,
    async (request, reply) => {
      const tokenHash = tokenDigest(request.params.token);
      const alive =
        (await findRegistrationByLink(db, tokenHash, now())) ?? (await findEmailChangeByLink(db, tokenHash, now()));
      if (!alive) throw notFound('Ce lien de vérification est inconnu ou a expiré.');
      return reply.status(204).send();
    },
  );
  app.patch(`${API_PREFIX}/customers/verify/:token`, { schema: verificationSchema }, verifyRoute);

  // A new confirmation link for an account not confirmed yet. Sylius's resend needs a signed-in user,
  // whom an unconfirmed account cannot be: the yard's extension takes the e-mail instead, and answers
  // alike whether or not such an account exists (the mail leaves after the answer).
  app.post<{ Body: { email?: string } }>(
    `${API_PREFIX}/account-verification-requests`,
    {
      schema: {
        body: {
          type: 'object',
          required: ['email'],
          properties: { email: string(1000), localeCode: string(16) },
        },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email ?? '');
      await limits.hit(request, 'verificationLinkPerAddress', addressKey(request));
      await limits.hit(request, 'verificationLinkPerEmailAndAddress', `${email} ${addressKey(request)}`);
      background.run('verification link request', async () => {
        if (!email || !(await limits.take(request, 'verificationMailsPerEmail', email))) return;
        const customer = await findCustomerByEmail(db, email);
        if (customer && !customer.verifiedAt) await sendNewLink(customer);
      });
      return reply.status(202).send();
    },
  );

  app.post<{ Body: { email?: string } }>(
    `${API_PREFIX}/customers/reset-password`,
    {
      schema: {
        body: {
          type: 'object',
          required: ['email'],
          properties: { email: string(1000), locale: string(16), localeCode: string(16) },
        },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email ?? '');
      await limits.hit(request, 'resetPerAddress', addressKey(request));
      await limits.hit(request, 'resetPerEmailAndAddress', `${email} ${addressKey(request)}`);
      // Everything that depends on the address happens after the answer: its time tells nothing.
      background.run('password reset request', async () => {
        if (!email || !(await limits.take(request, 'resetMailsPerEmail', email))) return;
        const customer = await findCustomerByEmail(db, email);
        if (!customer) return;
        // Not confirmed yet: a reset would confirm it with whichever registration's names; the way in is
        // the registration's password with a new link (or registering again).
        if (!customer.verifiedAt) return sendNewLink(customer);
        const token = newToken();
        await updateCustomer(db, customer.id, {
          resetTokenHash: tokenDigest(token),
          resetExpiresAt: new Date(now().getTime() + RESET_TTL_MS),
        });
        await mailer.send(
          resetPasswordMail(customer.email, customer.firstName, `${siteUrl}/mot-de-passe-oublie/${token}`),
        );
      });
      return reply.status(202).send();
    },
  );

  const expiredResetLink = () => new HttpError(404, 'Ce lien de réinitialisation est inconnu ou a expiré.');

  // Whether a reset link still works, so that its page says so before the shopper types a new password
  // twice (the yard's extension: Sylius has no such call, and the page then shows the form as before).
  app.get<{ Params: { token: string } }>(`${API_PREFIX}/customers/reset-password/:token`, async (request, reply) => {
    if (!(await findByResetToken(db, tokenDigest(request.params.token), now()))) throw expiredResetLink();
    return reply.status(204).send();
  });

  app.patch<{ Params: { token: string }; Body: { newPassword?: string; confirmNewPassword?: string } }>(
    `${API_PREFIX}/customers/reset-password/:token`,
    {
      schema: { body: { type: 'object', properties: { newPassword: string(4096), confirmNewPassword: string(4096) } } },
    },
    async (request, reply) => {
      const expired = expiredResetLink;
      const tokenHash = tokenDigest(request.params.token);
      if (!(await findByResetToken(db, tokenHash, now()))) throw expired();
      const violations = newPasswordViolations(request.body);
      if (violations.length > 0) throw new ViolationError(violations);
      // The link is spent by the update itself: of several uses at once, one sets the password.
      const cancelled = await resetPassword(db, tokenHash, await hashPassword(request.body.newPassword!), now());
      if (!cancelled) throw expired();
      // A payment open on a cart typed into since ended with the reset: its provider's checkout closes too.
      await closeCheckouts(context, cancelled, request.log);
      return reply.status(202).send();
    },
  );

  // The way back for an address an account left (the yard's extension, decision 0028): the link mailed
  // to it when a new e-mail was confirmed gives the account back to it, with a new password.
  const expiredRecoveryLink = () => new HttpError(404, 'Ce lien de récupération est inconnu ou a expiré.');
  app.get<{ Params: { token: string } }>(`${API_PREFIX}/account-recoveries/:token`, async (request, reply) => {
    if (!(await findRecoveryByLink(db, tokenDigest(request.params.token), now()))) throw expiredRecoveryLink();
    return reply.status(204).send();
  });
  app.patch<{ Params: { token: string }; Body: { newPassword?: string; confirmNewPassword?: string } }>(
    `${API_PREFIX}/account-recoveries/:token`,
    {
      schema: { body: { type: 'object', properties: { newPassword: string(4096), confirmNewPassword: string(4096) } } },
    },
    async (request, reply) => {
      const tokenHash = tokenDigest(request.params.token);
      if (!(await findRecoveryByLink(db, tokenHash, now()))) throw expiredRecoveryLink();
      const violations = newPasswordViolations(request.body);
      if (violations.length > 0) throw new ViolationError(violations);
      const recovered = await recoverAccount(db, tokenHash, await hashPassword(request.body.newPassword!), now());
      if (!recovered) throw expiredRecoveryLink();
      if (recovered === 'email-taken')
        throw new ViolationError([{ propertyPath: 'email', message: MESSAGES.recoveryEmailTaken }]);
      await closeCheckouts(context, recovered.cancelled, request.log);
      // The address that lost the account hears of it.
      if (recovered.leftEmail !== recovered.customer.email)
        await mailer.send(
          accountRecoveredMail(recovered.leftEmail, recovered.customer.firstName, recovered.customer.email, siteUrl),
        );
      return reply.status(202).send();
    },
  );

  const ownCustomer = (request: Parameters<typeof requireOwnCustomer>[2], id: string) =>
    requireOwnCustomer(db, jwt, request, id);

  app.get<{ Params: { id: string } }>(
    `${API_PREFIX}/customers/:id`,
    { schema: { params: { type: 'object', properties: { id: digitsSchema } } } },
    async (request) => {
      const { customer } = await ownCustomer(request, request.params.id);
      return item('Customer', iri('customers', customer.id), customerFields(customer));
    },
  );

  interface CustomerBody {
    email?: string;
    firstName?: string;
    lastName?: string;
    phoneNumber?: string | null;
    gender?: string;
    birthday?: string | null;
    subscribedToNewsletter?: boolean;
    group?: string;
    defaultAddress?: string | null;
    companyName?: string | null;
    siret?: string | null;
    currentPassword?: string;
  }
  app.put<{ Params: { id: string }; Body: CustomerBody }>(
    `${API_PREFIX}/customers/:id`,
    {
      schema: {
        params: { type: 'object', properties: { id: digitsSchema } },
        body: {
          type: 'object',
          properties: {
            email: string(1000),
            firstName: string(1000),
            lastName: string(1000),
            phoneNumber: nullableString(1000),
            gender: string(1),
            birthday: nullableString(40),
            subscribedToNewsletter: { type: 'boolean' },
            group: string(32),
            defaultAddress: nullableString(200),
            companyName: nullableString(1000),
            siret: nullableString(40),
            // Needed to change the e-mail only.
            currentPassword: string(4096),
          },
        },
      },
    },
    async (request) => {
      const { customer, claims } = await ownCustomer(request, request.params.id);
      await limits.hit(request, 'profileUpdatesPerCustomer', String(customer.id));
      const body = request.body;
      const merged = {
        email: body.email ?? customer.email,
        firstName: body.firstName ?? customer.firstName,
        lastName: body.lastName ?? customer.lastName,
        phoneNumber: body.phoneNumber === undefined ? customer.phoneNumber : body.phoneNumber,
        gender: body.gender ?? customer.gender,
        birthday: body.birthday,
        group: body.group ?? customer.groupCode,
      };
      const company = {
        companyName: body.companyName === undefined ? customer.companyName : body.companyName,
        siret: body.siret === undefined ? customer.siret : body.siret,
      };
      const violations = [...customerViolations(merged), ...companyViolations(company)];
      let defaultAddressId = customer.defaultAddressId;
      if (body.defaultAddress !== undefined) {
        const id = body.defaultAddress === null ? null : Number(body.defaultAddress.split('/').pop());
        const address = id === null || !Number.isInteger(id) ? null : await findAddress(db, customer.id, id);
        if (id !== null && !address)
          violations.push({ propertyPath: 'defaultAddress', message: "Cette adresse n'existe pas." });
        // An address put to review by a reset becomes the default only once its owner kept it.
        else if (address?.toReview)
          violations.push({ propertyPath: 'defaultAddress', message: MESSAGES.defaultToReview });
        else defaultAddressId = id;
      }
      // A new e-mail takes the password (a stolen token is not enough), then the new mailbox's link.
      const newEmail = normalizeEmail(merged.email);
      const changesEmail = newEmail !== customer.email;
      if (changesEmail && !body.currentPassword)
        violations.push({ propertyPath: 'currentPassword', message: MESSAGES.passwordForEmail });
      if (violations.length > 0) throw new ViolationError(violations);
      if (changesEmail && !(await currentPasswordMatches(limits, request, customer, body.currentPassword!)))
        throw new ViolationError([{ propertyPath: 'currentPassword', message: MESSAGES.wrongCurrentPassword }]);
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
              pendingEmailSession: claims.session,
              verificationTokenHash: tokenDigest(link),
              verificationExpiresAt: new Date(now().getTime() + EMAIL_CHANGE_TTL_MS),
            }
          : {}),
        firstName: merged.firstName.trim(),
        lastName: merged.lastName.trim(),
        phoneNumber: merged.phoneNumber?.trim() || null,
        gender: merged.gender,
        groupCode: merged.group,
        birthday: body.birthday === undefined ? customer.birthday : body.birthday ? new Date(body.birthday) : null,
        subscribedToNewsletter: body.subscribedToNewsletter ?? customer.subscribedToNewsletter,
        defaultAddressId,
        companyName: company.companyName?.trim() || null,
        siret: company.siret ? normalizeSiret(company.siret) : null,
      });
      if (!updated || updated === 'email-taken') throw notFound();
      if (link) {
        if (await mayNotify(request, newEmail)) {
          if (!owner) await mailer.send(emailChangeMail(newEmail, `${siteUrl}/verification/${link}`));
          else await tellOwner(owner, 'email-change');
        }
        await mailer.send(
          emailChangeRequestedMail(customer.email, updated.firstName, newEmail, `${siteUrl}/mot-de-passe-oublie`),
        );
      }
      return item('Customer', iri('customers', updated.id), customerFields(updated));
    },
  );

  app.put<{
    Params: { id: string };
    Body: { currentPassword?: string; newPassword?: string; confirmNewPassword?: string };
  }>(
    `${API_PREFIX}/customers/:id/password`,
    {
      schema: {
        params: { type: 'object', properties: { id: digitsSchema } },
        body: {
          type: 'object',
          properties: { currentPassword: string(4096), newPassword: string(4096), confirmNewPassword: string(4096) },
        },
      },
    },
    async (request, reply) => {
      const { customer, claims } = await ownCustomer(request, request.params.id);
      const violations = newPasswordViolations(request.body);
      if (!request.body.currentPassword)
        violations.unshift({ propertyPath: 'currentPassword', message: MESSAGES.blank });
      else if (!(await currentPasswordMatches(limits, request, customer, request.body.currentPassword))) {
        violations.unshift({ propertyPath: 'currentPassword', message: MESSAGES.wrongCurrentPassword });
      }
      if (violations.length > 0) throw new ViolationError(violations);
      // Whoever else is signed in (a stolen session) is out; this session stays.
      await changePassword(db, customer.id, await hashPassword(request.body.newPassword!), now(), claims.session);
      // The mailbox hears of it: a thief who knew the password is seen, and the owner's reset undoes it.
      await mailer.send(passwordChangedMail(customer.email, customer.firstName, `${siteUrl}/mot-de-passe-oublie`));
      return reply.status(204).send();
    },
  );
};

export default customersRoutes;
