/**
 * The consumer's rights in the shop API: online withdrawal (L221-21) with its dated acknowledgement
 * and the staff's view of it, the personal data export and the account's erasure (RGPD), and the
 * professional registration with a SIRET.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtService } from '../src/auth/jwt.js';
import { applyRetention } from '../src/jobs/retention.js';
import { createMailer } from '../src/mail/mailer.js';
import { readOutbox } from '../src/mail/outbox.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import { sessionToken } from './helpers/sessions.js';
import { jsonCaller, type Json } from './helpers/call.js';
import { LEA_ADDRESS } from './helpers/address.js';

const API = '/api/v2/shop';
const STAFF = 'staff-token-for-consumer-rights-0123456';
const urls = {
  afterSuccessUrl: 'http://localhost:3000/commande/valide',
  afterCancelUrl: 'http://localhost:3000/commande/livraison',
};
const address = { ...LEA_ADDRESS, phoneNumber: '0612345678' };
const PASSWORD = 'pieces-auto-2026';

describe.each(BACKENDS)('consumer rights on %s', (backend) => {
  let shop: TestShop;
  let clock = new Date('2026-11-02T09:00:00Z');
  const jwt = createJwtService(
    new TextEncoder().encode('consumer-rights-test-key-of-enough-length'),
    undefined,
    () => clock,
  );
  const outbox = mkdtempSync(join(tmpdir(), 'shop-outbox-rights-'));
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let parts: Json[] = [];

  const call = jsonCaller(() => shop);
  const emails: Record<string, string> = {};
  /** Moves the clock; access tokens last an hour, so everyone signs in again. */
  async function at(iso: string) {
    clock = new Date(iso);
    for (const name of Object.keys(ids))
      tokens[name] = await sessionToken(shop.database.db, jwt, { id: ids[name]!, email: emails[name]! });
  }
  const staffOrders = async () =>
    (
      await shop.app.inject({
        method: 'GET',
        url: '/api/v2/admin/orders',
        headers: { authorization: `Bearer ${STAFF}` },
      })
    ).json() as Json[];
  const staff = (operation: string, number: string) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/v2/admin/orders/${number}/${operation}`,
      headers: { authorization: `Bearer ${STAFF}` },
    });

  async function register(name: string, extra: Json = {}) {
    const email = `${name}@exemple.fr`;
    const created = await call('POST', `${API}/customers`, {
      firstName: name,
      lastName: 'Test',
      email,
      password: PASSWORD,
      ...extra,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(204);
    // The account is not verified (no mail link followed): its tokens are signed here with the shop's key.
    const { rows } = (await shop.database.db.execute(
      `SELECT id FROM customers WHERE email = '${email}'`,
    )) as unknown as { rows: { id: number }[] };
    ids[name] = Number(rows[0]!.id);
    emails[name] = email;
    tokens[name] = await sessionToken(shop.database.db, jwt, { id: ids[name]!, email });
  }

  /** `who` buys the given parts with the sandbox; returns the order's token and number. */
  async function buy(who: string, codes: string[]) {
    const cart = (await call('POST', `${API}/orders`, {}, tokens[who])).body.tokenValue as string;
    for (const code of codes)
      expect((await call('POST', `${API}/orders/${cart}/items`, { productVariant: code }, tokens[who])).status).toBe(
        201,
      );
    const addressed = (
      await call('PUT', `${API}/orders/${cart}`, { billingAddress: address, licencePlates: 'AB-123-CD' }, tokens[who])
    ).body;
    await call(
      'PATCH',
      `${API}/orders/${cart}/shipments/${addressed.shipments[0].id}`,
      { shippingMethod: 'retrait_casse' },
      tokens[who],
    );
    const checkout = (await call('POST', `${API}/orders/${cart}/pay`, urls, tokens[who])).body.checkoutUrl;
    await shop.app.inject({
      method: 'POST',
      url: `${new URL(checkout).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const order = (await call('GET', `${API}/orders/${cart}`, undefined, tokens[who])).body;
    return { token: cart, number: order.number as string, order };
  }

  beforeAll(async () => {
    shop = await startTestShop(backend, 40, {
      staffToken: STAFF,
      jwt,
      now: () => clock,
      mailer: createMailer({ outboxDir: outbox, from: 'boutique@test' }),
    });
    parts = (await call('GET', `${API}/products?itemsPerPage=20`)).body['hydra:member'];
    for (const name of ['lea', 'paul', 'zoe']) await register(name);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('dates a placed order', async () => {
    const { order } = await buy('zoe', [parts[10]!.code]);
    expect(order.checkoutCompletedAt).toBe('2026-11-02 09:00:00');
  });

  it('lets a consumer withdraw from some parts, then the rest, with a dated acknowledgement each time; staff see it', async () => {
    const { token, number, order } = await buy('lea', [parts[0]!.code, parts[1]!.code]);
    const open = await call('GET', `${API}/orders/${token}/withdrawal`, undefined, tokens.lea);
    expect(open.body).toMatchObject({ open: true, deadline: null, reason: null, requests: [] });
    expect(open.body.withdrawableItems).toEqual(order.items.map((line: Json) => line['@id']));

    await at('2026-11-03T14:05:00Z');
    const first = await call(
      'POST',
      `${API}/orders/${token}/withdrawals`,
      { items: [order.items[0]['@id']] },
      tokens.lea,
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      productNames: [order.items[0].productName],
      requestedAt: '2026-11-03 14:05:00',
    });
    expect(first.body.acknowledgedAt).not.toBeNull();
    const [mail] = await readOutbox(outbox, 1);
    expect(mail!.to).toBe('lea@exemple.fr');
    expect(mail!.subject).toBe(`Accusé de réception de votre rétractation — commande n° ${number}`);
    expect(mail!.text).toContain('le mardi 3 novembre 2026 à 15 h 05 (heure de Paris)');
    expect(mail!.text).toContain(order.items[0].productName);
    expect(mail!.text).not.toContain(order.items[1].productName);

    // The same part again: refused; the other one (no list = every remaining part): accepted.
    expect(
      (await call('POST', `${API}/orders/${token}/withdrawals`, { items: [order.items[0].id] }, tokens.lea)).status,
    ).toBe(422);
    expect((await call('POST', `${API}/orders/${token}/withdrawals`, {}, tokens.lea)).body.productNames).toEqual([
      order.items[1].productName,
    ]);
    const closed = (await call('GET', `${API}/orders/${token}/withdrawal`, undefined, tokens.lea)).body;
    expect(closed).toMatchObject({
      open: false,
      reason: 'Vous avez déjà renoncé à toutes les pièces de cette commande.',
    });
    expect(closed.requests).toHaveLength(2);

    const seen = (await staffOrders()).find((row) => row.number === number)!;
    expect(seen.withdrawals).toEqual([
      { requestedAt: '2026-11-03 14:05:00', items: [order.items[0].variant.split('/').pop()], acknowledged: true },
      { requestedAt: '2026-11-03 14:05:00', items: [order.items[1].variant.split('/').pop()], acknowledged: true },
    ]);
  });

  it('keeps the function open 14 days after delivery, then closes it', async () => {
    await at('2026-11-04T09:00:00Z');
    const { token, number } = await buy('lea', [parts[2]!.code]);
    for (const operation of ['validate', 'ship', 'fulfill'])
      expect((await staff(operation, number)).statusCode).toBe(200);
    // Delivered Wednesday 4 November: the period ends Wednesday 18 November at midnight, Paris time.
    const status = (await call('GET', `${API}/orders/${token}/withdrawal`, undefined, tokens.lea)).body;
    expect(status).toMatchObject({ open: true, deadline: '2026-11-18 22:59:59' });
    await at('2026-11-18T23:00:00Z');
    const late = await call('POST', `${API}/orders/${token}/withdrawals`, {}, tokens.lea);
    expect(late.status).toBe(422);
    expect(late.body.violations[0].message).toBe('Le délai de rétractation de 14 jours est écoulé.');
    await at('2026-11-19T09:00:00Z');
  });

  it('answers 404 to anyone but the order’s customer, 401 without a token, and refuses professionals and cancelled orders', async () => {
    const { token, number } = await buy('lea', [parts[3]!.code]);
    expect((await call('GET', `${API}/orders/${token}/withdrawal`, undefined, tokens.paul)).status).toBe(404);
    expect((await call('POST', `${API}/orders/${token}/withdrawals`, {}, tokens.paul)).status).toBe(404);
    expect((await call('POST', `${API}/orders/${token}/withdrawals`, {})).status).toBe(401);
    const cart = (await call('POST', `${API}/orders`, {}, tokens.lea)).body.tokenValue;
    expect((await call('POST', `${API}/orders/${cart}/withdrawals`, {}, tokens.lea)).status).toBe(404);
    expect((await call('POST', `${API}/orders/${token}/withdrawals`, { items: [999999] }, tokens.lea)).status).toBe(
      422,
    );

    expect((await staff('cancel', number)).statusCode).toBe(200);
    const cancelled = await call('POST', `${API}/orders/${token}/withdrawals`, {}, tokens.lea);
    expect(cancelled.body.violations[0].message).toMatch(/annulée/);
  });

  it('judges the right of withdrawal by the buyer’s group when the order was placed, not by today’s profile', async () => {
    // A professional buys, then calls themselves an individual: still no consumer's withdrawal on that order.
    await call('PUT', `${API}/customers/${ids.paul}`, { group: 'professional' }, tokens.paul);
    const professional = await buy('paul', [parts[17]!.code]);
    expect((await call('PUT', `${API}/customers/${ids.paul}`, { group: 'individual' }, tokens.paul)).status).toBe(200);
    const refused = await call('POST', `${API}/orders/${professional.token}/withdrawals`, {}, tokens.paul);
    expect(refused.status).toBe(422);
    expect(refused.body.violations[0].message).toMatch(/réservé aux particuliers/);
    expect(
      (await call('GET', `${API}/orders/${professional.token}/withdrawal`, undefined, tokens.paul)).body.open,
    ).toBe(false);
    // And an individual's order keeps its right when the customer later turns professional.
    const individual = await buy('paul', [parts[18]!.code]);
    await call('PUT', `${API}/customers/${ids.paul}`, { group: 'professional' }, tokens.paul);
    expect((await call('GET', `${API}/orders/${individual.token}/withdrawal`, undefined, tokens.paul)).body.open).toBe(
      true,
    );
    await call('PUT', `${API}/customers/${ids.paul}`, { group: 'individual' }, tokens.paul);
  });

  it('registers a professional with a valid SIRET only', async () => {
    const base = { firstName: 'Garage', lastName: 'Central', password: PASSWORD };
    const bad = await call('POST', `${API}/customers`, {
      ...base,
      email: 'garage@exemple.fr',
      companyName: 'Garage Central',
      siret: '73282932000075',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v: Json) => [v.propertyPath, v.message])).toEqual([
      ['siret', expect.stringMatching(/14 chiffres/)],
    ]);
    const missing = await call('POST', `${API}/customers`, {
      ...base,
      email: 'garage@exemple.fr',
      siret: '732 829 320 00074',
    });
    expect(missing.body.violations.map((v: Json) => v.propertyPath)).toEqual(['companyName']);
    await register('garage', { companyName: 'Garage Central', siret: '732 829 320 00074' });
    const customer = (await call('GET', `${API}/customers/${ids.garage}`, undefined, tokens.garage)).body;
    expect(customer).toMatchObject({ group: 'professional', companyName: 'Garage Central', siret: '73282932000074' });
    const { token } = await buy('garage', [parts[4]!.code]);
    const status = (await call('GET', `${API}/orders/${token}/withdrawal`, undefined, tokens.garage)).body;
    expect(status).toMatchObject({ open: false, reason: expect.stringMatching(/réservé aux particuliers/) });
  });

  it('exports a customer’s data to them only', async () => {
    await call('POST', `${API}/addresses`, address, tokens.paul);
    await buy('paul', [parts[5]!.code]);
    const exported = await call('GET', `${API}/customers/${ids.paul}/personal-data`, undefined, tokens.paul);
    expect(exported.status).toBe(200);
    expect(exported.body.customer).toMatchObject({ email: 'paul@exemple.fr', firstName: 'paul' });
    expect(exported.body.addresses).toHaveLength(1);
    expect(exported.body.licencePlates).toEqual(['AB-123-CD']);
    expect(
      exported.body.orders.some(
        (order: Json) => order.items[0]?.code === parts[5]!.code && order.licencePlates[0] === 'AB-123-CD',
      ),
    ).toBe(true);
    expect((await call('GET', `${API}/customers/${ids.paul}/personal-data`, undefined, tokens.lea)).status).toBe(404);
    expect((await call('GET', `${API}/customers/${ids.paul}/personal-data`)).status).toBe(401);
  });

  it('erases an account on the right password: orders kept without personal data, the e-mail free again', async () => {
    const wrong = await call(
      'DELETE',
      `${API}/customers/${ids.paul}`,
      { currentPassword: 'not-the-password' },
      tokens.paul,
    );
    expect(wrong.status).toBe(422);
    expect(
      (await call('DELETE', `${API}/customers/${ids.paul}`, { currentPassword: PASSWORD }, tokens.lea)).status,
    ).toBe(404);
    const { number, token } = await buy('paul', [parts[6]!.code]);
    const erased = await call('DELETE', `${API}/customers/${ids.paul}`, { currentPassword: PASSWORD }, tokens.paul);
    expect(erased.status).toBe(204);

    // The account's token is dead at once, and its order answers nobody.
    expect((await call('GET', `${API}/customers/${ids.paul}`, undefined, tokens.paul)).status).toBe(401);
    expect((await call('GET', `${API}/addresses`, undefined, tokens.paul)).status).toBe(401);
    expect((await call('GET', `${API}/orders/${token}`)).status).toBe(404);
    expect((await call('GET', `${API}/orders/${token}`, undefined, tokens.lea)).status).toBe(404);
    expect(
      (await call('POST', `${API}/authentication-token`, { email: 'paul@exemple.fr', password: PASSWORD })).status,
    ).toBe(401);
    const kept = (await staffOrders()).find((row) => row.number === number)!;
    expect(kept).toMatchObject({ number, licencePlates: null, customer: 'Léa Martin' });
    const raw = JSON.stringify(await shop.database.db.execute(`SELECT * FROM orders WHERE number = '${number}'`));
    expect(raw).not.toContain('0612345678');
    expect(raw).not.toContain('paul@exemple.fr');
    expect(JSON.stringify(await shop.database.db.execute('SELECT * FROM customers'))).not.toContain('paul@exemple.fr');
    // The e-mail can open a new account.
    expect(
      (
        await call('POST', `${API}/customers`, {
          firstName: 'Paul',
          lastName: 'Neuf',
          email: 'paul@exemple.fr',
          password: PASSWORD,
        })
      ).status,
    ).toBe(204);
  });

  it('warns an account unused for almost 2 years, keeps it if the customer signs in, erases it 30 days after the warning otherwise', async () => {
    const mailer = createMailer({ outboxDir: outbox, from: 'boutique@test' });
    await register('ancien');
    await register('revenant');
    const { db } = shop.database;
    const setLastSeen = (name: string, iso: string) =>
      db.execute(`UPDATE customers SET last_seen_at = '${iso}' WHERE id = ${ids[name]}`);
    const warnedAt = async (name: string) =>
      (
        (await db.execute(`SELECT retention_warned_at FROM customers WHERE id = ${ids[name]}`)) as unknown as {
          rows: { retention_warned_at: unknown }[];
        }
      ).rows[0]!.retention_warned_at;
    // Both last came 701 days before 1 December 2026; everybody else is recent.
    await db.execute(
      `UPDATE customers SET last_seen_at = '2026-11-19' WHERE id NOT IN (${ids.ancien}, ${ids.revenant})`,
    );
    await setLastSeen('ancien', '2024-12-30T12:00:00Z');
    await setLastSeen('revenant', '2024-12-30T12:00:00Z');

    const first = await applyRetention({
      db,
      mailer,
      siteUrl: 'http://localhost:3000',
      now: () => new Date('2026-12-01T12:00:00Z'),
    });
    expect(first).toEqual({ warned: 2, erased: 0 });
    const [warning] = await readOutbox(outbox, 1);
    expect(warning!.subject).toBe('Votre compte sera supprimé faute d’utilisation');
    expect(warning!.text).toMatch(/à partir du \d{1,2} (décembre 2026|janvier 2027)/);
    expect(await warnedAt('revenant')).not.toBeNull();
    // Warned once only.
    expect(
      await applyRetention({
        db,
        mailer,
        siteUrl: 'http://localhost:3000',
        now: () => new Date('2026-12-02T12:00:00Z'),
      }),
    ).toEqual({ warned: 0, erased: 0 });

    // One comes back: signing in keeps the account and voids the warning.
    await db.execute(`UPDATE customers SET verified_at = now() WHERE id = ${ids.revenant}`);
    await at('2026-12-20T09:00:00Z');
    expect(
      (await call('POST', `${API}/authentication-token`, { email: 'revenant@exemple.fr', password: PASSWORD })).status,
    ).toBe(200);
    expect(await warnedAt('revenant')).toBeNull();

    const later = await applyRetention({
      db,
      mailer,
      siteUrl: 'http://localhost:3000',
      now: () => new Date('2027-01-02T12:00:00Z'),
    });
    expect(later).toEqual({ warned: 0, erased: 1 });
    expect((await call('GET', `${API}/customers/${ids.ancien}`, undefined, tokens.ancien)).status).toBe(401);
    expect((await call('GET', `${API}/customers/${ids.revenant}`, undefined, tokens.revenant)).status).toBe(200);
  });

  it('deletes the registrations nobody confirmed once their links expired (the names strangers typed)', async () => {
    await register('jamais-confirme');
    const { db } = shop.database;
    const pending = async () =>
      (
        (await db.execute(
          `SELECT expires_at FROM registrations WHERE customer_id = ${ids['jamais-confirme']}`,
        )) as unknown as { rows: { expires_at: Date }[] }
      ).rows;
    const [registration] = await pending();
    expect(registration).toBeDefined();
    const mailer = createMailer({ outboxDir: outbox, from: 'boutique@test' });
    const end = new Date(registration!.expires_at).getTime();
    await applyRetention({ db, mailer, siteUrl: 'http://localhost:3000', now: () => new Date(end - 60_000) });
    expect(await pending()).toHaveLength(1);
    await applyRetention({ db, mailer, siteUrl: 'http://localhost:3000', now: () => new Date(end + 1000) });
    expect(await pending()).toHaveLength(0);
  });
});
