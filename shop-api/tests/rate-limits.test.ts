/**
 * Limits of the account routes: they slow guessing and probing, yet a stranger can never lock the
 * owner out of their own account; the address they count is the connection's, never a header the
 * client wrote; the password-reset answer does not wait on anything that depends on the address.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { MESSAGES } from '../src/domain/customer-rules.js';
import { createMailer, type Mailer, type OutgoingMail } from '../src/mail/mailer.js';
import { readOutbox } from '../src/mail/outbox.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import type { Json } from './helpers/call.js';

const API = '/api/v2/shop';
const SITE = 'https://boutique.test';
const PASSWORD = 'pieces-auto-2026';
const OWNER_ADDRESS = '203.0.113.10';

function caller(shop: () => TestShop) {
  return async (
    method: string,
    url: string,
    options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
  ) => {
    const response = await shop().app.inject({
      method: method as 'GET',
      url,
      headers: {
        accept: 'application/ld+json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      payload: options.body === undefined ? undefined : JSON.stringify(options.body),
      remoteAddress: options.ip ?? OWNER_ADDRESS,
    });
    return {
      status: response.statusCode,
      body: (response.body ? response.json() : null) as Json,
      headers: response.headers,
    };
  };
}

/** Waits for the mail the shop sends after it answered (up to 10 s: a busy CI machine is slow). */
async function mailTo(outbox: string, email: string, path: string, after = 0) {
  for (let attempt = 0; attempt < 500; attempt++) {
    const mails = (await readOutbox(outbox, 500)).filter(
      (m) => m.to === email && m.links.some((l) => l.startsWith(`${SITE}${path}`)),
    );
    if (mails.length > after)
      return mails[0]!.links.find((l) => l.startsWith(`${SITE}${path}`))!.slice(`${SITE}${path}`.length);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${email} with ${path}`);
}
const mailCount = async (outbox: string, email: string) =>
  (await readOutbox(outbox, 500)).filter((m) => m.to === email).length;

describe.each(BACKENDS)('account limits on %s', (backend) => {
  let shop: TestShop;
  const outbox = mkdtempSync(join(tmpdir(), 'shop-outbox-'));
  const call = caller(() => shop);
  const login = (email: string, password: string, ip: string, device?: string) =>
    call('POST', `${API}/authentication-token`, {
      body: { email, password },
      ip,
      ...(device ? { headers: { 'x-device-token': device } } : {}),
    });
  /** Wrong guesses on `email`, each from its own address: strangers guessing from many addresses. */
  async function strangersGuess(email: string, count: number, network: string) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await login(email, `essai-${i}`, `${network}.${i + 1}`)).status);
    return statuses;
  }

  async function verifiedCustomer(email: string) {
    expect(
      (
        await call('POST', `${API}/customers`, {
          body: { firstName: 'Léa', lastName: 'Martin', email, password: PASSWORD },
          ip: `198.51.100.${Math.floor(Math.random() * 200)}`,
        })
      ).status,
    ).toBe(204);
    const token = await mailTo(outbox, email, '/verification/');
    expect(
      (await call('PATCH', `${API}/account-verification-requests/${token}`, { body: { password: PASSWORD } })).status,
    ).toBe(202);
    const session = await login(email, PASSWORD, OWNER_ADDRESS);
    expect(session.status).toBe(200);
    return {
      token: session.body.token as string,
      id: (session.body.customer as string).split('/').pop()!,
      device: session.headers['x-device-token'] as string | undefined,
    };
  }

  /** A new password through the reset link mailed to `email`: the owner proves the mailbox. */
  async function resetThroughMail(email: string, password: string, ip: string) {
    expect((await call('POST', `${API}/customers/reset-password`, { body: { email }, ip })).status).toBe(202);
    const link = await mailTo(outbox, email, '/mot-de-passe-oublie/');
    expect(
      (
        await call('PATCH', `${API}/customers/reset-password/${link}`, {
          body: { newPassword: password, confirmNewPassword: password },
          ip,
        })
      ).status,
    ).toBe(202);
  }

  beforeAll(async () => {
    shop = await startTestShop(backend, 5, {
      mailer: createMailer({ outboxDir: outbox, from: 'boutique@test' }),
      siteUrl: SITE,
      trustProxy: 'loopback',
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('a stolen access token cannot be used to guess the current password (password change, e-mail change, deletion)', async () => {
    const { token, id } = await verifiedCustomer('volee@exemple.fr');
    const change = (currentPassword: string) =>
      call('PUT', `${API}/customers/${id}/password`, {
        token,
        ip: '192.0.2.99',
        body: { currentPassword, newPassword: 'Voleur-2026-xyz', confirmNewPassword: 'Voleur-2026-xyz' },
      });
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await change(`devine-${i}`)).status);
    expect(answers).toEqual(Array(8).fill(422));
    // Past the ceiling even the right password is refused: guessing stops there, whatever the route.
    const refused = await change(PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(
      (await call('DELETE', `${API}/customers/${id}`, { token, body: { currentPassword: PASSWORD } })).status,
    ).toBe(429);
    expect(
      (
        await call('PUT', `${API}/customers/${id}`, {
          token,
          body: { email: 'voleur@exemple.fr', currentPassword: PASSWORD },
        })
      ).status,
    ).toBe(429);
    expect((await login('volee@exemple.fr', PASSWORD, OWNER_ADDRESS)).status).toBe(200);
  });

  it('a stranger guessing from one address uses up only their own attempts: the owner still signs in', async () => {
    await verifiedCustomer('cible@exemple.fr');
    const guesses: number[] = [];
    for (let i = 0; i < 12; i++) guesses.push((await login('cible@exemple.fr', `mauvais-${i}`, '192.0.2.66')).status);
    expect(guesses.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(guesses.slice(8)).toEqual(Array(4).fill(429));
    // Even the right password is refused to the guesser once over: the answer teaches nothing.
    const refused = await login('cible@exemple.fr', PASSWORD, '192.0.2.66');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body['hydra:description']).toBe('Trop de tentatives. Réessayez plus tard.');

    expect((await login('cible@exemple.fr', PASSWORD, OWNER_ADDRESS)).status).toBe(200);
    // A mistyped password from the owner's address still counts only there.
    expect((await login('cible@exemple.fr', 'faute-de-frappe', '203.0.113.11')).status).toBe(401);
    expect((await login('cible@exemple.fr', PASSWORD, '203.0.113.11')).status).toBe(200);
  });

  it('guessing one account from many addresses meets a ceiling, which never refuses an address the owner signed in from', async () => {
    await verifiedCustomer('celebre@exemple.fr');
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++)
      statuses.push((await login('celebre@exemple.fr', `essai-${i}`, `192.0.2.${100 + i}`)).status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(40);
    expect(statuses.slice(-5)).toEqual(Array(5).fill(429));
    // A new address meets the ceiling too, right password or not…
    expect((await login('celebre@exemple.fr', PASSWORD, '198.18.0.1')).status).toBe(429);
    // …but the owner, from the address they signed in from, gets in.
    expect((await login('celebre@exemple.fr', PASSWORD, OWNER_ADDRESS)).status).toBe(200);
  });

  it('counts failures, not successes: the owner signs in again and again from one address', async () => {
    await verifiedCustomer('habituee@exemple.fr');
    const home = '203.0.113.20';
    const again: number[] = [];
    for (let i = 0; i < 12; i++) again.push((await login('habituee@exemple.fr', PASSWORD, home)).status);
    expect(again).toEqual(Array(12).fill(200));
    // Wrong passwords still meet their ceiling there, and past it even the right one is refused.
    const wrong: number[] = [];
    for (let i = 0; i < 9; i++) wrong.push((await login('habituee@exemple.fr', `faute-${i}`, home)).status);
    expect(wrong).toEqual([...Array(8).fill(401), 429]);
    expect((await login('habituee@exemple.fr', PASSWORD, home)).status).toBe(429);
  });

  it('guesses sent at once get no more password checks than the attempt ceilings allow', async () => {
    await verifiedCustomer('rafale@exemple.fr');
    // From one address: a failure ceiling of 8, attempts 30 per 10 minutes for the pair.
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login('rafale@exemple.fr', `rafale-${i}`, '192.0.2.150')),
    );
    const checked = burst.filter((answer) => answer.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(8);
    expect(checked).toBeLessThanOrEqual(30);
    expect(burst.filter((answer) => answer.status === 429).length).toBe(50 - checked);
    expect((await login('rafale@exemple.fr', PASSWORD, '192.0.2.150')).status).toBe(429);

    // From many addresses at once: a failure ceiling of 40, attempts 60 an hour for the e-mail.
    await verifiedCustomer('foule@exemple.fr');
    const crowd = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login('foule@exemple.fr', `foule-${i}`, `100.66.${i}.1`)),
    );
    expect(crowd.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(60);
    expect((await login('foule@exemple.fr', PASSWORD, '100.66.200.1')).status).toBe(429);
    expect((await login('foule@exemple.fr', PASSWORD, OWNER_ADDRESS)).status).toBe(200);
  });

  it('a password reset proves the owner: strangers’ earlier guesses no longer refuse them from a new address', async () => {
    await verifiedCustomer('assiegee@exemple.fr');
    const guesses = await strangersGuess('assiegee@exemple.fr', 45, '100.64.1');
    expect(guesses.slice(-5)).toEqual(Array(5).fill(429));
    expect((await login('assiegee@exemple.fr', PASSWORD, '100.64.9.1')).status).toBe(429);
    await resetThroughMail('assiegee@exemple.fr', 'retrouve-2026-x', '100.64.9.1');
    // A phone network the owner never signed in from: fresh counters since the reset.
    expect((await login('assiegee@exemple.fr', 'retrouve-2026-x', '100.64.9.2')).status).toBe(200);
    // Strangers start again from nothing too, and meet the ceiling again.
    const after = await strangersGuess('assiegee@exemple.fr', 45, '100.64.2');
    expect(after.slice(-5)).toEqual(Array(5).fill(429));
  });

  it('a browser the owner signed in with gets in from any address during a lock; another’s or a forged device token does not', async () => {
    const owner = await verifiedCustomer('nomade@exemple.fr');
    const intruder = await verifiedCustomer('intrus@exemple.fr');
    expect(owner.device).toMatch(/^[\w.-]{40,200}$/);
    expect(intruder.device).toMatch(/^[\w.-]{40,200}$/);
    await strangersGuess('nomade@exemple.fr', 45, '100.65.1');
    const newAddress = '100.65.9.1';
    expect((await login('nomade@exemple.fr', PASSWORD, newAddress)).status).toBe(429);
    // Another e-mail's token, one with its signature changed, one made up: as no token at all.
    const [expiry, id, signature] = owner.device!.split('.');
    const tampered = `${expiry}.${id}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const longer = `${Number(expiry) + 86_400}.${id}.${signature}`;
    for (const token of [intruder.device!, tampered, longer, 'x'.repeat(80)])
      expect((await login('nomade@exemple.fr', PASSWORD, newAddress, token)).status, token).toBe(429);
    // The owner's phone, on a network it never signed in from.
    const phone = await login('nomade@exemple.fr', PASSWORD, newAddress, owner.device);
    expect(phone.status).toBe(200);
    expect(phone.headers['x-device-token']).toMatch(/^[\w.-]{40,200}$/);

    // A copied token guesses no faster than one address, from however many addresses.
    const copied: number[] = [];
    for (let i = 0; i < 9; i++)
      copied.push((await login('nomade@exemple.fr', `vol-${i}`, `100.65.20.${i + 1}`, owner.device)).status);
    expect(copied).toEqual([...Array(8).fill(401), 429]);
    // The owner's newer token, and the address the owner signed in from, still get in.
    const phoneToken = phone.headers['x-device-token'] as string;
    expect((await login('nomade@exemple.fr', PASSWORD, '100.65.30.1', phoneToken)).status).toBe(200);
    expect((await login('nomade@exemple.fr', PASSWORD, OWNER_ADDRESS)).status).toBe(200);
  });

  it('strangers guessing from the owner’s own network do not refuse the owner’s browser (its device token)', async () => {
    const shared = '100.66.1.1';
    await verifiedCustomer('voisine@exemple.fr');
    const first = await login('voisine@exemple.fr', PASSWORD, shared);
    expect(first.status).toBe(200);
    const device = first.headers['x-device-token'] as string;
    // Someone on the same network (a household, a carrier's shared address) guesses until refused.
    const guesses: number[] = [];
    for (let i = 0; i < 9; i++) guesses.push((await login('voisine@exemple.fr', `essai-${i}`, shared)).status);
    expect(guesses).toEqual([...Array(8).fill(401), 429]);
    // The owner's browser there still gets in (before: 429 for ten minutes).
    expect((await login('voisine@exemple.fr', PASSWORD, shared, device)).status).toBe(200);
  });

  it('limits every failed sign-in from one address, whatever the e-mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await login(`robot-${i}@exemple.fr`, 'x', '192.0.2.200')).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect((await login('robot-0@exemple.fr', 'x', '192.0.2.201')).status).toBe(401);
  });

  it('strangers guessing other e-mails from the owner’s shared address (an office, a carrier’s NAT) do not refuse the owner there; a reset from there lifts it for a new browser', async () => {
    const shared = '100.67.1.1';
    const owner = await verifiedCustomer('bureau@exemple.fr');
    const here = await login('bureau@exemple.fr', PASSWORD, shared, owner.device);
    expect(here.status).toBe(200);
    const device = here.headers['x-device-token'] as string;
    // Someone behind the same address tries other people's e-mails until the address is refused.
    const robots: number[] = [];
    for (let i = 0; i < 21; i++) robots.push((await login(`inconnu-${i}@exemple.fr`, 'essai', shared)).status);
    expect(robots.slice(-1)).toEqual([429]);
    expect((await login('inconnu-99@exemple.fr', PASSWORD, shared)).status).toBe(429);
    // The owner's browser, and the owner from this address they signed in from (before: 429 for both).
    expect((await login('bureau@exemple.fr', PASSWORD, shared, device)).status).toBe(200);
    expect((await login('bureau@exemple.fr', PASSWORD, shared)).status).toBe(200);

    // Another customer, who never signed in from there, is refused there like any stranger, until a
    // reset link used from there proves the mailbox from that address.
    await verifiedCustomer('collegue@exemple.fr');
    expect((await login('collegue@exemple.fr', PASSWORD, shared)).status).toBe(429);
    await resetThroughMail('collegue@exemple.fr', 'collegue-2026-x', shared);
    expect((await login('collegue@exemple.fr', 'collegue-2026-x', shared)).status).toBe(200);
  });

  it('strangers guessing the owner’s own e-mail from the owner’s shared address refuse a new browser there for 10 minutes; a reset link used there lets it in, and its device token keeps it in', async () => {
    // Decision 0027's accepted trade-off: without a device token nothing tells the owner from the strangers
    // behind one address; past 8 failures of that e-mail there, the right password waits too.
    const shared = '100.69.1.1';
    await verifiedCustomer('open-space@exemple.fr');
    const guesses: number[] = [];
    for (let i = 0; i < 9; i++) guesses.push((await login('open-space@exemple.fr', `essai-${i}`, shared)).status);
    expect(guesses.slice(-1)).toEqual([429]);
    expect((await login('open-space@exemple.fr', PASSWORD, shared)).status).toBe(429);
    // The way in: the mailbox. A reset from that address starts the counters of that e-mail again.
    await resetThroughMail('open-space@exemple.fr', 'open-space-2026', shared);
    const back = await login('open-space@exemple.fr', 'open-space-2026', shared);
    expect(back.status).toBe(200);
    const device = back.headers['x-device-token'] as string;
    // The strangers start again and lock the address out for new browsers; the owner's browser is not refused.
    for (let i = 0; i < 9; i++) await login('open-space@exemple.fr', `encore-${i}`, shared);
    expect((await login('open-space@exemple.fr', 'open-space-2026', shared)).status).toBe(429);
    expect((await login('open-space@exemple.fr', 'open-space-2026', shared, device)).status).toBe(200);
  });

  it('strangers asking resets for other e-mails from the owner’s shared address do not stop the owner’s browser asking there', async () => {
    const shared = '100.68.1.1';
    const owner = await verifiedCustomer('atelier@exemple.fr');
    const reset = (email: string, device?: string) =>
      call('POST', `${API}/customers/reset-password`, {
        body: { email },
        ip: shared,
        ...(device ? { headers: { 'x-device-token': device } } : {}),
      });
    const robots: number[] = [];
    for (let i = 0; i < 11; i++) robots.push((await reset(`personne-${i}@exemple.fr`)).status);
    expect(robots.slice(-1)).toEqual([429]);
    // Without the owner's browser, or with another account's token: refused like the strangers.
    expect((await reset('atelier@exemple.fr')).status).toBe(429);
    const other = await verifiedCustomer('autre-atelier@exemple.fr');
    expect((await reset('atelier@exemple.fr', other.device)).status).toBe(429);
    // The owner's browser (before: 429 for an hour).
    expect((await reset('atelier@exemple.fr', owner.device)).status).toBe(202);
    await mailTo(outbox, 'atelier@exemple.fr', '/mot-de-passe-oublie/');
  });

  it('strangers asking resets for the owner’s own e-mail from the owner’s shared address do not stop the owner’s browser asking there', async () => {
    const shared = '100.70.1.1';
    await verifiedCustomer('guichet@exemple.fr');
    const here = await login('guichet@exemple.fr', PASSWORD, shared);
    const device = here.headers['x-device-token'] as string;
    const reset = (withDevice?: string) =>
      call('POST', `${API}/customers/reset-password`, {
        body: { email: 'guichet@exemple.fr' },
        ip: shared,
        ...(withDevice ? { headers: { 'x-device-token': withDevice } } : {}),
      });
    // Someone behind the same address asks three resets for the owner's e-mail (each mails the owner).
    for (let i = 0; i < 3; i++) {
      const mails = await mailCount(outbox, 'guichet@exemple.fr');
      expect((await reset()).status).toBe(202);
      await vi.waitFor(async () => expect(await mailCount(outbox, 'guichet@exemple.fr')).toBe(mails + 1));
    }
    expect((await reset()).status).toBe(429);
    // The owner's browser there is counted on its own (before: 429 for an hour), three times too.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await reset(device)).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it('reset requests from strangers neither stop the owner asking nor void the link the owner holds', async () => {
    await verifiedCustomer('oubli@exemple.fr');
    const stranger: number[] = [];
    for (let i = 0; i < 5; i++)
      stranger.push(
        (
          await call('POST', `${API}/customers/reset-password`, {
            body: { email: 'oubli@exemple.fr' },
            ip: '192.0.2.77',
          })
        ).status,
      );
    expect(stranger).toEqual([202, 202, 202, 429, 429]);
    for (let i = 0; i < 6; i++) {
      expect(
        (
          await call('POST', `${API}/customers/reset-password`, {
            body: { email: 'oubli@exemple.fr' },
            ip: `192.0.2.${80 + i}`,
          })
        ).status,
      ).toBe(202);
      // Each request's mail is out before the next request: two requests in the same instant may mail
      // their links in either order, and only the last link written works (a race the README names).
      await shop.app.backgroundTasks.idle();
    }
    // The owner asks too: same answer as anyone.
    expect(
      (
        await call('POST', `${API}/customers/reset-password`, {
          body: { email: 'oubli@exemple.fr' },
          ip: OWNER_ADDRESS,
        })
      ).status,
    ).toBe(202);
    await shop.app.backgroundTasks.idle();
    // The mailbox is not flooded (the confirmation, then six reset mails an hour from anywhere), and the
    // newest link mailed works.
    expect(await mailCount(outbox, 'oubli@exemple.fr')).toBe(1 + 6);
    const latest = await mailTo(outbox, 'oubli@exemple.fr', '/mot-de-passe-oublie/');
    expect(
      (
        await call('PATCH', `${API}/customers/reset-password/${latest}`, {
          body: { newPassword: 'nouveau-2026-x', confirmNewPassword: 'nouveau-2026-x' },
        })
      ).status,
    ).toBe(202);
    expect((await login('oubli@exemple.fr', 'nouveau-2026-x', OWNER_ADDRESS)).status).toBe(200);
  });

  it('strangers registering an address cannot use up its owner’s move to it; past the move’s own ceiling, the owner is told', async () => {
    const owner = await verifiedCustomer('demenage@exemple.fr');
    // Strangers on three networks register the new address again and again: its registration mails run out.
    for (const network of ['192.0.2', '198.51.100', '203.0.113'])
      for (let i = 0; i < 3; i++)
        await call('POST', `${API}/customers`, {
          body: { firstName: 'X', lastName: 'Y', email: 'nouvelle-boite@exemple.fr', password: `inconnu-${i}-2026` },
          ip: `${network}.${200 + i}`,
        });
    await shop.app.backgroundTasks.idle();
    const changeMails = async () =>
      (await readOutbox(outbox, 500)).filter(
        (m) => m.to === 'nouvelle-boite@exemple.fr' && m.subject === 'Confirmez votre nouvelle adresse e-mail',
      ).length;
    const move = () =>
      call('PUT', `${API}/customers/${owner.id}`, {
        token: owner.token,
        body: { email: 'nouvelle-boite@exemple.fr', currentPassword: PASSWORD },
        ip: OWNER_ADDRESS,
      });
    // The owner's move still mails its link (before: it answered as sent, and nothing went), and asking
    // again (a mail lost) too, a few times an hour.
    for (let ask = 1; ask <= 3; ask++) {
      expect((await move()).status).toBe(200);
      await shop.app.backgroundTasks.idle();
      expect(await changeMails()).toBe(ask);
    }
    // Past them, the owner is told that no mail can go now; nothing changes, and the last link works.
    const refused = await move();
    expect([refused.status, refused.body.violations]).toEqual([
      422,
      [{ propertyPath: 'email', message: MESSAGES.mailsUsedUp, code: 'account.mailsUsedUp' }],
    ]);
    expect(await changeMails()).toBe(3);
    const link = await mailTo(outbox, 'nouvelle-boite@exemple.fr', '/verification/');
    expect(
      (
        await call('PATCH', `${API}/account-verification-requests/${link}`, {
          body: { password: PASSWORD },
        })
      ).status,
    ).toBe(202);
    expect((await login('nouvelle-boite@exemple.fr', PASSWORD, OWNER_ADDRESS)).status).toBe(200);
  });

  it('limits profile updates per customer (no probing which e-mails have an account)', async () => {
    const prober = await verifiedCustomer('sonde@exemple.fr');
    const other = await verifiedCustomer('voisin@exemple.fr');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push(
        (
          await call('PUT', `${API}/customers/${prober.id}`, {
            token: prober.token,
            body: { email: `essai-${i}@exemple.fr`, firstName: 'Léa' },
            ip: `192.0.2.${i + 1}`,
          })
        ).status,
      );
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.slice(-5)).toEqual(Array(5).fill(429));
    const refused = await call('PUT', `${API}/customers/${prober.id}`, {
      token: prober.token,
      body: { firstName: 'Léa' },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body['hydra:description']).toBe('Trop de tentatives. Réessayez plus tard.');
    // Another customer is not concerned.
    expect(
      (await call('PUT', `${API}/customers/${other.id}`, { token: other.token, body: { firstName: 'Paul' } })).status,
    ).toBe(200);
  });

  it('counts the connection’s address: an X-Forwarded-For is believed only from the trusted proxy (the storefront on loopback)', async () => {
    const direct: number[] = [];
    for (let i = 0; i < 22; i++) {
      direct.push(
        (
          await call('POST', `${API}/authentication-token`, {
            body: { email: `x-${i}@exemple.fr`, password: 'x' },
            ip: '192.0.2.240',
            headers: { 'x-forwarded-for': `10.9.${i}.1` },
          })
        ).status,
      );
    }
    expect(direct.slice(20)).toEqual([429, 429]);
    // Through the storefront (loopback), the shopper's address it forwards is the one counted.
    const forwarded: number[] = [];
    for (let i = 0; i < 22; i++) {
      forwarded.push(
        (
          await call('POST', `${API}/authentication-token`, {
            body: { email: `y-${i}@exemple.fr`, password: 'x' },
            ip: '127.0.0.1',
            headers: { 'x-forwarded-for': `198.18.${i}.1` },
          })
        ).status,
      );
    }
    expect(forwarded).toEqual(Array(22).fill(401));
  });

  it('behind a load balancer (TRUST_PROXY its network), counts the entry it appended, never the client’s own', async () => {
    const trustProxyOf = (value: string) => {
      const saved = process.env.TRUST_PROXY;
      process.env.TRUST_PROXY = value;
      try {
        return loadConfig().trustProxy;
      } finally {
        if (saved === undefined) delete process.env.TRUST_PROXY;
        else process.env.TRUST_PROXY = saved;
      }
    };
    // "Any proxy" or a count of hops would believe a header a client wrote when it reaches the API directly.
    for (const value of ['1', 'true', '*']) expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY/);
    const balanced = await startTestShop(backend, 1, {
      trustProxy: trustProxyOf('10.0.0.0/8'),
      mailer: createMailer({ outboxDir: outbox, from: 'boutique@test' }),
    });
    const attempt = async (i: number, forwardedFor: string) =>
      (
        await balanced.app.inject({
          method: 'POST',
          url: `${API}/authentication-token`,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          payload: JSON.stringify({ email: `lb-${i}@exemple.fr`, password: 'x' }),
          remoteAddress: '10.0.0.5',
        })
      ).statusCode;
    try {
      // One shopper writing a new address in front of the balancer's entry each time: limited.
      const one: number[] = [];
      for (let i = 0; i < 22; i++) one.push(await attempt(i, `198.18.${i}.1, 198.51.100.70`));
      expect(one.slice(20)).toEqual([429, 429]);
      // Many shoppers behind the same balancer: each counted on their own.
      const many: number[] = [];
      for (let i = 0; i < 22; i++) many.push(await attempt(i, `198.51.100.${100 + i}`));
      expect(many).toEqual(Array(22).fill(401));
    } finally {
      await balanced.close();
    }
  });

  it('multiplies every ceiling by RATE_LIMIT_SCALE', async () => {
    const scaled = await startTestShop(backend, 1, {
      rateLimitScale: 2,
      mailer: createMailer({ outboxDir: outbox, from: 'boutique@test' }),
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 42; i++) {
        const response = await scaled.app.inject({
          method: 'POST',
          url: `${API}/authentication-token`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: `z-${i}@exemple.fr`, password: 'x' }),
          remoteAddress: '192.0.2.250',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 40)).toEqual(Array(40).fill(401));
      expect(statuses.slice(40)).toEqual([429, 429]);
    } finally {
      await scaled.close();
    }
  });
});

