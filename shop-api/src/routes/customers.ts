/**
 * Customer accounts over HTTP: registration, the links mailed (confirmation, new e-mail, reset,
 * recovery), the customer resource and the password change. The rules live in the account use cases
 * (`use-cases/account/`); here, the schemas, who asks and the answers. A customer reads and writes only
 * their own record (404 to anyone else).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requireOwnCustomer } from '../auth/guard.js';
import { askerOf } from '../http/asker.js';
import { API_PREFIX, iri, item } from '../http/jsonld.js';
import { digitsSchema } from '../http/params.js';
import type { AppContext } from '../context.js';
import { customerFields } from '../serialisers/customers.js';
import { askConfirmationLink } from '../use-cases/account/ask-confirmation-link.js';
import { changeOwnPassword } from '../use-cases/account/change-password.js';
import { changeProfile, type ProfileInput } from '../use-cases/account/change-profile.js';
import { followMailLink, mailLinkAlive, type MailLinkInput } from '../use-cases/account/follow-mail-link.js';
import { recoveryLinkAlive, useRecoveryLink, type RecoveryInput } from '../use-cases/account/recover-account.js';
import { register, type RegistrationInput } from '../use-cases/account/register.js';
import {
  askPasswordReset,
  resetLinkAlive,
  useResetLink,
  type NewPasswordInput,
} from '../use-cases/account/reset-password.js';

const string = (max: number) => ({ type: 'string', maxLength: max }) as const;
const nullableString = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const idParams = { type: 'object', properties: { id: digitsSchema } } as const;
const newPasswordBody = {
  type: 'object',
  properties: { newPassword: string(4096), confirmNewPassword: string(4096) },
} as const;
const recoveryBody = {
  type: 'object',
  properties: { ...newPasswordBody.properties, previousPassword: string(4096) },
} as const;
const emailBody = {
  type: 'object',
  required: ['email'],
  properties: { email: string(1000), locale: string(16), localeCode: string(16) },
} as const;

type TokenRequest<Body = unknown> = FastifyRequest<{ Params: { token: string }; Body: Body }>;

const customersRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, jwt, limits } = context;
  const asker = (request: FastifyRequest) => askerOf(limits, request);
  const accepted = (reply: FastifyReply) => reply.status(202).send();
  const noContent = (reply: FastifyReply) => reply.status(204).send();

  app.post<{ Body: RegistrationInput }>(
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
            companyName: string(1000),
            siret: string(40),
          },
        },
      },
    },
    async (request, reply) => {
      await register(context, request.body, asker(request));
      return noContent(reply);
    },
  );

  // A confirmation link (registration or new e-mail), under Sylius's two addresses.
  const verificationSchema = {
    body: {
      type: ['object', 'null'],
      properties: { token: string(200), password: string(4096), firstName: string(1000), lastName: string(1000) },
    },
  } as const;
  const followLink = async (request: TokenRequest<Omit<MailLinkInput, 'token'> | null>, reply: FastifyReply) => {
    await followMailLink(context, { ...request.body, token: request.params.token }, asker(request));
    return accepted(reply);
  };
  app.patch(`${API_PREFIX}/account-verification-requests/:token`, { schema: verificationSchema }, followLink);
  app.patch(`${API_PREFIX}/customers/verify/:token`, { schema: verificationSchema }, followLink);
  // Whether a link still works, so that its page says so before a password is typed (the yard's
  // extensions, here and below: Sylius has no such calls, and the pages then show their forms).
  app.get(`${API_PREFIX}/account-verification-requests/:token`, async (request: TokenRequest, reply) => {
    await mailLinkAlive(context, request.params.token);
    return noContent(reply);
  });

  app.post<{ Body: { email?: string } }>(
    `${API_PREFIX}/account-verification-requests`,
    { schema: { body: emailBody } },
    async (request, reply) => {
      await askConfirmationLink(context, request.body, asker(request));
      return accepted(reply);
    },
  );

  app.post<{ Body: { email?: string } }>(
    `${API_PREFIX}/customers/reset-password`,
    { schema: { body: emailBody } },
    async (request, reply) => {
      await askPasswordReset(context, request.body, asker(request));
      return accepted(reply);
    },
  );
  app.get(`${API_PREFIX}/customers/reset-password/:token`, async (request: TokenRequest, reply) => {
    await resetLinkAlive(context, request.params.token);
    return noContent(reply);
  });
  app.patch(
    `${API_PREFIX}/customers/reset-password/:token`,
    { schema: { body: newPasswordBody } },
    async (request: TokenRequest<NewPasswordInput>, reply) => {
      await useResetLink(context, request.params.token, request.body, asker(request));
      return accepted(reply);
    },
  );

  app.get(`${API_PREFIX}/account-recoveries/:token`, async (request: TokenRequest, reply) => {
    await recoveryLinkAlive(context, request.params.token);
    return noContent(reply);
  });
  app.patch(
    `${API_PREFIX}/account-recoveries/:token`,
    { schema: { body: recoveryBody } },
    async (request: TokenRequest<RecoveryInput>, reply) => {
      await useRecoveryLink(context, request.params.token, request.body, asker(request));
      return accepted(reply);
    },
  );

  const signedIn = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const { customer, claims } = await requireOwnCustomer(db, jwt, request, request.params.id);
    return { customer, session: claims.session };
  };

  app.get<{ Params: { id: string } }>(
    `${API_PREFIX}/customers/:id`,
    { schema: { params: idParams } },
    async (request) => {
      const { customer } = await signedIn(request);
      return item('Customer', iri('customers', customer.id), customerFields(customer));
    },
  );

  app.put<{ Params: { id: string }; Body: ProfileInput }>(
    `${API_PREFIX}/customers/:id`,
    {
      schema: {
        params: idParams,
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
            currentPassword: string(4096),
          },
        },
      },
    },
    async (request) => {
      const updated = await changeProfile(context, await signedIn(request), request.body, asker(request));
      return item('Customer', iri('customers', updated.id), customerFields(updated));
    },
  );

  app.put<{ Params: { id: string }; Body: NewPasswordInput & { currentPassword?: string } }>(
    `${API_PREFIX}/customers/:id/password`,
    {
      schema: {
        params: idParams,
        body: { ...newPasswordBody, properties: { ...newPasswordBody.properties, currentPassword: string(4096) } },
      },
    },
    async (request, reply) => {
      await changeOwnPassword(context, await signedIn(request), request.body, asker(request));
      return noContent(reply);
    },
  );
};

export default customersRoutes;
