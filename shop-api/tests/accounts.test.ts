import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtService } from '../src/auth/jwt.js';
import { createMailer } from '../src/mail/mailer.js';
import { readOutbox } from '../src/mail/outbox.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import type { Json } from './helpers/call.js';
import { MESSAGES } from '../src/domain/customer-rules.js';

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
  const register = (email: string, extra: Json = {}, ip = `198.51.100.${Math.floor(Math.random() * 200)}`) =>
    call('POST', `${API}/customers`, {
      body: {
        firstName: 'Léa',
        lastName: 'Martin',
        email,
        password: 'pieces-auto-2026',
        subscribedToNewsletter: false,
        ...extra,
      },
      ip,
    });
  /** Follows a confirmation link with the password typed on its page. */
  const confirm = (token: string, password = 'pieces-auto-2026') =>
    call('PATCH', `${API}/account-verification-requests/${token}`, { body: { password } });
  const login = (email: string, password = 'pieces-auto-2026', ip?: string) =>
    call('POST', `${API}/authentication-token`, { body: { email, password }, ip });
  async function verifiedCustomer(email: string) {
    expect((await register(email)).status).toBe(204);
    const token = await linkTo(email, '/verification/');
    expect((await confirm(token)).status).toBe(202);
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
    // When and in whose name: the reader confirms only a registration of theirs.
    expect(mail!.text).toContain('le 20 novembre 2026 à 11:00, au nom de L. M. (initiales');
    expect(mail!.text).toContain('saisissez le mot de passe choisi à l’inscription');
    const token = await linkTo('lea.martin@exemple.fr', '/verification/');
    // Opening the link confirms nothing (a mail scanner, a preview): the password chosen at registration is asked.
    const bare = await call('PATCH', `${API}/account-verification-requests/${token}`, { body: {} });
    expect(bare.status).toBe(422);
    expect(bare.body.violations).toEqual([
      {
        propertyPath: 'password',
        message: 'Saisissez le mot de passe choisi à l’inscription.',
        code: 'account.registrationPassword',
      },
    ]);
    // A wrong one is refused, and the link still works.
    const wrong = await confirm(token, 'pas-le-bon-mot-de-passe');
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations[0].message).toBe(MESSAGES.notRegistrationPassword);
    // PATCH bodies arrive as JSON merge patches, as the storefront sends them.
    const verified = await shop.app.inject({
      method: 'PATCH',
      url: `${API}/account-verification-requests/${token}`,
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ password: 'pieces-auto-2026' }),
    });
    expect(verified.statusCode).toBe(202);
    expect(
      (await call('PATCH', `${API}/customers/verify/${token}`, { body: { password: 'pieces-auto-2026' } })).status,
    ).toBe(404); // single use

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
    // Registered again and again from one address, the owner hears of it three times an hour, not more.
    for (let i = 0; i < 4; i++) expect((await register('prise@exemple.fr', {}, '203.0.113.61')).status).toBe(204);
    expect((await mailsTo('prise@exemple.fr')).filter((m) => m.subject === 'Vous avez déjà un compte')).toHaveLength(4);

    const LUCIE_IP = '192.0.2.44'; // her own sign-ins: the other tests' address keeps its allowance
    // Once confirmed, a registration changes nothing of the account: its owner is told instead.
    await register('perdue@exemple.fr');
    expect((await confirm(await linkTo('perdue@exemple.fr', '/verification/'))).status).toBe(202);
    await register('perdue@exemple.fr', { firstName: 'Pirate', password: 'mot-de-passe-du-pirate' });
    expect((await login('perdue@exemple.fr', undefined, LUCIE_IP)).status).toBe(200);
    expect((await login('perdue@exemple.fr', 'mot-de-passe-du-pirate', LUCIE_IP)).status).toBe(401);
    expect((await mailsTo('perdue@exemple.fr'))[0]!.subject).toBe('Vous avez déjà un compte');

    const invalid = await register('pas-un-email', { firstName: '', password: '123' });
    expect(invalid.status).toBe(422);
    expect(invalid.body['@type']).toBe('ConstraintViolationList');
    expect(invalid.body.violations.map((v: Json) => v.propertyPath)).toEqual(['firstName', 'email', 'password']);
  });

  describe('a registration of an address not confirmed yet cannot be taken over (decision 0026)', () => {
    const pirate = { firstName: 'Pirate', lastName: 'Inconnu', password: 'mot-de-passe-du-pirate' };
    const owner = { firstName: 'Lucie', lastName: 'Durand' };
    const OWNER_IP = '192.0.2.45';
    /** The confirmation links mailed to `email`, oldest first. */
    const linksTo = async (email: string) =>
      (await mailsTo(email))
        .reverse()
        .flatMap((mail) => mail.links)
        .filter((link) => link.startsWith(`${SITE}/verification/`))
        .map((link) => link.slice(`${SITE}/verification/`.length));
    /** Who the account is once confirmed, signed in with the owner's password. */
    const signedInAs = async (email: string, password?: string) => {
      const session = await login(email, password, OWNER_IP);
      expect(session.status).toBe(200);
      return (await call('GET', session.body.customer, { token: session.body.token })).body;
    };

    it('the owner registers, a stranger registers the same address: the stranger’s mail confirms the owner’s registration', async () => {
      const email = 'prise-en-second@exemple.fr';
      await register(email, owner);
      await register(email, pirate);
      const [first, second] = await linksTo(email);
      // Both links live: a registration kills nobody's link.
      expect(second).toBeDefined();
      expect(first).not.toBe(second);
      // The second mail says whose registration it is.
      expect((await mailsTo(email))[0]!.text).toContain('au nom de P. I. (initiales');
      // The owner follows the second mail with their own password: their registration becomes the account.
      expect((await confirm(second!)).status).toBe(202);
      expect(await signedInAs(email)).toMatchObject({ firstName: 'Lucie', lastName: 'Durand' });
      expect((await login(email, pirate.password, OWNER_IP)).status).toBe(401);
      // Every other link of the address is spent.
      expect((await confirm(first!)).status).toBe(404);
    });

    it('a stranger registers first, the owner then: whichever link, the owner’s password gives the owner’s account', async () => {
      const email = 'prise-en-premier@exemple.fr';
      await register(email, pirate);
      await register(email, owner);
      const [strangers] = await linksTo(email);
      // The stranger's password is not the owner's: with the owner's link, only the owner's password confirms.
      expect((await confirm(strangers!)).status).toBe(202);
      expect(await signedInAs(email)).toMatchObject({ firstName: 'Lucie', lastName: 'Durand' });
      expect((await login(email, pirate.password, OWNER_IP)).status).toBe(401);
    });

    it('registrations again and again kill none of the owner’s links, past the notices limit and the places kept too', async () => {
      const email = 'assiegee@exemple.fr';
      await register(email, owner, OWNER_IP);
      const [own] = await linksTo(email);
      // A stranger registers the address twelve times from two addresses: three more mails from each at
      // most, and past ten registrations kept, those mailed nothing go first, never the owner's.
      for (let i = 0; i < 12; i++)
        expect((await register(email, pirate, i < 9 ? '203.0.113.66' : '203.0.113.68')).status).toBe(204);
      expect(await linksTo(email)).toHaveLength(7);
      // The owner's first link still works, with the owner's password.
      expect((await confirm(own!)).status).toBe(202);
      expect(await signedInAs(email)).toMatchObject({ firstName: 'Lucie' });
    });

    it('a stranger uses up the notices of their own address, not the owner’s: the owner’s registration is mailed', async () => {
      const email = 'toujours-servie@exemple.fr';
      // The first mail, three notices, then nothing more to this mailbox from the stranger's address.
      for (let i = 0; i < 6; i++) await register(email, pirate, '203.0.113.67');
      expect(await linksTo(email)).toHaveLength(4);
      // The owner, from their own address, still gets the mail of their own registration.
      await register(email, { ...owner, password: 'le-mot-de-passe-de-lucie' }, OWNER_IP);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(5);
      expect(mails[0]!.text).toContain('au nom de L. D. (initiales');
      expect((await confirm((await linksTo(email)).at(-1)!, 'le-mot-de-passe-de-lucie')).status).toBe(202);
      expect(await signedInAs(email, 'le-mot-de-passe-de-lucie')).toMatchObject({ firstName: 'Lucie' });
    });

    it('past six notices an hour from any addresses a registration mails nothing, yet its password confirms with any link of the mailbox', async () => {
      const email = 'sans-mail@exemple.fr';
      // The first mail, then six notices from strangers at many addresses: the mailbox's own ceiling.
      for (let i = 0; i < 9; i++) await register(email, pirate, `203.0.113.${100 + i}`);
      const mailed = (await linksTo(email)).length;
      expect(mailed).toBe(7);
      await register(email, { ...owner, password: 'le-mot-de-passe-de-lucie' }, OWNER_IP);
      expect(await linksTo(email)).toHaveLength(mailed);
      const [any] = await linksTo(email);
      expect((await confirm(any!, 'le-mot-de-passe-de-lucie')).status).toBe(202);
      const session = await login(email, 'le-mot-de-passe-de-lucie', OWNER_IP);
      expect((await call('GET', session.body.customer, { token: session.body.token })).body.firstName).toBe('Lucie');
    });

    it('strangers who flood the address from many places cannot keep its owner out: any link, with names, makes the account', async () => {
      const email = 'inondee@exemple.fr';
      // Ten registrations from ten addresses: seven mails, then the mailbox's ceiling; the owner's own
      // registration is mailed nothing, and three more push it out of the ten kept.
      for (let i = 0; i < 10; i++) await register(email, pirate, `203.0.113.${150 + i}`);
      await register(email, { ...owner, password: 'le-mot-de-passe-de-lucie' }, OWNER_IP);
      for (let i = 0; i < 3; i++) await register(email, pirate, `203.0.113.${170 + i}`);
      const [any] = await linksTo(email);
      const refused = await confirm(any!, 'le-mot-de-passe-de-lucie');
      expect(refused.status).toBe(422);
      expect(refused.body.violations).toEqual([
        {
          propertyPath: 'password',
          message: MESSAGES.notRegistrationPassword,
          code: 'account.notRegistrationPassword',
        },
      ]);
      // The link proves the mailbox: with names, the owner's password makes the account.
      const badNames = await call('PATCH', `${API}/account-verification-requests/${any}`, {
        body: { password: 'le-mot-de-passe-de-lucie', firstName: 'Lucie', lastName: 'evil.com' },
      });
      expect(badNames.body.violations).toEqual([
        { propertyPath: 'lastName', message: MESSAGES.personName, code: 'account.personName' },
      ]);
      const made = await call('PATCH', `${API}/account-verification-requests/${any}`, {
        body: { password: 'le-mot-de-passe-de-lucie', firstName: 'Lucie', lastName: 'Durand' },
      });
      expect(made.status).toBe(202);
      expect(await signedInAs(email, 'le-mot-de-passe-de-lucie')).toMatchObject({
        firstName: 'Lucie',
        lastName: 'Durand',
      });
      expect((await login(email, pirate.password, OWNER_IP)).status).toBe(401);
      // Every link of the address is spent with it.
      expect((await confirm((await linksTo(email)).at(-1)!, pirate.password)).status).toBe(404);
    });

    it('no sentence a stranger typed as a name reaches the address: its mails give the initials only', async () => {
      const email = 'avertie@exemple.fr';
      const words = { firstName: 'Votre compte est suspendu', lastName: 'appelez le zero six douze' };
      await register(email, { ...pirate, ...words }, '203.0.113.69');
      await register(email, owner, OWNER_IP);
      // The mail the owner asks for themselves (a new link, on the newest registration) as well.
      await call('POST', `${API}/account-verification-requests`, { body: { email }, ip: OWNER_IP });
      const mails = await mailsTo(email);
      expect(mails.length).toBeGreaterThanOrEqual(2);
      for (const mail of mails) {
        expect(mail.text).not.toMatch(/suspendu|appelez|Lucie|Durand/);
      }
      expect(mails.at(-1)!.text).toContain('au nom de V. A. (initiales');
    });

    it('a customer moving to an address a stranger registered (never confirmed) gets its link and the address', async () => {
      const email = 'convoitee@exemple.fr';
      await register(email, pirate);
      const mover = await verifiedCustomer('demenage@exemple.fr');
      const asked = await call('PUT', mover.customer, {
        token: mover.token,
        body: { email, currentPassword: 'pieces-auto-2026' },
      });
      expect(asked.status).toBe(200);
      // A link, not « Vous avez déjà un compte »: an unconfirmed registration is nobody's account.
      const [mail] = await mailsTo(email);
      expect(mail!.subject).not.toBe('Vous avez déjà un compte');
      const link = (await linksTo(email)).at(-1)!;
      expect((await confirm(link)).status).toBe(202);
      expect((await call('GET', mover.customer, { token: mover.token })).body.email).toBe(email);
      expect((await login(email, pirate.password, OWNER_IP)).status).toBe(401);
    });

    it('a password reset asked for an unconfirmed address mails a confirmation link, never a reset link', async () => {
      const email = 'pas-encore@exemple.fr';
      await register(email, pirate);
      await register(email, owner);
      const before = (await linksTo(email)).length;
      expect((await call('POST', `${API}/customers/reset-password`, { body: { email } })).status).toBe(202);
      const [newest] = await mailsTo(email);
      expect(newest!.links.some((link) => link.includes('/mot-de-passe-oublie/'))).toBe(false);
      expect(await linksTo(email)).toHaveLength(before + 1);
      expect((await confirm((await linksTo(email)).at(-1)!)).status).toBe(202);
      expect(await signedInAs(email)).toMatchObject({ firstName: 'Lucie' });
    });
  });

  it('after a password reset, the addresses added since the mailbox was last proven wait for the owner’s review', async () => {
    const email = 'revue@exemple.fr';
    const place = {
      firstName: 'Léa',
      lastName: 'Martin',
      street: '12 rue des Forges',
      city: 'Douai',
      postcode: '59500',
      countryCode: 'FR',
    };
    const owner = await verifiedCustomer(email);
    const tick = () => (clock = new Date(clock.getTime() + 60_000));
    tick();
    // The owner's own address, kept at a first reset; then someone who knows the password signs in
    // elsewhere and adds the address the parts should go to.
    const own = (await call('POST', `${API}/addresses`, { token: owner.token, body: place })).body;
    const reset = async (password: string) => {
      tick();
      expect((await call('POST', `${API}/customers/reset-password`, { body: { email } })).status).toBe(202);
      const link = await linkTo(email, '/mot-de-passe-oublie/');
      const body = { newPassword: password, confirmNewPassword: password };
      expect((await call('PATCH', `${API}/customers/reset-password/${link}`, { body })).status).toBe(202);
      tick();
      const session = await login(email, password, '192.0.2.61');
      expect(session.status).toBe(200);
      return session.body as { token: string; customer: string };
    };
    let session = await reset('premier-nouveau-2026');
    const book = async () =>
      (await call('GET', `${API}/addresses`, { token: session.token })).body['hydra:member'] as Json[];
    expect((await book()).map((row) => row.toReview)).toEqual([true]);
    expect((await call('PUT', `${API}/addresses/${own.id}`, { token: session.token, body: place })).status).toBe(200);
    expect((await book()).map((row) => row.toReview)).toEqual([false]);

    tick();
    const thief = (await login(email, 'premier-nouveau-2026', '192.0.2.62')).body as {
      token: string;
      customer: string;
    };
    const theirs = (
      await call('POST', `${API}/addresses`, { token: thief.token, body: { ...place, street: '1 rue du Voleur' } })
    ).body;
    await call('PUT', thief.customer, {
      token: thief.token,
      body: { defaultAddress: `${API}/addresses/${theirs.id}` },
    });
    // …edits the owner's kept address into theirs (an edit, not an addition)…
    const edited = { ...place, street: '99 boulevard du Receleur', postcode: '93200', city: 'Saint-Denis' };
    expect((await call('PUT', `${API}/addresses/${own.id}`, { token: thief.token, body: edited })).status).toBe(200);
    // …and types it into the account's cart, which the owner's checkout would offer again.
    const part = (await call('GET', `${API}/products?itemsPerPage=1`)).body['hydra:member'][0];
    const cart = (await call('POST', `${API}/orders`, { token: thief.token, body: {} })).body.tokenValue as string;
    await call('POST', `${API}/orders/${cart}/items`, { token: thief.token, body: { productVariant: part.code } });
    const typed = { ...place, street: '1 rue du Voleur' };
    const addressed = await call('PUT', `${API}/orders/${cart}`, {
      token: thief.token,
      body: { email, billingAddress: typed, shippingAddress: typed, licencePlates: ['AA-777-ZZ'] },
    });
    expect([addressed.body.checkoutState, addressed.body.licencePlates]).toEqual(['addressed', 'AA-777-ZZ']);

    // The owner resets the password: the thief's session ends, the thief's address is no longer the
    // default and waits for review; the address kept before stays as it was.
    session = await reset('second-nouveau-2026');
    expect((await call('GET', `${API}/addresses`, { token: thief.token })).status).toBe(401);
    expect(Object.fromEntries((await book()).map((row) => [row.street, row.toReview]))).toEqual({
      '99 boulevard du Receleur': true,
      '1 rue du Voleur': true,
    });
    expect((await call('GET', session.customer, { token: session.token })).body.defaultAddress).toBeNull();
    // The cart keeps its part, not the address typed into it: the checkout starts again at the address step.
    const kept = (await call('GET', `${API}/orders/${cart}`, { token: session.token })).body;
    expect(kept.items).toHaveLength(1);
    expect([kept.shippingAddress ?? null, kept.billingAddress ?? null, kept.checkoutState]).toEqual([
      null,
      null,
      'cart',
    ]);
    expect(kept.licencePlates).toBeNull();
    // Deleted by the owner, it is gone.
    expect((await call('DELETE', `${API}/addresses/${theirs.id}`, { token: session.token })).status).toBe(204);
    expect((await book()).map((row) => row.street)).toEqual(['99 boulevard du Receleur']);
    // An address to review cannot be made the default before it is kept.
    const refused = await call('PUT', session.customer, {
      token: session.token,
      body: { defaultAddress: `${API}/addresses/${own.id}` },
    });
    expect(refused.body.violations).toEqual([
      { propertyPath: 'defaultAddress', message: MESSAGES.defaultToReview, code: 'account.defaultToReview' },
    ]);
    // Kept (« C’est bien mon adresse »), it is flagged again at the next reset: whoever kept it knew the
    // password, perhaps not its owner (the account model found a stranger keeping their own address).
    await call('PUT', `${API}/addresses/${own.id}`, { token: session.token, body: edited });
    expect((await book()).map((row) => row.toReview)).toEqual([false]);
    tick();
    session = await reset('troisieme-nouveau-2026');
    expect((await book()).map((row) => row.toReview)).toEqual([true]);
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
          // The customer's own live session: refused for its key alone.
          token: await forged.sign({
            customerId: Number(customer.id),
            email: 'jwt@exemple.fr',
            session: decodeJwt(customer.token).sid as string,
          }),
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
    ).toEqual([
      { propertyPath: 'postcode', message: 'Un code postal français compte 5 chiffres.', code: 'account.postcodeFr' },
    ]);

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
      {
        propertyPath: 'currentPassword',
        message: 'Le mot de passe fourni est différent de celui en cours.',
        code: 'account.wrongCurrentPassword',
      },
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
    // The storefront knows a dead link by its code, never by its sentence.
    expect((await call('GET', `${API}/customers/reset-password/${token}`)).body.code).toBe('account.expiredResetLink');
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