describe('the password-reset answer', () => {
  it('is sent before anything that depends on the address: the lookup and the mail come after it', async () => {
    const sent: OutgoingMail[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mailer: Mailer = {
      async send(mail) {
        if (mail.subject !== 'Confirmez votre adresse e-mail') await gate;
        sent.push(mail);
      },
    };
    const shop = await startTestShop('pglite', 1, { mailer, siteUrl: SITE });
    try {
      const call = caller(() => shop);
      expect(
        (
          await call('POST', `${API}/customers`, {
            body: { firstName: 'Léa', lastName: 'Martin', email: 'connue@exemple.fr', password: PASSWORD },
          })
        ).status,
      ).toBe(204);
      // Confirmed (a reset asked for an unconfirmed address mails a confirmation link instead).
      await shop.app.backgroundTasks.idle();
      const link = new RegExp(`${SITE}/verification/([\\w-]+)`).exec(sent[0]!.text)![1];
      const verification = `${API}/account-verification-requests/${link}`;
      expect((await call('PATCH', verification, { body: { password: PASSWORD } })).status).toBe(202);
      // The mail is held until release(): an answer that waited for it would never come.
      const timeout = new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 15_000));
      const known = await Promise.race([
        call('POST', `${API}/customers/reset-password`, { body: { email: 'connue@exemple.fr' } }),
        timeout,
      ]);
      expect(known === 'still waiting' ? known : known.status).toBe(202);
      expect(
        sent.filter((mail) => mail.to === 'connue@exemple.fr' && mail.subject !== 'Confirmez votre adresse e-mail'),
      ).toHaveLength(0);
      release();
      await shop.app.backgroundTasks.idle();
      expect(sent.map((mail) => mail.to)).toEqual(['connue@exemple.fr', 'connue@exemple.fr']);
      expect(sent[1]!.text).toContain(`${SITE}/mot-de-passe-oublie/`);
    } finally {
      release();
      await shop.close();
    }
  });
});
