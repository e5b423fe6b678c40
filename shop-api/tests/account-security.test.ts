/**
 * What a stolen or left-over token cannot do: change the account's e-mail without the password and
 * the new mailbox, outlive the account, read an erased account's orders; and mail links that stay
 * single-use when used several times at once.
 */
import { eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtService } from '../src/auth/jwt.js';
import { createMailer } from '../src/mail/mailer.js';
import { readOutbox } from '../src/mail/outbox.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import type { Json } from './helpers/call.js';
import { LEA_ADDRESS } from './helpers/address.js';
import { MESSAGES } from '../src/domain/customer-rules.js';
import { tokenDigest } from '../src/domain/secrets.js';
import { sessionToken } from './helpers/sessions.js';

const API = '/api/v2/shop';
const SITE = 'https://boutique.test';
const STAFF = 'staff-token-for-account-security-0123456';
const PASSWORD = 'pieces-auto-2026';
const KEY = new TextEncoder().encode('account-security-test-key-of-enough-length');
const address = { ...LEA_ADDRESS, phoneNumber: '0612345678' };
interface Session {
  token: string;
  refresh_token: string;
  customer: string;
  id: string;
}

describe.each(BACKENDS)('account security on %s', (backend) => {
  let shop: TestShop;
  const clock = new Date('2026-11-20T10:00:00Z');
  const outbox = mkdtempSync(join(tmpdir(), 'shop-outbox-security-'));
  const jwt = createJwtService(KEY, 3600, () => clock);
  let ip = 0;

  const call = async (method: string, url: string, options: { body?: unknown; token?: string } = {}) => {
    const response = await shop.app.inject({
      method: method as 'GET',
      url,
      headers: {
        accept: 'application/ld+json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: options.body === undefined ? undefined : JSON.stringify(options.body),
      // Each call from its own address: the per-address limits are not what these tests are about.
      remoteAddress: `198.51.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`,
    });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as Json };
  };
  const mailsTo = async (email: string) => (await readOutbox(outbox, 500)).filter((mail) => mail.to === email);
  const linkTo = async (email: string, path: string) => {
    const mails = (await mailsTo(email)).filter((m) => m.links.some((l) => l.startsWith(`${SITE}${path}`)));
    expect(mails.length, `mail to ${email} with ${path}`).toBeGreaterThan(0);
    return mails
      .at(-1)!
      .links.find((l) => l.startsWith(`${SITE}${path}`))!
      .slice(`${SITE}${path}`.length);
  };
  const login = async (email: string, password = PASSWORD) =>
    call('POST', `${API}/authentication-token`, { body: { email, password } });
  /** Registers Léa Martin at `email`; the confirmation mail leaves after the answer. */
  async function register(email: string) {
    expect(
      (
        await call('POST', `${API}/customers`, {
          body: { firstName: 'Léa', lastName: 'Martin', email, password: PASSWORD },
        })
      ).status,
    ).toBe(204);
    await shop.app.backgroundTasks.idle();
  }
  async function verifiedCustomer(email: string): Promise<Session> {
    await register(email);
    expect(
      (
        await call('PATCH', `${API}/account-verification-requests/${await linkTo(email, '/verification/')}`, {
          body: { password: PASSWORD },
        })
      ).status,
    ).toBe(202);
    const session = (await login(email)).body as Session;
    return { ...session, id: session.customer.split('/').pop()! };
  }
  /** Asks for a reset link; the mail leaves after the answer. */
  const requestReset = async (email: string) => {
    expect((await call('POST', `${API}/customers/reset-password`, { body: { email } })).status).toBe(202);
    await shop.app.backgroundTasks.idle();
  };
  const refresh = (session: Session) =>
    call('POST', `${API}/refresh-token`, { body: { refresh_token: session.refresh_token } });
  const statuses = async (requests: Promise<{ status: number }>[]) =>
    (await Promise.all(requests)).map((answer) => answer.status).sort();

  /** `session` buys one part with the sandbox; returns the order's token and number. */
  async function buy(session: Session, code: string) {
    const cart = (await call('POST', `${API}/orders`, { body: {}, token: session.token })).body.tokenValue as string;
    expect(
      (await call('POST', `${API}/orders/${cart}/items`, { body: { productVariant: code }, token: session.token }))
        .status,
    ).toBe(201);
    const addressed = (
      await call('PUT', `${API}/orders/${cart}`, { body: { billingAddress: address }, token: session.token })
    ).body;
    await call('PATCH', `${API}/orders/${cart}/shipments/${addressed.shipments[0].id}`, {
      body: { shippingMethod: 'retrait_casse' },
      token: session.token,
    });
    const urls = { afterSuccessUrl: `${SITE}/commande/valide`, afterCancelUrl: `${SITE}/commande/livraison` };
    const checkout = (await call('POST', `${API}/orders/${cart}/pay`, { body: urls, token: session.token })).body
      .checkoutUrl;
    await shop.app.inject({
      method: 'POST',
      url: `${new URL(checkout).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const order = (await call('GET', `${API}/orders/${cart}`, { token: session.token })).body;
    expect(order.paymentState).toBe('paid');
    return { token: cart, number: order.number as string };
  }

  beforeAll(async () => {
    shop = await startTestShop(backend, 10, {
      now: () => clock,
      jwt,
      staffToken: STAFF,
      mailer: createMailer({ outboxDir: outbox, from: 'boutique@test' }),
      siteUrl: SITE,
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('changes the e-mail only with the current password and once the new address is confirmed, telling the old address', async () => {
    const owner = await verifiedCustomer('titulaire@exemple.fr');
    const laptop = (await login('titulaire@exemple.fr')).body as Session;
    const url = `${API}/customers/${owner.id}`;

    // A stolen access token alone changes nothing.
    const withoutPassword = await call('PUT', url, { token: owner.token, body: { email: 'voleur@exemple.fr' } });
    expect(withoutPassword.status).toBe(422);
    expect(withoutPassword.body.violations).toEqual([
      {
        propertyPath: 'currentPassword',
        message: 'Saisissez votre mot de passe actuel pour changer d’adresse e-mail.',
        code: 'account.passwordForEmail',
      },
    ]);
    const wrongPassword = await call('PUT', url, {
      token: owner.token,
      body: { email: 'voleur@exemple.fr', currentPassword: 'pas-le-bon-2026' },
    });
    expect(wrongPassword.body.violations).toEqual([
      {
        propertyPath: 'currentPassword',
        message: 'Le mot de passe fourni est différent de celui en cours.',
        code: 'account.wrongCurrentPassword',
      },
    ]);
    expect(await mailsTo('voleur@exemple.fr')).toEqual([]);
    // The same address, however typed, is no change.
    expect(
      (await call('PUT', url, { token: owner.token, body: { email: ' Titulaire@Exemple.fr', firstName: 'Lucie' } }))
        .status,
    ).toBe(200);

    const asked = await call('PUT', url, {
      token: owner.token,
      body: { email: 'Nouvelle@exemple.fr', currentPassword: PASSWORD },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      email: 'titulaire@exemple.fr',
      pendingEmail: 'nouvelle@exemple.fr',
      firstName: 'Lucie',
    });
    const [notice] = (await mailsTo('titulaire@exemple.fr')).filter(
      (mail) => mail.subject === 'Demande de changement de votre adresse e-mail',
    );
    // Masked: the address being left may have another reader soon.
    expect(notice!.text).toContain('n•••@exemple.fr');
    expect(notice!.text).not.toContain('nouvelle@exemple.fr');
    const link = await linkTo('nouvelle@exemple.fr', '/verification/');

    // Until the link is followed, the account keeps its address: sign-in and password reset go to the old one.
    expect((await login('nouvelle@exemple.fr')).status).toBe(401);
    expect((await login('titulaire@exemple.fr')).status).toBe(200);
    await requestReset('nouvelle@exemple.fr');
    expect(
      (await mailsTo('nouvelle@exemple.fr')).filter((mail) =>
        mail.links.some((l) => l.includes('/mot-de-passe-oublie/')),
      ),
    ).toEqual([]);

    expect(
      (await call('PATCH', `${API}/account-verification-requests/${link}`, { body: { password: PASSWORD } })).status,
    ).toBe(202);
    expect(
      (await call('PATCH', `${API}/account-verification-requests/${link}`, { body: { password: PASSWORD } })).status,
    ).toBe(404);
    const me = await call('GET', url, { token: owner.token });
    expect(me.body).toMatchObject({ email: 'nouvelle@exemple.fr', pendingEmail: null });
    expect((await mailsTo('titulaire@exemple.fr')).map((mail) => mail.subject)).toContain(
      'L’adresse e-mail de votre compte a changé',
    );
    expect((await login('nouvelle@exemple.fr')).status).toBe(200);
    expect((await login('titulaire@exemple.fr')).status).toBe(401);

    // The session that asked stays signed in; every other one ends, its access token included.
    expect((await refresh(owner)).status).toBe(200);
    expect((await refresh(laptop)).status).toBe(401);
    expect((await call('GET', url, { token: laptop.token })).status).toBe(401);
  });

  it('answers an address another account uses as a free one: its owner is told, and it never becomes this account’s', async () => {
    const asker = await verifiedCustomer('occupe@exemple.fr');
    await verifiedCustomer('deja-pris@exemple.fr');
    const ask = (email: string) =>
      call('PUT', `${API}/customers/${asker.id}`, { token: asker.token, body: { email, currentPassword: PASSWORD } });
    const free = await ask('libre-ailleurs@exemple.fr');
    const taken = await ask('Deja-Pris@exemple.fr');
    // The same answer (Sylius's 422 « déjà utilisé » told anyone signed in which addresses have an account).
    expect(taken.status).toBe(free.status);
    expect(taken.body).toEqual({ ...free.body, pendingEmail: 'deja-pris@exemple.fr' });
    // The owner is told; no link to take the address exists in any mailbox.
    const toOwner = await mailsTo('deja-pris@exemple.fr');
    expect(toOwner.map((mail) => mail.subject)).toEqual(['Vous avez déjà un compte', 'Confirmez votre adresse e-mail']);
    expect(toOwner[0]!.text).toContain('utiliser cette adresse e-mail pour un autre compte');
    expect(toOwner[0]!.links).toEqual([`${SITE}/mot-de-passe-oublie`, `${SITE}/connexion`]);
    // The asker's own address was told of both asks, as for any change.
    expect(
      (await mailsTo('occupe@exemple.fr')).filter(
        (mail) => mail.subject === 'Demande de changement de votre adresse e-mail',
      ),
    ).toHaveLength(2);
    // Both accounts keep their addresses.
    expect((await login('deja-pris@exemple.fr')).status).toBe(200);
    expect((await login('occupe@exemple.fr')).status).toBe(200);
    // Three asks an hour per account: past them, the asker is told no mail can go, whichever address
    // (a free one too: the answer says nothing of who has an account).
    expect((await ask('deja-pris@exemple.fr')).status).toBe(200);
    const usedUp = [{ propertyPath: 'email', message: MESSAGES.mailsUsedUp, code: 'account.mailsUsedUp' }];
    for (const email of ['deja-pris@exemple.fr', 'libre-encore@exemple.fr']) {
      const refused = await ask(email);
      expect([refused.status, refused.body.violations]).toEqual([422, usedUp]);
    }
    // Six notices an hour to one address at most, whatever the accounts asking: past them, the same
    // refusal, and no mail.
    const asked: number[] = [];
    for (const name of ['occupe-aussi', 'occupe-encore']) {
      const other = await verifiedCustomer(`${name}@exemple.fr`);
      for (let i = 0; i < 3; i += 1) {
        const answer = await call('PUT', `${API}/customers/${other.id}`, {
          token: other.token,
          body: { email: 'deja-pris@exemple.fr', currentPassword: PASSWORD },
        });
        asked.push(answer.status);
      }
    }
    expect(asked).toEqual([200, 200, 200, 200, 422, 422]);
    expect(
      (await mailsTo('deja-pris@exemple.fr')).filter((mail) => mail.subject === 'Vous avez déjà un compte'),
    ).toHaveLength(6);
  });

  it('drops another account’s pending change to an address once that address becomes an account’s', async () => {
    const stranger = await verifiedCustomer('vise-ailleurs@exemple.fr');
    await call('PUT', `${API}/customers/${stranger.id}`, {
      token: stranger.token,
      body: { email: 'bientot-prise@exemple.fr', currentPassword: PASSWORD },
    });
    const strangersLink = await linkTo('bientot-prise@exemple.fr', '/verification/');
    // The address's owner registers and confirms it.
    await register('bientot-prise@exemple.fr');
    const [newest] = await mailsTo('bientot-prise@exemple.fr');
    const own = newest!.links
      .find((l) => l.startsWith(`${SITE}/verification/`))!
      .split('/')
      .pop();
    expect(strangersLink).not.toBe(own);
    expect(
      (await call('PATCH', `${API}/account-verification-requests/${own}`, { body: { password: PASSWORD } })).status,
    ).toBe(202);
    // The stranger's change is gone, and its link with it.
    expect(
      (await call('GET', `${API}/customers/${stranger.id}`, { token: stranger.token })).body.pendingEmail,
    ).toBeNull();
    expect((await call('GET', `${API}/account-verification-requests/${strangersLink}`)).status).toBe(404);
  });

  it('cancels a pending e-mail change when the password is reset', async () => {
    const owner = await verifiedCustomer('annule@exemple.fr');
    await call('PUT', `${API}/customers/${owner.id}`, {
      token: owner.token,
      body: { email: 'ailleurs@exemple.fr', currentPassword: PASSWORD },
    });
    const change = await linkTo('ailleurs@exemple.fr', '/verification/');
    await requestReset('annule@exemple.fr');
    const reset = await linkTo('annule@exemple.fr', '/mot-de-passe-oublie/');
    expect(
      (
        await call('PATCH', `${API}/customers/reset-password/${reset}`, {
          body: { newPassword: 'nouveau-2026-x', confirmNewPassword: 'nouveau-2026-x' },
        })
      ).status,
    ).toBe(202);
    expect(
      (await call('PATCH', `${API}/account-verification-requests/${change}`, { body: { password: PASSWORD } })).status,
    ).toBe(404);
    expect((await login('annule@exemple.fr', 'nouveau-2026-x')).status).toBe(200);
  });

  it('ends every other session when the password changes, and keeps the current one', async () => {
    const phone = await verifiedCustomer('sessions@exemple.fr');
    const laptop = (await login('sessions@exemple.fr')).body as Session;
    const changed = await call('PUT', `${API}/customers/${phone.id}/password`, {
      token: phone.token,
      body: { currentPassword: PASSWORD, newPassword: 'nouveau-mot-2026', confirmNewPassword: 'nouveau-mot-2026' },
    });
    expect(changed.status).toBe(204);
    expect((await call('GET', `${API}/customers/${phone.id}`, { token: phone.token })).status).toBe(200);
    expect((await refresh(phone)).status).toBe(200);
    expect((await refresh(laptop)).status).toBe(401);
    expect((await call('GET', `${API}/customers/${phone.id}`, { token: laptop.token })).status).toBe(401);
    // The account's mailbox hears of it, with the way to a new password.
    const [notice] = (await mailsTo('sessions@exemple.fr')).filter(
      (mail) => mail.subject === 'Le mot de passe de votre compte a changé',
    );
    expect(notice!.links).toEqual([`${SITE}/mot-de-passe-oublie`]);
  });

  describe('an account moved to another e-mail by whoever knew the password goes back to the address it left (decision 0028)', () => {
    const THIEF_PASSWORD = 'mot-de-passe-du-voleur';
    /** The thief, signed in with the owner's password, adds an address, moves the account to their mailbox. */
    async function stolen(email: string, thiefEmail: string) {
      const owner = await verifiedCustomer(email);
      // The thief comes eight days later: the address has held the account a week, so it gets a way back.
      clock.setTime(clock.getTime() + 8 * 86_400_000);
      const thief = (await login(email)).body as Session;
      const added = await call('POST', `${API}/addresses`, {
        token: thief.token,
        body: { ...address, firstName: 'Voleur', street: '1 rue du Recel' },
      });
      expect(added.status).toBe(201);
      await call('PUT', `${API}/customers/${owner.id}`, {
        token: thief.token,
        body: { defaultAddress: added.body['@id'] },
      });
      await call('PUT', `${API}/customers/${owner.id}`, {
        token: thief.token,
        body: { email: thiefEmail, currentPassword: PASSWORD },
      });
      const link = await linkTo(thiefEmail, '/verification/');
      expect(
        (await call('PATCH', `${API}/account-verification-requests/${link}`, { body: { password: PASSWORD } })).status,
      ).toBe(202);
      await call('PUT', `${API}/customers/${owner.id}/password`, {
        token: thief.token,
        body: { currentPassword: PASSWORD, newPassword: THIEF_PASSWORD, confirmNewPassword: THIEF_PASSWORD },
      });
      expect((await login(thiefEmail, THIEF_PASSWORD)).status).toBe(200);
      return { owner, thief, addressId: added.body['@id'] as string };
    }
    /** Follows a recovery link: a password the account had at the link's address (the owner's first), then a new one. */
    const recover = (token: string, newPassword: string, previousPassword = PASSWORD) =>
      call('PATCH', `${API}/account-recoveries/${token}`, {
        body: { previousPassword, newPassword, confirmNewPassword: newPassword },
      });

    it('the address left follows its link with a new password: the account, its address and its sessions are the owner’s again', async () => {
      const { owner, thief, addressId } = await stolen('vole@exemple.fr', 'voleur-1@exemple.fr');
      const [changed] = (await mailsTo('vole@exemple.fr')).filter(
        (mail) => mail.subject === 'L’adresse e-mail de votre compte a changé',
      );
      // The new address is shown masked: the next reader of a mailbox left learns only its provider.
      expect(changed!.text).toContain('v•••@exemple.fr');
      expect(changed!.text).not.toContain('voleur-1@exemple.fr');
      const token = await linkTo('vole@exemple.fr', '/recuperation/');
      // Opening the link changes nothing; its check says it lives.
      expect((await call('GET', `${API}/account-recoveries/${token}`)).status).toBe(204);
      expect((await login('voleur-1@exemple.fr', THIEF_PASSWORD)).status).toBe(200);
      // The account's data says which address may take it back, and until when.
      const data = (await call('GET', `${API}/customers/${owner.id}/personal-data`, { token: thief.token })).body;
      expect(data.customer.previousEmails).toEqual([{ email: 'vole@exemple.fr', until: expect.any(String) }]);
      // The new password twice, as for a reset.
      expect((await recover(token, 'court')).status).toBe(422);
      // And a password the account had at this address: the mailbox alone is not the account (neither
      // the thief's password, which the account had only at the thief's address, nor none at all).
      const refusal = (answer: { body: Json }) => answer.body.violations as Json[];
      expect(refusal(await recover(token, 'repris-en-main-2026', ''))).toEqual([
        { propertyPath: 'previousPassword', message: MESSAGES.previousPassword, code: 'account.previousPassword' },
      ]);
      expect(refusal(await recover(token, 'repris-en-main-2026', THIEF_PASSWORD))).toEqual([
        {
          propertyPath: 'previousPassword',
          message: MESSAGES.notPreviousPassword,
          code: 'account.notPreviousPassword',
        },
      ]);
      expect((await login('voleur-1@exemple.fr', THIEF_PASSWORD)).status).toBe(200);
      // The thief uses up the account's checks of the current password: the owner's link does not care
      // (before: it shared them, and answered 429 until it expired).
      const wrongChecks: number[] = [];
      for (let i = 0; i < 9; i++)
        wrongChecks.push(
          (
            await call('PUT', `${API}/customers/${owner.id}/password`, {
              token: thief.token,
              body: {
                currentPassword: `faux-${i}-2026`,
                newPassword: 'x-2026-x-2026',
                confirmNewPassword: 'x-2026-x-2026',
              },
            })
          ).status,
        );
      expect(wrongChecks.at(-1)).toBe(429);
      expect((await recover(token, 'repris-en-main-2026')).status).toBe(202);
      // The owner's address and a new password; the thief's mailbox and password no longer sign in.
      expect((await login('vole@exemple.fr', 'repris-en-main-2026')).status).toBe(200);
      expect((await login('voleur-1@exemple.fr', THIEF_PASSWORD)).status).toBe(401);
      expect((await login('vole@exemple.fr', THIEF_PASSWORD)).status).toBe(401);
      // Every session ends, the thief's included.
      expect((await refresh(thief)).status).toBe(401);
      expect((await call('GET', `${API}/customers/${owner.id}`, { token: thief.token })).status).toBe(401);
      // The thief's address waits for the owner's review, no longer the default.
      const back = (await login('vole@exemple.fr', 'repris-en-main-2026')).body as Session;
      const me = (await call('GET', `${API}/customers/${owner.id}`, { token: back.token })).body;
      expect(me.defaultAddress ?? null).toBeNull();
      const book = (await call('GET', `${API}/addresses`, { token: back.token })).body['hydra:member'] as Json[];
      expect(book.find((entry) => entry['@id'] === addressId)).toMatchObject({ toReview: true });
      // Once.
      expect((await recover(token, 'encore-une-fois-2026')).status).toBe(404);
      expect((await call('GET', `${API}/account-recoveries/${token}`)).status).toBe(404);
    });

    it('a thief who moves the account on again cannot cancel the first owner’s link, nor get one for their address', async () => {
      await stolen('vole-deux-fois@exemple.fr', 'voleur-2@exemple.fr');
      const ownerLink = await linkTo('vole-deux-fois@exemple.fr', '/recuperation/');
      const thief = (await login('voleur-2@exemple.fr', THIEF_PASSWORD)).body as Session;
      await call('PUT', `${API}/customers/${thief.customer.split('/').pop()}`, {
        token: thief.token,
        body: { email: 'voleur-3@exemple.fr', currentPassword: THIEF_PASSWORD },
      });
      const link = await linkTo('voleur-3@exemple.fr', '/verification/');
      await call('PATCH', `${API}/account-verification-requests/${link}`, { body: { password: THIEF_PASSWORD } });
      // The thief's first address held the account minutes, not a week: it gets no way back.
      const toThief = (await mailsTo('voleur-2@exemple.fr')).filter(
        (mail) => mail.subject === 'L’adresse e-mail de votre compte a changé',
      );
      expect(toThief).toHaveLength(1);
      expect(toThief[0]!.links.some((l) => l.includes('/recuperation/'))).toBe(false);
      // The owner's link still works after the second move.
      expect((await recover(ownerLink, 'enfin-chez-moi-2026')).status).toBe(202);
      expect((await login('vole-deux-fois@exemple.fr', 'enfin-chez-moi-2026')).status).toBe(200);
      expect((await login('voleur-3@exemple.fr', THIEF_PASSWORD)).status).toBe(401);
      // The address that lost the account is told.
      expect((await mailsTo('voleur-3@exemple.fr')).map((mail) => mail.subject)).toContain(
        'Votre compte a repris son ancienne adresse e-mail',
      );
    });

    it('the owner moving back from the profile is a recovery: the way back is spent, what the thief touched goes to review, the thief’s address gets none', async () => {
      const { owner, addressId } = await stolen('retour-profil@exemple.fr', 'voleur-6@exemple.fr');
      const ownerLink = await linkTo('retour-profil@exemple.fr', '/recuperation/');
      // The thief asks a reset link at their address while it is the account's.
      await requestReset('voleur-6@exemple.fr');
      const thiefsReset = await linkTo('voleur-6@exemple.fr', '/mot-de-passe-oublie/');
      // The owner signs in with the thief's address (named in the notice) and moves the account back.
      const back = (await login('voleur-6@exemple.fr', THIEF_PASSWORD)).body as Session;
      await call('PUT', `${API}/customers/${owner.id}`, {
        token: back.token,
        body: { email: 'retour-profil@exemple.fr', currentPassword: THIEF_PASSWORD },
      });
      const [newest] = (await mailsTo('retour-profil@exemple.fr')).filter((mail) =>
        mail.links.some((l) => l.startsWith(`${SITE}/verification/`)),
      );
      const moveBack = newest!.links
        .find((l) => l.startsWith(`${SITE}/verification/`))!
        .split('/')
        .pop();
      expect(
        (
          await call('PATCH', `${API}/account-verification-requests/${moveBack}`, {
            body: { password: THIEF_PASSWORD },
          })
        ).status,
      ).toBe(202);
      // The thief's address held the account a few days: its mail has no way back (before: a week's link).
      const [toThief] = (await mailsTo('voleur-6@exemple.fr')).filter(
        (mail) => mail.subject === 'L’adresse e-mail de votre compte a changé',
      );
      expect(toThief!.links.some((l) => l.includes('/recuperation/'))).toBe(false);
      // The reset link mailed to the thief's address died with the move (before: it set a password).
      expect((await call('GET', `${API}/customers/reset-password/${thiefsReset}`)).status).toBe(404);
      // The owner's own way back is spent by the move back, as a recovery: every session ends (the one
      // that asked too), and the thief's address, made the default, waits for review (before: it stayed
      // the default, past the owner's next reset).
      expect((await call('GET', `${API}/account-recoveries/${ownerLink}`)).status).toBe(404);
      expect((await refresh(back)).status).toBe(401);
      const again1 = (await login('retour-profil@exemple.fr', THIEF_PASSWORD)).body as Session;
      const me = (await call('GET', `${API}/customers/${owner.id}`, { token: again1.token })).body;
      expect(me.defaultAddress ?? null).toBeNull();
      const book = (await call('GET', `${API}/addresses`, { token: again1.token })).body['hydra:member'] as Json[];
      expect(book.find((entry) => entry['@id'] === addressId)).toMatchObject({ toReview: true });
      // The address keeps its tenure: taken again, it gets a new way back at once.
      await call('PUT', `${API}/customers/${owner.id}/password`, {
        token: again1.token,
        body: {
          currentPassword: THIEF_PASSWORD,
          newPassword: 'encore-vole-2026',
          confirmNewPassword: 'encore-vole-2026',
        },
      });
      await call('PUT', `${API}/customers/${owner.id}`, {
        token: again1.token,
        body: { email: 'voleur-7@exemple.fr', currentPassword: 'encore-vole-2026' },
      });
      const again = await linkTo('voleur-7@exemple.fr', '/verification/');
      expect(
        (
          await call('PATCH', `${API}/account-verification-requests/${again}`, {
            body: { password: 'encore-vole-2026' },
          })
        ).status,
      ).toBe(202);
      const links = (await mailsTo('retour-profil@exemple.fr'))
        .flatMap((mail) => mail.links)
        .filter((l) => l.includes('/recuperation/'));
      expect(links).toHaveLength(2);
    });

    it('the next reader of a mailbox the owner left cannot take the account back: it takes a password the account had there', async () => {
      // Olga held the account a week at her employer's address, changing her password there once.
      const olga = await verifiedCustomer('olga@ancien-employeur.fr');
      clock.setTime(clock.getTime() + 8 * 86_400_000);
      const atWork = (await login('olga@ancien-employeur.fr')).body as Session;
      await call('PUT', `${API}/customers/${olga.id}/password`, {
        token: atWork.token,
        body: {
          currentPassword: PASSWORD,
          newPassword: 'olga-au-bureau-2026',
          confirmNewPassword: 'olga-au-bureau-2026',
        },
      });
      const signedIn = (await login('olga@ancien-employeur.fr', 'olga-au-bureau-2026')).body as Session;
      // She moves to her own address, then changes her password there.
      const moved = await call('PUT', `${API}/customers/${olga.id}`, {
        token: signedIn.token,
        body: { email: 'olga@perso.fr', currentPassword: 'olga-au-bureau-2026' },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const move = await linkTo('olga@perso.fr', '/verification/');
      expect(
        (
          await call('PATCH', `${API}/account-verification-requests/${move}`, {
            body: { password: 'olga-au-bureau-2026' },
          })
        ).status,
      ).toBe(202);
      const home = (await login('olga@perso.fr', 'olga-au-bureau-2026')).body as Session;
      await call('PUT', `${API}/customers/${olga.id}/password`, {
        token: home.token,
        body: {
          currentPassword: 'olga-au-bureau-2026',
          newPassword: 'olga-chez-elle-2026',
          confirmNewPassword: 'olga-chez-elle-2026',
        },
      });
      // Her old employer reads the old mailbox and its link: the link alone takes nothing.
      const link = await linkTo('olga@ancien-employeur.fr', '/recuperation/');
      const guesses = ['motdepasse-2026', 'entreprise-2026', 'olga-2026-olga', 'olga-chez-elle-2026'];
      for (const guess of guesses) {
        const answer = await recover(link, 'a-nous-le-compte-2026', guess);
        expect([answer.status, (answer.body.violations as Json[])[0]!.propertyPath]).toEqual([422, 'previousPassword']);
      }
      // Ten tries on the link, then it is spent, even for the right password; and the tries are the
      // link's, never the account's: Olga's own checks of her current password are untouched.
      const statuses: number[] = [];
      for (let guess = guesses.length; guess < 9; guess++)
        statuses.push((await recover(link, 'a-nous-le-compte-2026', `essai-${guess}-2026`)).status);
      expect(statuses).toEqual([422, 422, 422, 422, 422]);
      const last = await recover(link, 'a-nous-le-compte-2026', 'essai-final-2026');
      expect((last.body.violations as Json[])[0]!.message).toBe(MESSAGES.recoveryGuessesUsedUp);
      expect((await recover(link, 'a-nous-le-compte-2026', 'olga-au-bureau-2026')).status).toBe(404);
      expect((await call('GET', `${API}/account-recoveries/${link}`)).status).toBe(404);
      const olgaNow = (await login('olga@perso.fr', 'olga-chez-elle-2026')).body as Session;
      expect(
        (
          await call('PUT', `${API}/customers/${olga.id}/password`, {
            token: olgaNow.token,
            body: {
              currentPassword: 'olga-chez-elle-2026',
              newPassword: 'olga-encore-2026',
              confirmNewPassword: 'olga-encore-2026',
            },
          })
        ).status,
      ).toBe(204);
      expect((await login('olga@ancien-employeur.fr', 'a-nous-le-compte-2026')).status).toBe(401);
      // The spent link no longer keeps the address: it may register, and is not told of a way back.
      await register('olga@ancien-employeur.fr');
      expect((await mailsTo('olga@ancien-employeur.fr'))[0]!.subject).toBe('Confirmez votre adresse e-mail');
    });

    it('any password the account had at the address left opens its link, an older one too', async () => {
      await verifiedCustomer('deux-mots@exemple.fr');
      clock.setTime(clock.getTime() + 8 * 86_400_000);
      const before = (await login('deux-mots@exemple.fr')).body as Session;
      const id = before.customer.split('/').pop();
      await call('PUT', `${API}/customers/${id}/password`, {
        token: before.token,
        body: { currentPassword: PASSWORD, newPassword: 'le-second-2026', confirmNewPassword: 'le-second-2026' },
      });
      const session = (await login('deux-mots@exemple.fr', 'le-second-2026')).body as Session;
      await call('PUT', `${API}/customers/${id}`, {
        token: session.token,
        body: { email: 'deux-mots-ailleurs@exemple.fr', currentPassword: 'le-second-2026' },
      });
      const move = await linkTo('deux-mots-ailleurs@exemple.fr', '/verification/');
      await call('PATCH', `${API}/account-verification-requests/${move}`, { body: { password: 'le-second-2026' } });
      const link = await linkTo('deux-mots@exemple.fr', '/recuperation/');
      expect((await recover(link, 'de-retour-2026', PASSWORD)).status).toBe(202);
      expect((await login('deux-mots@exemple.fr', 'de-retour-2026')).status).toBe(200);
    });

    it('a thief setting password after password at their address never pushes out those the owner had at theirs', async () => {
      const { owner } = await stolen('pousse@exemple.fr', 'voleur-pousse@exemple.fr');
      const { changePassword, passwordsHadAt } = await import('../src/db/customers.js');
      for (let i = 0; i < 12; i++) await changePassword(shop.database.db, Number(owner.id), `empreinte-${i}`, clock);
      expect(await passwordsHadAt(shop.database.db, Number(owner.id), 'voleur-pousse@exemple.fr')).toHaveLength(10);
      expect(await passwordsHadAt(shop.database.db, Number(owner.id), 'pousse@exemple.fr')).toHaveLength(1);
      const link = await linkTo('pousse@exemple.fr', '/recuperation/');
      expect((await recover(link, 'toujours-la-2026')).status).toBe(202);
    });

    it('a thief changing the password over and over before moving the account never pushes out the owner’s', async () => {
      const owner = await verifiedCustomer('pousse-avant@exemple.fr');
      clock.setTime(clock.getTime() + 8 * 86_400_000);
      // Twelve changes while signed in at the owner's address (the rate limit only slows them down).
      const { changePassword } = await import('../src/db/customers.js');
      const { hashPassword } = await import('../src/auth/passwords.js');
      for (let i = 0; i < 11; i++) await changePassword(shop.database.db, Number(owner.id), `empreinte-${i}`, clock);
      await changePassword(shop.database.db, Number(owner.id), await hashPassword(THIEF_PASSWORD), clock);
      const thief = (await login('pousse-avant@exemple.fr', THIEF_PASSWORD)).body as Session;
      await call('PUT', `${API}/customers/${owner.id}`, {
        token: thief.token,
        body: { email: 'voleur-pousse-avant@exemple.fr', currentPassword: THIEF_PASSWORD },
      });
      const move = await linkTo('voleur-pousse-avant@exemple.fr', '/verification/');
      await call('PATCH', `${API}/account-verification-requests/${move}`, { body: { password: THIEF_PASSWORD } });
      // The owner's password, set through the mailbox (the registration's link), still opens the link
      // (before: the ten newest only were kept, all the thief's).
      const link = await linkTo('pousse-avant@exemple.fr', '/recuperation/');
      expect((await recover(link, 'de-nouveau-a-moi-2026')).status).toBe(202);
    });

    it('a thief who knows the password the owner chose while signed in cannot push it out: three changes a week, then the reset link', async () => {
      await verifiedCustomer('trois-par-semaine@exemple.fr');
      clock.setTime(clock.getTime() + 8 * 86_400_000);
      const owner = (await login('trois-par-semaine@exemple.fr')).body as Session;
      const id = owner.customer.split('/').pop();
      const change = (token: string, currentPassword: string, newPassword: string) =>
        call('PUT', `${API}/customers/${id}/password`, {
          token,
          body: { currentPassword, newPassword, confirmNewPassword: newPassword },
        });
      expect((await change(owner.token, PASSWORD, 'choisi-connectee-2026')).status).toBe(204);
      clock.setTime(clock.getTime() + 8 * 86_400_000);
      // The thief learned that one, and changes it over and over: three a week, then refused.
      let thief = (await login('trois-par-semaine@exemple.fr', 'choisi-connectee-2026')).body as Session;
      let current = 'choisi-connectee-2026';
      for (let i = 1; i <= 3; i++) {
        expect((await change(thief.token, current, `du-voleur-${i}-2026`)).status).toBe(204);
        current = `du-voleur-${i}-2026`;
      }
      const refused = await change(thief.token, current, 'du-voleur-4-2026');
      expect([refused.status, refused.body.violations]).toEqual([
        422,
        [
          {
            propertyPath: 'newPassword',
            message: MESSAGES.passwordChangesUsedUp,
            code: 'account.passwordChangesUsedUp',
          },
        ],
      ]);
      thief = (await login('trois-par-semaine@exemple.fr', current)).body as Session;
      await call('PUT', `${API}/customers/${id}`, {
        token: thief.token,
        body: { email: 'voleur-trois@exemple.fr', currentPassword: current },
      });
      const move = await linkTo('voleur-trois@exemple.fr', '/verification/');
      await call('PATCH', `${API}/account-verification-requests/${move}`, { body: { password: current } });
      // The owner's password chosen while signed in still opens the way back (before: ten changes by the
      // thief pushed it out, and only the registration's, long forgotten, did).
      const link = await linkTo('trois-par-semaine@exemple.fr', '/recuperation/');
      expect((await recover(link, 'a-moi-de-nouveau-2026', 'choisi-connectee-2026')).status).toBe(202);
    });

    it('the passwords remembered for recovery links go with the account’s personal data', async () => {
      const { passwordHistory } = await import('../src/db/schema.js');
      const gone = await verifiedCustomer('efface-historique@exemple.fr');
      const remembered = () =>
        shop.database.db
          .select()
          .from(passwordHistory)
          .where(eq(passwordHistory.customerId, Number(gone.id)));
      expect(await remembered()).toHaveLength(1);
      // An address left without a way back (held less than a week) takes its passwords with it.
      const signedIn = (await login('efface-historique@exemple.fr')).body as Session;
      await call('PUT', `${API}/customers/${gone.id}`, {
        token: signedIn.token,
        body: { email: 'efface-historique-2@exemple.fr', currentPassword: PASSWORD },
      });
      const move = await linkTo('efface-historique-2@exemple.fr', '/verification/');
      await call('PATCH', `${API}/account-verification-requests/${move}`, { body: { password: PASSWORD } });
      expect((await remembered()).map((row) => row.email)).toEqual(['efface-historique-2@exemple.fr']);
      expect(
        (
          await call('DELETE', `${API}/customers/${gone.id}`, {
            token: signedIn.token,
            body: { currentPassword: PASSWORD },
          })
        ).status,
      ).toBe(204);
      expect(await remembered()).toEqual([]);
    });

    it('a password changed while signed in ends the reset links already mailed', async () => {
      const owner = await verifiedCustomer('change-et-reset@exemple.fr');
      await requestReset('change-et-reset@exemple.fr');
      const reset = await linkTo('change-et-reset@exemple.fr', '/mot-de-passe-oublie/');
      expect(
        (
          await call('PUT', `${API}/customers/${owner.id}/password`, {
            token: owner.token,
            body: { currentPassword: PASSWORD, newPassword: 'change-2026-x', confirmNewPassword: 'change-2026-x' },
          })
        ).status,
      ).toBe(204);
      expect((await call('GET', `${API}/customers/reset-password/${reset}`)).status).toBe(404);
    });

    it('an address that may take its account back makes no new account meanwhile: a thief’s registration in the owner’s name is refused', async () => {
      await stolen('pas-de-leurre@exemple.fr', 'voleur-8@exemple.fr');
      const ownerLink = await linkTo('pas-de-leurre@exemple.fr', '/recuperation/');
      // The thief registers the address left, in the owner's names: no account, the owner is reminded.
      expect(
        (
          await call('POST', `${API}/customers`, {
            body: {
              firstName: 'Léa',
              lastName: 'Martin',
              email: 'pas-de-leurre@exemple.fr',
              password: 'leurre-2026-x',
            },
          })
        ).status,
      ).toBe(204);
      await shop.app.backgroundTasks.idle();
      const mails = await mailsTo('pas-de-leurre@exemple.fr');
      expect(mails.map((mail) => mail.subject)).toContain('Votre adresse peut reprendre son compte');
      expect(mails.some((mail) => mail.subject === 'Confirmez votre adresse e-mail' && mail.links.length > 0)).toBe(
        true, // the owner's own first registration, long confirmed
      );
      expect(mails.filter((mail) => mail.subject === 'Confirmez votre adresse e-mail')).toHaveLength(1);
      // A registration that slipped in before the way back existed cannot be confirmed while it lives.
      const { createRegistration } = await import('../src/db/customers.js');
      await createRegistration(shop.database.db, 'pas-de-leurre@exemple.fr', {
        firstName: 'Léa',
        lastName: 'Martin',
        passwordHash: 'x',
        subscribedToNewsletter: false,
        groupCode: 'individual',
        companyName: null,
        siret: null,
        tokenHash: tokenDigest('lien-glisse-avant'),
        expiresAt: new Date(clock.getTime() + 3600_000),
        createdAt: clock,
      });
      const slipped = await call('PATCH', `${API}/account-verification-requests/lien-glisse-avant`, {
        body: { password: 'nouveau-2026-x', firstName: 'Léa', lastName: 'Martin' },
      });
      expect(slipped.body.violations).toEqual([
        { propertyPath: 'password', message: MESSAGES.recoveryWaiting, code: 'account.recoveryWaiting' },
      ]);
      // The owner's way back still works.
      expect((await recover(ownerLink, 'toujours-a-moi-2026')).status).toBe(202);
      expect((await login('pas-de-leurre@exemple.fr', 'toujours-a-moi-2026')).status).toBe(200);
    });

    it('a link past its week, or after another account confirmed the address, gives nothing back', async () => {
      await stolen('trop-tard@exemple.fr', 'voleur-4@exemple.fr');
      const late = await linkTo('trop-tard@exemple.fr', '/recuperation/');
      const saved = clock.getTime();
      clock.setTime(saved + 7 * 24 * 3600_000 + 1000);
      try {
        expect((await call('GET', `${API}/account-recoveries/${late}`)).status).toBe(404);
        expect((await recover(late, 'trop-tard-2026')).status).toBe(404);
        // The retention job takes the link away, and the passwords the address had with it.
        const { deleteExpiredRecoveries, findCustomerByEmail, passwordsHadAt } = await import('../src/db/customers.js');
        const account = await findCustomerByEmail(shop.database.db, 'voleur-4@exemple.fr');
        expect(await passwordsHadAt(shop.database.db, account!.id, 'trop-tard@exemple.fr')).toHaveLength(1);
        await deleteExpiredRecoveries(shop.database.db, clock);
        expect(await passwordsHadAt(shop.database.db, account!.id, 'trop-tard@exemple.fr')).toEqual([]);
        expect(await passwordsHadAt(shop.database.db, account!.id, 'voleur-4@exemple.fr')).not.toEqual([]);
      } finally {
        clock.setTime(saved);
      }

      await stolen('reprise@exemple.fr', 'voleur-5@exemple.fr');
      const taken = await linkTo('reprise@exemple.fr', '/recuperation/');
      // The owner moved another account of theirs to the address meanwhile (its link, in the mailbox, with
      // that account's password): the old one cannot take the address from it.
      const second = await verifiedCustomer('deuxieme-compte@exemple.fr');
      await call('PUT', `${API}/customers/${second.id}`, {
        token: second.token,
        body: { email: 'reprise@exemple.fr', currentPassword: PASSWORD },
      });
      const [newest] = await mailsTo('reprise@exemple.fr'); // newest first
      const confirmation = newest!.links.find((l) => l.startsWith(`${SITE}/verification/`))!;
      expect(
        (
          await call('PATCH', `${API}/account-verification-requests/${confirmation.split('/').pop()}`, {
            body: { password: PASSWORD },
          })
        ).status,
      ).toBe(202);
      const answer = await recover(taken, 'deux-comptes-2026');
      expect(answer.status).toBe(422);
      expect(answer.body.violations).toEqual([
        { propertyPath: 'email', message: MESSAGES.recoveryEmailTaken, code: 'account.recoveryEmailTaken' },
      ]);
      expect((await login('reprise@exemple.fr')).status).toBe(200);
    });
  });

  it('lets each mail link work once when it is used four times at once', async () => {
    // Registration link.
    await register('course@exemple.fr');
    const verification = await linkTo('course@exemple.fr', '/verification/');
    expect(
      await statuses(
        [1, 2, 3, 4].map(() =>
          call('PATCH', `${API}/account-verification-requests/${verification}`, { body: { password: PASSWORD } }),
        ),
      ),
    ).toEqual([202, 404, 404, 404]);

    // Password reset link: one new password, not the last of four.
    await requestReset('course@exemple.fr');
    const reset = await linkTo('course@exemple.fr', '/mot-de-passe-oublie/');
    const passwords = ['course-un-2026', 'course-deux-2026', 'course-trois-2026', 'course-quatre-2026'];
    const answers = await Promise.all(
      passwords.map((password) =>
        call('PATCH', `${API}/customers/reset-password/${reset}`, {
          body: { newPassword: password, confirmNewPassword: password },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 404, 404, 404]);
    const winner = passwords[answers.findIndex((answer) => answer.status === 202)]!;
    for (const password of passwords)
      expect((await login('course@exemple.fr', password)).status).toBe(password === winner ? 200 : 401);

    // E-mail change link.
    const session = (await login('course@exemple.fr', winner)).body as Session;
    const id = session.customer.split('/').pop();
    expect(
      (
        await call('PUT', `${API}/customers/${id}`, {
          token: session.token,
          body: { email: 'course-bis@exemple.fr', currentPassword: winner },
        })
      ).status,
    ).toBe(200);
    const change = await linkTo('course-bis@exemple.fr', '/verification/');
    expect(
      await statuses(
        [1, 2, 3, 4].map(() =>
          call('PATCH', `${API}/account-verification-requests/${change}`, { body: { password: winner } }),
        ),
      ),
    ).toEqual([202, 404, 404, 404]);
    expect(
      (await mailsTo('course@exemple.fr')).filter(
        (mail) => mail.subject === 'L’adresse e-mail de votre compte a changé',
      ),
    ).toHaveLength(1);
  });

  it('mails a new confirmation link on request to an account not confirmed yet, and to nobody else', async () => {
    const email = 'lien-perdu@exemple.fr';
    await register(email);
    const prefix = `${SITE}/verification/`;
    /** The newest confirmation link mailed to `to` (the outbox lists the newest mail first). */
    const newestLink = async (to: string) =>
      (await mailsTo(to))
        .flatMap((mail) => mail.links)
        .find((link) => link.startsWith(prefix))
        ?.slice(prefix.length);
    const ask = async (address: string) => {
      expect((await call('POST', `${API}/account-verification-requests`, { body: { email: address } })).status).toBe(
        202,
      );
      await shop.app.backgroundTasks.idle();
    };
    const lost = await newestLink(email);
    await ask(' Lien-Perdu@Exemple.fr ');
    const fresh = await newestLink(email);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(lost);
    // The new link confirms the account; the lost one no longer does anything.
    expect(
      (await call('PATCH', `${API}/account-verification-requests/${lost}`, { body: { password: PASSWORD } })).status,
    ).toBe(404);
    expect(
      (await call('PATCH', `${API}/account-verification-requests/${fresh}`, { body: { password: PASSWORD } })).status,
    ).toBe(202);
    expect((await login(email)).status).toBe(200);

    // A confirmed account or an unknown e-mail: the same answer, and no mail.
    const mails = (await readOutbox(outbox, 500)).length;
    await ask(email);
    await ask('personne-ici@exemple.fr');
    expect((await readOutbox(outbox, 500)).length).toBe(mails);
  });

  it('picks up the customer’s own cart from another sign-in, never another customer’s or a visitor’s', async () => {
    const parts = (await call('GET', `${API}/products?itemsPerPage=10`)).body['hydra:member'] as Json[];
    const cartOf = async (token?: string) => (await call('POST', `${API}/orders`, { body: {}, token })).body as Json;
    const add = async (cart: string, code: string, token?: string) =>
      expect(
        (await call('POST', `${API}/orders/${cart}/items`, { body: { productVariant: code }, token })).status,
      ).toBe(201);
    const phone = await verifiedCustomer('deux-appareils@exemple.fr');
    const stranger = await verifiedCustomer('voisin@exemple.fr');
    const visitor = (await cartOf()).tokenValue as string;
    await add(visitor, parts[7]!.code);

    // An empty cart is picked up again rather than one more created at each sign-in.
    const first = (await cartOf(phone.token)).tokenValue as string;
    expect((await cartOf(phone.token)).tokenValue).toBe(first);
    await add(first, parts[8]!.code, phone.token);

    // Signed in elsewhere (a laptop, or again after signing out): the same cart, with its part.
    const laptop = (await login('deux-appareils@exemple.fr')).body as Session;
    const picked = await cartOf(laptop.token);
    expect(picked.tokenValue).toBe(first);
    expect(picked.items).toHaveLength(1);
    expect(picked.itemsTotalQuantities).toBe(1);
    // Nobody else's: another customer and a visitor get carts of their own.
    for (const token of [stranger.token, undefined])
      expect([first, visitor]).not.toContain((await cartOf(token)).tokenValue);

    // Once placed, the cart is no longer picked up.
    const { token: placed } = await buy(phone, parts[9]!.code);
    expect((await cartOf(laptop.token)).tokenValue).not.toBe(placed);

    // A visitor's cart read with a customer's token stays a visitor's: a link from a stranger to their own
    // cart, opened signed in, must not make it the customer's (picked up at the next sign-in, with the
    // stranger's part and address).
    const visiting = await verifiedCustomer('visiteur-puis-client@exemple.fr');
    const filled = (await cartOf()).tokenValue as string;
    await add(filled, parts[6]!.code);
    expect((await call('GET', `${API}/orders/${filled}`, { token: visiting.token })).status).toBe(200);
    expect((await call('GET', `${API}/orders/${filled}`)).status).toBe(200);
    const picking = (await login('visiteur-puis-client@exemple.fr')).body as Session;
    expect((await cartOf(picking.token)).tokenValue).not.toBe(filled);
    // Changed with the customer's token (this browser's own cart), it becomes theirs: picked up on their
    // other devices, closed to anyone else from then on.
    await add(filled, parts[7]!.code, visiting.token);
    const elsewhere = (await login('visiteur-puis-client@exemple.fr')).body as Session;
    expect((await cartOf(elsewhere.token)).tokenValue).toBe(filled);
    expect((await call('GET', `${API}/orders/${filled}`)).status).toBe(404);
    expect((await call('GET', `${API}/orders/${filled}`, { token: stranger.token })).status).toBe(404);
  });

  it('a visitor’s cart a customer’s write makes theirs keeps its parts only, never its maker’s address or plates', async () => {
    // A stranger's cart, addressed to the stranger with their plate, then emptied: a token to plant in a browser.
    const planted = (await call('POST', `${API}/orders`, { body: {} })).body.tokenValue as string;
    const products = (await call('GET', `${API}/products?itemsPerPage=40`)).body['hydra:member'] as Json[];
    const [strangers, customers] = products.map((product) => product.code as string).slice(-6, -4);
    const line = await call('POST', `${API}/orders/${planted}/items`, { body: { productVariant: strangers } });
    expect(line.status).toBe(201);
    const addressed = await call('PUT', `${API}/orders/${planted}`, {
      body: {
        email: 'x@attaquant.test',
        billingAddress: { ...address, firstName: 'Vic', lastName: 'Tim', street: '99 avenue du Relais Colis' },
        licencePlates: ['ZZ-999-ZZ'],
      },
    });
    expect(addressed.status).toBe(200);
    await call('DELETE', `${API}/orders/${planted}/items/${line.body.items[0].id}`);
    // The customer's own write (an add, from the browser the token was planted in) makes it theirs.
    const customer = await verifiedCustomer('cookie-plante@exemple.fr');
    expect(
      (
        await call('POST', `${API}/orders/${planted}/items`, {
          body: { productVariant: customers },
          token: customer.token,
        })
      ).status,
    ).toBe(201);
    const cart = (await call('GET', `${API}/orders/${planted}`, { token: customer.token })).body;
    expect(cart.items.map((item: Json) => item.variant)).toEqual([expect.stringContaining(customers!)]);
    expect([cart.checkoutState, cart.billingAddress ?? null, cart.shippingAddress ?? null]).toEqual([
      'cart',
      null,
      null,
    ]);
    expect(cart.licencePlates ?? []).toEqual([]);
    expect((await call('GET', `${API}/orders/${planted}`)).status).toBe(404);
  });

  it('a payment opened by whoever knew the password, on a cart with their address, ends with the owner’s reset', async () => {
    const email = 'paiement-ouvert@exemple.fr';
    await verifiedCustomer(email);
    clock.setTime(clock.getTime() + 60_000); // the thief comes after the owner last proved the mailbox
    const thief = (await login(email)).body as Session;
    const products = (await call('GET', `${API}/products?itemsPerPage=40`)).body['hydra:member'] as Json[];
    const part = products.at(-7)!.code as string;
    const cart = (await call('POST', `${API}/orders`, { body: {}, token: thief.token })).body.tokenValue as string;
    expect(
      (await call('POST', `${API}/orders/${cart}/items`, { body: { productVariant: part }, token: thief.token }))
        .status,
    ).toBe(201);
    const theirs = { ...address, firstName: 'Jean', lastName: 'Dupont', street: '68 rue du Voleur' };
    const addressed = await call('PUT', `${API}/orders/${cart}`, {
      body: { billingAddress: theirs, shippingAddress: theirs, licencePlates: ['ZZ-666-ZZ'] },
      token: thief.token,
    });
    await call('PATCH', `${API}/orders/${cart}/shipments/${addressed.body.shipments[0].id}`, {
      body: { shippingMethod: 'retrait_casse' },
      token: thief.token,
    });
    const urls = { afterSuccessUrl: `${SITE}/commande/valide`, afterCancelUrl: `${SITE}/commande/livraison` };
    const opened = await call('POST', `${API}/orders/${cart}/pay`, { body: urls, token: thief.token });
    expect(opened.status).toBe(200);
    const onSale = async () =>
      (await call('GET', `${API}/products/${part}`)).body.defaultVariantData.inStock as boolean;
    expect(await onSale()).toBe(false);

    // The owner resets the password from the mailbox.
    await requestReset(email);
    const link = await linkTo(email, '/mot-de-passe-oublie/');
    const body = { newPassword: 'repris-2026-paiement', confirmNewPassword: 'repris-2026-paiement' };
    expect((await call('PATCH', `${API}/customers/reset-password/${link}`, { body })).status).toBe(202);
    // The payment is over, its part back on sale, the cart back before the address step, its address gone.
    expect(await onSale()).toBe(true);
    const owner = (await login(email, 'repris-2026-paiement')).body as Session;
    const kept = (await call('GET', `${API}/orders/${cart}`, { token: owner.token })).body;
    expect([kept.checkoutState, kept.billingAddress ?? null, kept.shippingAddress ?? null]).toEqual([
      'cart',
      null,
      null,
    ]);
    expect(kept.items).toHaveLength(1);
    // The thief's checkout page takes no money any more.
    await shop.app.inject({
      method: 'POST',
      url: `${new URL(opened.body.checkoutUrl).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const after = (await call('GET', `${API}/orders/${cart}`, { token: owner.token })).body;
    expect([after.checkoutState, after.paymentState]).toEqual(['cart', kept.paymentState]);
  });

  it('refuses a token signed with the shop’s key that names no live session of its customer (401)', async () => {
    const owner = await verifiedCustomer('sans-session@exemple.fr');
    const neighbour = await verifiedCustomer('voisin-de-session@exemple.fr');
    const loggedOut = (await login('sans-session@exemple.fr')).body as Session;
    expect(
      (await call('POST', `${API}/invalidate-token`, { body: { refresh_token: loggedOut.refresh_token } })).body
        .message,
    ).toBe('The supplied refresh_token has been invalidated.');
    const issuedAt = Math.floor(clock.getTime() / 1000);
    /** Lexik's claims for the owner, signed with the shop's own key, with `extra` claims. */
    const signed = (extra: Record<string, unknown>) =>
      new SignJWT({ username: 'sans-session@exemple.fr', roles: ['ROLE_USER'], ...extra })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(owner.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 600)
        .sign(KEY);
    const sessionOf = (session: Session) => decodeJwt(session.token).sid as string;
    const answers = async (token: string) =>
      Promise.all([
        call('GET', `${API}/addresses`, { token }),
        call('GET', `${API}/customers/${owner.id}`, { token }),
        call('POST', `${API}/orders`, { token, body: {} }),
      ]);

    // The owner's own live session is the one that passes.
    for (const answer of await answers(await signed({ sid: sessionOf(owner) })))
      expect(answer.status).toBeLessThan(300);
    for (const [label, token] of [
      ['no session', await signed({})],
      ['an empty session', await signed({ sid: '' })],
      ['a session that never existed', await signed({ sid: randomUUID() })],
      ['another customer’s live session', await signed({ sid: sessionOf(neighbour) })],
      ['a session ended by its sign-out', await signed({ sid: sessionOf(loggedOut) })],
    ] as const)
      for (const answer of await answers(token))
        expect(answer.body, label).toEqual({ code: 401, message: 'Invalid JWT Token' });
  });

  it('refuses an erased account’s tokens everywhere (401), and keeps its orders private', async () => {
    const parts = (await call('GET', `${API}/products?itemsPerPage=5`)).body['hydra:member'] as Json[];
    const gone = await verifiedCustomer('partie@exemple.fr');
    const other = await verifiedCustomer('curieux@exemple.fr');
    const { token: orderToken, number } = await buy(gone, parts[0]!.code);

    const erased = await call('DELETE', `${API}/customers/${gone.id}`, {
      body: { currentPassword: PASSWORD },
      token: gone.token,
    });
    expect(erased.status).toBe(204);
    // A live session of the erased account (stored again after the erasure took its sessions away):
    // the account check alone must refuse its token.
    const revived = await sessionToken(shop.database.db, jwt, { id: Number(gone.id), email: 'partie@exemple.fr' });
    for (const token of [gone.token, revived]) {
      expect((await call('GET', `${API}/addresses`, { token })).status).toBe(401);
      expect((await call('POST', `${API}/addresses`, { token, body: address })).status).toBe(401);
      expect((await call('POST', `${API}/orders`, { token, body: {} })).status).toBe(401);
      expect((await call('GET', `${API}/orders`, { token })).status).toBe(401);
      expect((await call('GET', `${API}/customers/${gone.id}`, { token })).status).toBe(401);
      expect((await call('GET', `${API}/orders/${orderToken}`, { token })).status).toBe(404);
    }
    const rows = (await shop.database.db.execute(
      `SELECT count(*)::int AS n FROM addresses a JOIN customers c ON c.id = a.customer_id WHERE c.erased_at IS NOT NULL`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);

    // The order placed by the account stays private: nobody reads it by its token, anonymous or signed in.
    expect((await call('GET', `${API}/orders/${orderToken}`)).status).toBe(404);
    expect((await call('GET', `${API}/orders/${orderToken}`, { token: other.token })).status).toBe(404);
    expect(
      (await call('PUT', `${API}/orders/${orderToken}`, { token: other.token, body: { billingAddress: address } }))
        .status,
    ).toBe(404);
    // The staff still lists it for the accounts.
    const staffList = (
      await shop.app.inject({
        method: 'GET',
        url: '/api/v2/admin/orders',
        headers: { authorization: `Bearer ${STAFF}` },
      })
    ).json() as Json[];
    expect(staffList.map((row) => row.number)).toContain(number);
  });
});
