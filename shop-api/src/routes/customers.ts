/**
 * Customer accounts (contract §1.4, §2.3): registration with a verification mail, verification,
 * password reset by mail (always 202: nobody learns who has an account), the customer resource and
 * the password change. A customer reads and writes only their own record (404 to anyone else).
 */
import type { FastifyPluginAsync } from 'fastify';
import { requireCustomer, requireOwnCustomer } from '../auth/guard.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import {
  createCustomer, findAddress, findByResetToken, findCustomerByEmail, resetPassword, updateCustomer, verifyCustomer,
  type CustomerRow,
} from '../db/customers.js';
import {
  companyViolations, customerViolations, MESSAGES, newPasswordViolations, normalizeEmail, normalizeSiret, registrationViolations,
} from '../domain/customer-rules.js';
import { newToken, RESET_TTL_MS, tokenDigest, VERIFICATION_TTL_MS } from '../domain/secrets.js';
import { HttpError, notFound, ViolationError } from '../http/errors.js';
import { addressKey } from '../http/rate-limits.js';
import { API_PREFIX, iri, item, syliusDate } from '../http/jsonld.js';
import { digitsSchema } from '../http/params.js';
import { resetPasswordMail, verificationMail } from '../mail/templates.js';
import type { AppContext } from '../app.js';

const string = (max: number) => ({ type: 'string', maxLength: max }) as const;
const nullableString = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

export function customerFields(customer: CustomerRow) {
  return {
    id: customer.id,
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    fullName: `${customer.firstName} ${customer.lastName}`,
    phoneNumber: customer.phoneNumber,
    gender: customer.gender,
    birthday: customer.birthday ? syliusDate(customer.birthday) : null,
    subscribedToNewsletter: customer.subscribedToNewsletter,
    // The yard's extension (spec §3 Customer group): prices with or without VAT follow it.
    group: customer.groupCode,
    companyName: customer.companyName,
    siret: customer.siret,
    defaultAddress: customer.defaultAddressId ? iri('addresses', customer.defaultAddressId) : null,
    user: { '@id': iri('shop-users', customer.id), '@type': 'ShopUser', verified: customer.verifiedAt !== null },
  };
}

