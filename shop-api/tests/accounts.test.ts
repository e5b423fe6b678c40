import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtService } from '../src/auth/jwt.js';
import { createMailer } from '../src/mail/mailer.js';
import { readOutbox } from '../src/mail/outbox.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import type { Json } from './helpers/call.js';

const API = '/api/v2/shop';
const SITE = 'https://boutique.test';

describe.each(BACKENDS)('customer accounts on %s', (backend) => {
  let shop: TestShop;
  let clock = new Date('2026-11-20T10:00:00Z');
  const outbox = mkdtempSync(join(tmpdir(), 'shop-outbox-'));
  const key = new TextEncoder().encode('a-test-signing-key-of-forty-eight-characters-00');

  const call = async (method: string, url: string, options: { body?: unknown; token?: string; ip?: string } = {}) => {
    const response = await shop.app.inject({
      method: method as 'GET',
      url,
      headers: {
        accept: 'application/ld+json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: options.body === undefined ? undefined : JSON.stringify(options.body),
      remoteAddress: options.ip ?? '203.0.113.1',
    });
    // Some mails go after the answer (password reset): these tests read the outbox as if they went with it.
    await shop.app.backgroundTasks.idle();
    return {
      status: response.statusCode,
      body: (response.body ? response.json() : null) as Json,
      headers: response.headers,
    };
  };
  const mailsTo = async (email: string) => (await readOutbox(outbox, 500)).filter((mail) => mail.to === email);
  const linkTo = async (email: string, path: string) => {
    const mail = (await readOutbox(outbox, 50)).find(
      (m) => m.to === email && m.links.some((l) => l.startsWith(`${SITE}${path}`)),
    );
    expect(mail, `mail to ${email} with ${path}`).toBeTruthy();
    return mail!.links.find((l) => l.startsWith(`${SITE}${path}`))!.slice(`${SITE}${path}`.length);
  };
  const register = (email: string, extra: Json = {}) =>
    call('POST', `${API}/customers`, {
      body: {
        firstName: 'Léa',
        lastName: 'Martin',
        email,
        password: 'pieces-auto-2026',
        subscribedToNewsletter: false,
        ...extra,
      },
      ip: `198.51.100.${Math.floor(Math.random() * 200)}`,
    });
  const login = (email: string, password = 'pieces-auto-2026', ip?: string) =>
    call('POST', `${API}/authentication-token`, { body: { email, password }, ip });
  async function verifiedCustomer(email: string) {
    expect((await register(email)).status).toBe(204);
    const token = await linkTo(email, '/verification/');
    expect((await call('PATCH', `${API}/account-verification-requests/${token}`, { body: {} })).status).toBe(202);
    const session = (await login(email)).body as { token: string; refresh_token: string; customer: string };
    return { ...session, id: session.customer.split('/').pop() as string };
  }

  beforeAll(async () => {
    shop = await startTestShop(backend, 5, {
      now: () => clock,
      jwt: createJwtService(key, 3600, () => clock),
      mailer: createMailer({ outboxDir: outbox, from: 'boutique@test' }),
      siteUrl: SITE,
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('registers, mails a verification link, refuses sign-in until verified, then signs in', async () => {
    expect((await register('  Lea.Martin@Exemple.fr ')).status).toBe(204);
    const early = await login('lea.martin@exemple.fr');
    expect(early.status).toBe(401);
    // The same answer as a wrong password: an account's state is nobody's business before sign-in.
    expect(early.body).toEqual({ code: 401, message: 'Invalid credentials.' });
    const [mail] = await readOutbox(outbox, 1);
    expect(mail!.subject).toBe('Confirmez votre adresse e-mail');
    expect(mail!.text).toContain('Bonjour Léa');
    const token = await linkTo('lea.martin@exemple.fr', '/verification/');
    // PATCH bodies arrive as JSON merge patches, as the storefront sends them.
    const verified = await shop.app.inject({
      method: 'PATCH',
      url: `${API}/account-verification-requests/${token}`,
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: '{}',
    });
    expect(verified.statusCode).toBe(202);
    expect((await call('PATCH', `${API}/customers/verify/${token}`, { body: {} })).status).toBe(404); // single use

    const session = await login('LEA.martin@exemple.fr');
    expect(session.status).toBe(200);
    expect(Object.keys(session.body).sort()).toEqual(['customer', 'refresh_token', 'token']);
    expect(session.body.customer).toMatch(/^\/api\/v2\/shop\/customers\/\d+$/);
    const payload = JSON.parse(Buffer.from(session.body.token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(3600);
    expect(payload.username).toBe('lea.martin@exemple.fr');

    const me = await call('GET', session.body.customer, { token: session.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      '@type': 'Customer',
      email: 'lea.martin@exemple.fr',
      firstName: 'Léa',
      group: 'individual',
      user: { verified: true },
      defaultAddress: null,
    });
  });

  it('answers a taken e-mail as a new one and mails its owner instead; refuses invalid fields with 422', async () => {
    const owner = await verifiedCustomer('prise@exemple.fr');
    const fresh = await register('libre@exemple.fr');
    const taken = await register('PRISE@exemple.fr', { firstName: 'Intrus', password: 'un-autre-mot-de-passe' });
    // The same answer: nobody learns from it that the address has an account.
    expect([taken.status, taken.body]).toEqual([fresh.status, fresh.body]);
    expect(taken.status).toBe(204);
    const notice = (await mailsTo('prise@exemple.fr'))[0]!;
    expect(notice.subject).toBe('Vous avez déjà un compte');
    expect(notice.text).toContain('Bonjour Léa,'); // the owner's name, not what the stranger typed
    expect(notice.links).toEqual([`${SITE}/mot-de-passe-oublie`, `${SITE}/connexion`]);
    // The account is untouched: the owner's password still signs in, the stranger's does not.
    expect((await login('prise@exemple.fr')).status).toBe(200);
    expect((await login('prise@exemple.fr', 'un-autre-mot-de-passe')).status).toBe(401);
    // Signing in with the password just registered tells nothing either: the new account, not confirmed
    // yet, answers as the taken address does (before: « Account is disabled. » against « Invalid credentials. »).
    const asNew = await login('libre@exemple.fr', undefined, '192.0.2.46');
    const asTaken = await login('prise@exemple.fr', 'un-autre-mot-de-passe', '192.0.2.46');
    expect([asNew.status, asNew.body]).toEqual([asTaken.status, asTaken.body]);
    expect((await call('GET', owner.customer, { token: owner.token })).body.firstName).toBe('Léa');
    // Registered again and again, the owner hears of it three times an hour, not more.
    for (let i = 0; i < 4; i++) expect((await register('prise@exemple.fr')).status).toBe(204);
    expect((await mailsTo('prise@exemple.fr')).filter((m) => m.subject === 'Vous avez déjà un compte')).toHaveLength(3);

    const LUCIE_IP = '192.0.2.44'; // her own sign-ins: the other tests' address keeps its allowance
    // Not confirmed yet: registering again mails a new link, the old one dies, and the account is the new
    // registration's. A stranger who typed the address first, with a password of theirs, does not get an
    // account its owner confirms (before: the owner's link confirmed the stranger's password).
    await register('perdue@exemple.fr', { firstName: 'Pirate', password: 'mot-de-passe-du-pirate' });
    const first = await linkTo('perdue@exemple.fr', '/verification/');
    expect((await register('perdue@exemple.fr', { firstName: 'Lucie' })).status).toBe(204);
    const [renewed] = await mailsTo('perdue@exemple.fr');
    expect(renewed!.text).toContain('Bonjour Lucie');
    const second = await linkTo('perdue@exemple.fr', '/verification/');
    expect(second).not.toBe(first);
    expect((await call('PATCH', `${API}/account-verification-requests/${first}`, { body: {} })).status).toBe(404);
    expect((await call('PATCH', `${API}/account-verification-requests/${second}`, { body: {} })).status).toBe(202);
    expect((await login('perdue@exemple.fr', 'mot-de-passe-du-pirate', LUCIE_IP)).status).toBe(401);
    const lucie = await login('perdue@exemple.fr', undefined, LUCIE_IP);
    expect(lucie.status).toBe(200);
    expect((await call('GET', lucie.body.customer, { token: lucie.body.token })).body.firstName).toBe('Lucie');
    // Once confirmed, a registration changes nothing of the account: its owner is told instead.
    await register('perdue@exemple.fr', { firstName: 'Pirate', password: 'mot-de-passe-du-pirate' });
    expect((await login('perdue@exemple.fr', undefined, LUCIE_IP)).status).toBe(200);
    expect((await mailsTo('perdue@exemple.fr'))[0]!.subject).toBe('Vous avez déjà un compte');

    const invalid = await register('pas-un-email', { firstName: '', password: '123' });
    expect(invalid.status).toBe(422);
    expect(invalid.body['@type']).toBe('ConstraintViolationList');
    expect(invalid.body.violations.map((v: Json) => v.propertyPath)).toEqual(['firstName', 'email', 'password']);
  });

  it('gives an unconfirmed account to its latest registration even past the notices limit: no stranger’s link still works', async () => {
    const IP = '192.0.2.45';
    const pirate = { firstName: 'Pirate', password: 'mot-de-passe-du-pirate' };
    // A stranger registers the address four times: the mailbox gets a link each time, three an hour at most.
    for (let i = 0; i < 4; i++) expect((await register('assiegee@exemple.fr', pirate)).status).toBe(204);
    const pirates = await linkTo('assiegee@exemple.fr', '/verification/');
    const mailed = (await mailsTo('assiegee@exemple.fr')).length;
    expect(mailed).toBe(4);
    // The owner registers in turn: past the limit no mail leaves, but the stranger's links are dead.
    expect((await register('assiegee@exemple.fr', { firstName: 'Lucie' })).status).toBe(204);
    expect((await mailsTo('assiegee@exemple.fr')).length).toBe(mailed);
    expect((await call('PATCH', `${API}/account-verification-requests/${pirates}`, { body: {} })).status).toBe(404);
    // A new link on request (its own allowance) confirms the owner's registration.
    const asked = await call('POST', `${API}/account-verification-requests`, {
      body: { email: 'assiegee@exemple.fr' },
    });
    expect(asked.status).toBe(202);
    const own = await linkTo('assiegee@exemple.fr', '/verification/');
    expect((await call('PATCH', `${API}/account-verification-requests/${own}`, { body: {} })).status).toBe(202);
    expect((await login('assiegee@exemple.fr', pirate.password, IP)).status).toBe(401);
    expect((await login('assiegee@exemple.fr', undefined, IP)).status).toBe(200);
  });

  it('answers lexik 401s: bad credentials, missing, garbage and expired tokens', async () => {
    const customer = await verifiedCustomer('jwt@exemple.fr');
    const bad = await login('jwt@exemple.fr', 'mauvais-mot-de-passe');
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ code: 401, message: 'Invalid credentials.' });
    expect(bad.headers['www-authenticate']).toBe('Bearer');
    expect((await login('inconnu@exemple.fr')).body.message).toBe('Invalid credentials.');
    expect((await call('GET', `${API}/customers/${customer.id}`)).body).toEqual({
      code: 401,
      message: 'JWT Token not found',
    });
    expect((await call('GET', `${API}/customers/${customer.id}`, { token: 'abc.def.ghi' })).body.message).toBe(
      'Invalid JWT Token',
    );
    const forged = createJwtService(new TextEncoder().encode('another-key-another-key-another-key-00'));
    expect(
      (
        await call('GET', `${API}/customers/${customer.id}`, {
          token: await forged.sign({ customerId: Number(customer.id), email: 'jwt@exemple.fr' }),
        })
      ).body.message,
    ).toBe('Invalid JWT Token');
    clock = new Date(clock.getTime() + 3601_000);
    expect((await call('GET', `${API}/customers/${customer.id}`, { token: customer.token })).body).toEqual({
      code: 401,
      message: 'Expired JWT Token',
    });
  });

  it('rotates refresh tokens, revokes the family when an old one comes back, and invalidates on logout', async () => {
    const customer = await verifiedCustomer('refresh@exemple.fr');
    const first = await call('POST', `${API}/refresh-token`, { body: { refresh_token: customer.refresh_token } });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(customer.refresh_token);
    expect(first.body.customer).toBe(customer.customer);
    // Parallel page loads refresh with the same cookie: tolerated for a few seconds.
    const parallel = await call('POST', `${API}/refresh-token`, { body: { refresh_token: customer.refresh_token } });
    expect(parallel.status).toBe(200);
    expect(parallel.body.refresh_token).toBe(first.body.refresh_token);
    clock = new Date(clock.getTime() + 31_000);
    const replay = await call('POST', `${API}/refresh-token`, { body: { refresh_token: customer.refresh_token } });
    expect(replay.status).toBe(401);
    // The thief's replay killed the legitimate descendant too.
    expect(
      (await call('POST', `${API}/refresh-token`, { body: { refresh_token: first.body.refresh_token } })).status,
    ).toBe(401);
    expect((await call('POST', `${API}/refresh-token`, { body: { refresh_token: 'inconnu' } })).body).toEqual({
      code: 401,
      message: 'JWT Refresh Token Not Found',
    });
    expect((await call('POST', `${API}/refresh-token`, { body: {} })).body).toEqual({
      code: 401,
      message: 'Missing JWT Refresh Token',
    });

    const session = (await login('refresh@exemple.fr')).body;
    expect(
      (await call('POST', `${API}/invalidate-token`, { body: { refresh_token: session.refresh_token } })).body,
    ).toEqual({ code: 200, message: 'The supplied refresh_token has been invalidated.' });
    expect(
      (await call('POST', `${API}/invalidate-token`, { body: { refresh_token: session.refresh_token } })).body,
    ).toEqual({ code: 200, message: 'The supplied refresh_token is already invalid.' });
    expect((await call('POST', `${API}/invalidate-token`, { body: {} })).status).toBe(400);
    expect(
      (await call('POST', `${API}/refresh-token`, { body: { refresh_token: session.refresh_token } })).status,
    ).toBe(401);
  });

  it('never forks a session: a token replayed within the grace gets the same successor, and a later replay ends the whole session', async () => {
    const customer = await verifiedCustomer('fourche@exemple.fr');
    const spend = async (refreshToken: string) =>
      call('POST', `${API}/refresh-token`, { body: { refresh_token: refreshToken } });
    const owner = await spend(customer.refresh_token);
    // A copy of the cookie replayed within the grace: the same successor, not a second live branch.
    const copy = await spend(customer.refresh_token);
    expect(copy.status).toBe(200);
    expect(copy.body.refresh_token).toBe(owner.body.refresh_token);
    // The owner goes on; the copy, replayed after the grace, ends the session for both.
    const next = await spend(owner.body.refresh_token);
    expect(next.status).toBe(200);
    clock = new Date(clock.getTime() + 31_000);
    expect((await spend(copy.body.refresh_token)).status).toBe(401);
    expect((await spend(next.body.refresh_token)).status).toBe(401);
  });

  it('keeps each customer to their own record and addresses (404 for anyone else)', async () => {
    const alice = await verifiedCustomer('alice@exemple.fr');
    const bob = await verifiedCustomer('bob@exemple.fr');
    expect((await call('GET', `${API}/customers/${bob.id}`, { token: alice.token })).status).toBe(404);
    expect(
      (await call('PUT', `${API}/customers/${bob.id}`, { token: alice.token, body: { firstName: 'Pirate' } })).status,
    ).toBe(404);
    expect((await call('PUT', `${API}/customers/${bob.id}/password`, { token: alice.token, body: {} })).status).toBe(
      404,
    );

    const address = {
      firstName: 'Bob',
      lastName: 'Durand',
      street: '3 rue de la Casse',
      city: 'Douai',
      postcode: '59500',
      countryCode: 'FR',
      phoneNumber: '0612345678',
    };
    const created = await call('POST', `${API}/addresses`, { token: bob.token, body: address });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ '@type': 'Address', ...address, company: null });
    const second = await call('POST', `${API}/addresses`, {
      token: bob.token,
      body: { ...address, street: '8 avenue des Pièces' },
    });
    expect((await call('GET', `${API}/customers/${bob.id}`, { token: bob.token })).body.defaultAddress).toBe(
      created.body['@id'],
    );
    expect((await call('GET', `${API}/addresses`, { token: bob.token })).body['hydra:totalItems']).toBe(2);
    expect((await call('GET', `${API}/addresses`, { token: alice.token })).body['hydra:totalItems']).toBe(0);

    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await call(method, created.body['@id'], {
        token: alice.token,
        body: method === 'PUT' ? address : undefined,
      });
      expect(response.status, `${method} of another customer's address`).toBe(404);
    }
    expect((await call('GET', created.body['@id'])).status).toBe(401);

    const updated = await call('PUT', second.body['@id'], {
      token: bob.token,
      body: { ...address, city: 'Lens', postcode: '62300' },
    });
    expect(updated.body).toMatchObject({ city: 'Lens', postcode: '62300' });
    const invalid = await call('PUT', second.body['@id'], {
      token: bob.token,
      body: { ...address, postcode: '123', countryCode: 'ZZ' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.violations.map((v: Json) => v.propertyPath)).toEqual(['countryCode']);
    expect(
      (await call('POST', `${API}/addresses`, { token: bob.token, body: { ...address, postcode: '123' } })).body
        .violations,
    ).toEqual([{ propertyPath: 'postcode', message: 'Un code postal français compte 5 chiffres.' }]);

    expect((await call('DELETE', created.body['@id'], { token: bob.token })).status).toBe(204);
    expect((await call('GET', created.body['@id'], { token: bob.token })).status).toBe(404);
    expect((await call('GET', `${API}/customers/${bob.id}`, { token: bob.token })).body.defaultAddress).toBeNull();
  });

  it('updates the profile and the password with violations as 422', async () => {
    const customer = await verifiedCustomer('profil@exemple.fr');
    await verifiedCustomer('autre@exemple.fr');
    const updated = await call('PUT', `${API}/customers/${customer.id}`, {
      token: customer.token,
      body: {
        firstName: 'Lucie',
        lastName: 'Bernard',
        email: 'profil@exemple.fr',
        phoneNumber: '0611223344',
        gender: 'f',
        group: 'professional',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      firstName: 'Lucie',
      fullName: 'Lucie Bernard',
      gender: 'f',
      group: 'professional',
      phoneNumber: '0611223344',
    });
    // Another account's address: the same answer as a free one (account-security.test.ts follows it).
    const taken = await call('PUT', `${API}/customers/${customer.id}`, {
      token: customer.token,
      body: { email: 'autre@exemple.fr', currentPassword: 'pieces-auto-2026' },
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ email: 'profil@exemple.fr', pendingEmail: 'autre@exemple.fr' });

    const wrong = await call('PUT', `${API}/customers/${customer.id}/password`, {
      token: customer.token,
      body: { currentPassword: 'pas-le-bon', newPassword: 'nouveau-mot-2026', confirmNewPassword: 'nouveau-mot-2026' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations).toEqual([
      { propertyPath: 'currentPassword', message: 'Le mot de passe fourni est différent de celui en cours.' },
    ]);
    const changed = await call('PUT', `${API}/customers/${customer.id}/password`, {
      token: customer.token,
      body: {
        currentPassword: 'pieces-auto-2026',
        newPassword: 'nouveau-mot-2026',
        confirmNewPassword: 'nouveau-mot-2026',
      },
    });
    expect(changed.status).toBe(204);
    expect((await login('profil@exemple.fr')).status).toBe(401);
    expect((await login('profil@exemple.fr', 'nouveau-mot-2026')).status).toBe(200);
  });

  it('resets a forgotten password by mail, never telling who has an account', async () => {
    await verifiedCustomer('oubli@exemple.fr');
    const before = (await readOutbox(outbox, 500)).length;
    expect(
      (await call('POST', `${API}/customers/reset-password`, { body: { email: 'personne@exemple.fr' } })).status,
    ).toBe(202);
    expect((await readOutbox(outbox, 500)).length).toBe(before);
    expect(
      (await call('POST', `${API}/customers/reset-password`, { body: { email: 'Oubli@exemple.fr' } })).status,
    ).toBe(202);
    const token = await linkTo('oubli@exemple.fr', '/mot-de-passe-oublie/');
    const session = (await login('oubli@exemple.fr')).body;
    // Its page can ask whether the link works before anything is typed; asking does not spend it.
    const works = async (link: string) => (await call('GET', `${API}/customers/reset-password/${link}`)).status;
    expect([await works(token), await works(token), await works('inconnu')]).toEqual([204, 204, 404]);

    const mismatch = await call('PATCH', `${API}/customers/reset-password/${token}`, {
      body: { newPassword: 'nouveau-2026-x', confirmNewPassword: 'autre' },
    });
    expect(mismatch.status).toBe(422);
    expect(
      (
        await call('PATCH', `${API}/customers/reset-password/${token}`, {
          body: { newPassword: 'nouveau-2026-x', confirmNewPassword: 'nouveau-2026-x' },
        })
      ).status,
    ).toBe(202);
    expect(
      (
        await call('PATCH', `${API}/customers/reset-password/${token}`, {
          body: { newPassword: 'encore-2026-x', confirmNewPassword: 'encore-2026-x' },
        })
      ).status,
    ).toBe(404);
    expect(await works(token)).toBe(404); // spent
    expect((await login('oubli@exemple.fr', 'nouveau-2026-x')).status).toBe(200);
    // Sessions opened before the reset end with it.
    expect(
      (await call('POST', `${API}/refresh-token`, { body: { refresh_token: session.refresh_token } })).status,
    ).toBe(401);

    await call('POST', `${API}/customers/reset-password`, { body: { email: 'oubli@exemple.fr' }, ip: '192.0.2.77' });
    const late = await linkTo('oubli@exemple.fr', '/mot-de-passe-oublie/');
    expect(await works(late)).toBe(204);
    clock = new Date(clock.getTime() + 3 * 3600_000);
    expect(await works(late)).toBe(404); // expired
    expect(
      (
        await call('PATCH', `${API}/customers/reset-password/${late}`, {
          body: { newPassword: 'tardif-2026-x', confirmNewPassword: 'tardif-2026-x' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('mail through a real SMTP server', () => {
  it('delivers the verification mail over SMTP on loopback', async () => {
    const received: { to: string; subject: string; text: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        simpleParser(stream).then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    const shop = await startTestShop('pglite', 1, {
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent', from: 'boutique@test' }),
      siteUrl: SITE,
    });
    const response = await shop.app.inject({
      method: 'POST',
      url: `${API}/customers`,
      headers: { 'content-type': 'application/json' },
      payload: { firstName: 'Paul', lastName: 'Leroy', email: 'paul@exemple.fr', password: 'pieces-auto-2026' },
    });
    expect(response.statusCode).toBe(204);
    await shop.app.backgroundTasks.idle(); // the mail goes after the answer
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ to: 'paul@exemple.fr', subject: 'Confirmez votre adresse e-mail' });
    expect(received[0]!.text).toMatch(new RegExp(`${SITE}/verification/[A-Za-z0-9_-]{43}`));
    await shop.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