const customersRoutes: FastifyPluginAsync<AppContext> = async (app, { db, jwt, limits, background, mailer, now, siteUrl }) => {
  async function sendVerification(customer: CustomerRow) {
    const token = newToken();
    await updateCustomer(db, customer.id, {
      verificationTokenHash: tokenDigest(token), verificationExpiresAt: new Date(now().getTime() + VERIFICATION_TTL_MS),
    });
    await mailer.send(verificationMail(customer.email, customer.firstName, `${siteUrl}/verification/${token}`));
  }

  app.post<{ Body: { firstName?: string; lastName?: string; email?: string; password?: string; subscribedToNewsletter?: boolean; companyName?: string; siret?: string } }>(
    `${API_PREFIX}/customers`, {
      schema: {
        body: {
          type: 'object',
          properties: {
            firstName: string(1000), lastName: string(1000), email: string(1000), password: string(4096),
            subscribedToNewsletter: { type: 'boolean' }, localeCode: string(16),
            // The yard's extension: a professional registers with their company (prices excluding VAT).
            companyName: string(1000), siret: string(40),
          },
        },
      },
    }, async (request, reply) => {
      await limits.hit(request, 'registerPerAddress', addressKey(request));
      const body = request.body;
      const violations = registrationViolations(body);
      if (violations.length > 0) throw new ViolationError(violations);
      const email = normalizeEmail(body.email!);
      const professional = Boolean(body.siret?.trim());
      const created = await createCustomer(db, {
        email, firstName: body.firstName!.trim(), lastName: body.lastName!.trim(),
        passwordHash: await hashPassword(body.password!), subscribedToNewsletter: body.subscribedToNewsletter ?? false,
        ...(professional ? { groupCode: 'professional', companyName: body.companyName!.trim(), siret: normalizeSiret(body.siret!) } : {}),
      });
      if (created === 'email-taken') throw new ViolationError([{ propertyPath: 'email', message: MESSAGES.emailTaken }]);
      await sendVerification(created);
      return reply.status(204).send();
    },
  );

  async function verify(token: string, reply: { status(code: number): { send(): unknown } }) {
    const customer = await verifyCustomer(db, tokenDigest(token), now());
    if (!customer) throw notFound('Ce lien de vérification est inconnu ou a expiré.');
    return reply.status(202).send();
  }
  app.patch<{ Params: { token: string } }>(`${API_PREFIX}/account-verification-requests/:token`, async (request, reply) => verify(request.params.token, reply));
  app.patch<{ Params: { token: string } }>(`${API_PREFIX}/customers/verify/:token`, async (request, reply) => verify(request.params.token, reply));

  app.post<{ Body: { email?: string } }>(`${API_PREFIX}/customers/reset-password`, {
    schema: { body: { type: 'object', required: ['email'], properties: { email: string(1000), locale: string(16), localeCode: string(16) } } },
  }, async (request, reply) => {
    const email = normalizeEmail(request.body.email ?? '');
    await limits.hit(request, 'resetPerAddress', addressKey(request));
    await limits.hit(request, 'resetPerEmailAndAddress', `${email} ${addressKey(request)}`);
    // Everything that depends on the address happens after the answer: its time tells nothing.
    background.run('password reset request', async () => {
      if (!email || !(await limits.take(request, 'resetMailsPerEmail', email))) return;
      const customer = await findCustomerByEmail(db, email);
      if (!customer) return;
      const token = newToken();
      await updateCustomer(db, customer.id, { resetTokenHash: tokenDigest(token), resetExpiresAt: new Date(now().getTime() + RESET_TTL_MS) });
      await mailer.send(resetPasswordMail(customer.email, customer.firstName, `${siteUrl}/mot-de-passe-oublie/${token}`));
    });
    return reply.status(202).send();
  });

  app.patch<{ Params: { token: string }; Body: { newPassword?: string; confirmNewPassword?: string } }>(`${API_PREFIX}/customers/reset-password/:token`, {
    schema: { body: { type: 'object', properties: { newPassword: string(4096), confirmNewPassword: string(4096) } } },
  }, async (request, reply) => {
    const customer = await findByResetToken(db, tokenDigest(request.params.token), now());
    if (!customer) throw new HttpError(404, 'Ce lien de réinitialisation est inconnu ou a expiré.');
    const violations = newPasswordViolations(request.body);
    if (violations.length > 0) throw new ViolationError(violations);
    await resetPassword(db, customer.id, await hashPassword(request.body.newPassword!), now());
    // Following the link proves the mailbox: an account not verified yet is now.
    if (!customer.verifiedAt) await updateCustomer(db, customer.id, { verifiedAt: now(), verificationTokenHash: null });
    return reply.status(202).send();
  });

  const ownCustomer = (request: Parameters<typeof requireCustomer>[0], id: string) => requireOwnCustomer(db, jwt, request, id);

  app.get<{ Params: { id: string } }>(`${API_PREFIX}/customers/:id`, { schema: { params: { type: 'object', properties: { id: digitsSchema } } } }, async (request) => {
    const customer = await ownCustomer(request, request.params.id);
    return item('Customer', iri('customers', customer.id), customerFields(customer));
  });

  interface CustomerBody {
    email?: string; firstName?: string; lastName?: string; phoneNumber?: string | null; gender?: string;
    birthday?: string | null; subscribedToNewsletter?: boolean; group?: string; defaultAddress?: string | null;
    companyName?: string | null; siret?: string | null;
  }
  app.put<{ Params: { id: string }; Body: CustomerBody }>(`${API_PREFIX}/customers/:id`, {
    schema: {
      params: { type: 'object', properties: { id: digitsSchema } },
      body: {
        type: 'object',
        properties: {
          email: string(1000), firstName: string(1000), lastName: string(1000), phoneNumber: nullableString(1000),
          gender: string(1), birthday: nullableString(40), subscribedToNewsletter: { type: 'boolean' }, group: string(32),
          defaultAddress: nullableString(200), companyName: nullableString(1000), siret: nullableString(40),
        },
      },
    },
  }, async (request) => {
    const customer = await ownCustomer(request, request.params.id);
    await limits.hit(request, 'profileUpdatesPerCustomer', String(customer.id));
    const body = request.body;
    const merged = {
      email: body.email ?? customer.email, firstName: body.firstName ?? customer.firstName, lastName: body.lastName ?? customer.lastName,
      phoneNumber: body.phoneNumber === undefined ? customer.phoneNumber : body.phoneNumber, gender: body.gender ?? customer.gender,
      birthday: body.birthday, group: body.group ?? customer.groupCode,
    };
    const company = {
      companyName: body.companyName === undefined ? customer.companyName : body.companyName,
      siret: body.siret === undefined ? customer.siret : body.siret,
    };
    const violations = [...customerViolations(merged), ...companyViolations(company)];
    let defaultAddressId = customer.defaultAddressId;
    if (body.defaultAddress !== undefined) {
      const id = body.defaultAddress === null ? null : Number(body.defaultAddress.split('/').pop());
      const owned = id === null || (Number.isInteger(id) && (await findAddress(db, customer.id, id)) !== null);
      if (!owned) violations.push({ propertyPath: 'defaultAddress', message: "Cette adresse n'existe pas." });
      else defaultAddressId = id;
    }
    if (violations.length > 0) throw new ViolationError(violations);
    const updated = await updateCustomer(db, customer.id, {
      email: normalizeEmail(merged.email), firstName: merged.firstName.trim(), lastName: merged.lastName.trim(),
      phoneNumber: merged.phoneNumber?.trim() || null, gender: merged.gender, groupCode: merged.group,
      birthday: body.birthday === undefined ? customer.birthday : body.birthday ? new Date(body.birthday) : null,
      subscribedToNewsletter: body.subscribedToNewsletter ?? customer.subscribedToNewsletter, defaultAddressId,
      companyName: company.companyName?.trim() || null, siret: company.siret ? normalizeSiret(company.siret) : null,
    });
    if (updated === 'email-taken') throw new ViolationError([{ propertyPath: 'email', message: MESSAGES.emailTaken }]);
    if (!updated) throw notFound();
    return item('Customer', iri('customers', updated.id), customerFields(updated));
  });

  app.put<{ Params: { id: string }; Body: { currentPassword?: string; newPassword?: string; confirmNewPassword?: string } }>(`${API_PREFIX}/customers/:id/password`, {
    schema: {
      params: { type: 'object', properties: { id: digitsSchema } },
      body: { type: 'object', properties: { currentPassword: string(4096), newPassword: string(4096), confirmNewPassword: string(4096) } },
    },
  }, async (request, reply) => {
    const customer = await ownCustomer(request, request.params.id);
    const violations = newPasswordViolations(request.body);
    if (!request.body.currentPassword) violations.unshift({ propertyPath: 'currentPassword', message: MESSAGES.blank });
    else if (!(await verifyPassword(customer.passwordHash, request.body.currentPassword))) {
      violations.unshift({ propertyPath: 'currentPassword', message: MESSAGES.wrongCurrentPassword });
    }
    if (violations.length > 0) throw new ViolationError(violations);
    await updateCustomer(db, customer.id, { passwordHash: await hashPassword(request.body.newPassword!) });
    return reply.status(204).send();
  });
};

export default customersRoutes;
