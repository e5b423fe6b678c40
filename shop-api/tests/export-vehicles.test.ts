/**
 * Whole vehicles for professionals: only a professional account (company and SIRET) lists them or asks
 * for a quote; a quote request is recorded, mailed to the yard (replying reaches the customer) with a
 * copy to the customer, refused in French when its fields are wrong, and part of the customer's data.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtService } from '../src/auth/jwt.js';
import { createMailer } from '../src/mail/mailer.js';
import { readOutbox } from '../src/mail/outbox.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import { sessionToken } from './helpers/sessions.js';
import { jsonCaller, type Json } from './helpers/call.js';

const API = '/api/v2/shop';
const PASSWORD = 'pieces-auto-2026';
const YARD = 'ventes-vehicules@casse.test';

describe.each(BACKENDS)('export vehicles on %s', (backend) => {
  let shop: TestShop;
  const clock = new Date('2026-11-23T13:30:00Z');
  const jwt = createJwtService(
    new TextEncoder().encode('export-vehicles-test-key-of-enough-length'),
    undefined,
    () => clock,
  );
  const outbox = mkdtempSync(join(tmpdir(), 'shop-outbox-export-'));
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = jsonCaller(() => shop);

  async function register(name: string, extra: Json = {}) {
    const email = `${name}@exemple.fr`;
    expect(
      (
        await call('POST', `${API}/customers`, {
          firstName: name,
          lastName: 'Test',
          email,
          password: PASSWORD,
          ...extra,
        })
      ).status,
    ).toBe(204);
    const { rows } = (await shop.database.db.execute(
      `SELECT id FROM customers WHERE email = '${email}'`,
    )) as unknown as { rows: { id: number }[] };
    ids[name] = Number(rows[0]!.id);
    tokens[name] = await sessionToken(shop.database.db, jwt, { id: ids[name]!, email });
  }

  beforeAll(async () => {
    shop = await startTestShop(backend, 20, {
      jwt,
      now: () => clock,
      staffEmail: YARD,
      mailer: createMailer({ outboxDir: outbox, from: 'boutique@test' }),
    });
    await register('garage', { companyName: 'Garage Central', siret: '732 829 320 00074' });
    await register('lea');
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('lists the vehicles still offered, newest first, to professionals only', async () => {
    expect((await call('GET', `${API}/export-vehicles`)).status).toBe(401);
    const individual = await call('GET', `${API}/export-vehicles`, undefined, tokens.lea);
    expect(individual.status).toBe(403);
    expect(individual.body['hydra:description']).toMatch(/réservés aux professionnels/);
    // A consumer who only switches group, without company and SIRET, is still refused.
    await call('PUT', `${API}/customers/${ids.lea}`, { group: 'professional' }, tokens.lea);
    expect((await call('GET', `${API}/export-vehicles`, undefined, tokens.lea)).status).toBe(403);

    const list = await call('GET', `${API}/export-vehicles`, undefined, tokens.garage);
    expect(list.status).toBe(200);
    const members = list.body['hydra:member'] as Json[];
    expect(list.body['hydra:totalItems']).toBe(members.length);
    expect(members.length).toBeGreaterThanOrEqual(4);
    expect(members[0]).toMatchObject({
      '@id': `${API}/export-vehicles/VE-0001`,
      code: 'VE-0001',
      name: 'Renault Clio IV 1.5 dCi 90',
      status: 'vei',
      year: 2016,
    });
    expect(members[0]!.statusLabel).toMatch(/^VEI/);
    expect(members[0]!.documents).toContain('Rapport d’expertise VEI');
    const dates = members.map((vehicle) => vehicle.createdAt as string);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(members.map((vehicle) => vehicle.status))).toEqual(new Set(['roulant', 'vei', 'vge', 'vhu']));

    // A vehicle that is sold leaves the list and its page.
    await shop.database.db.execute(`UPDATE export_vehicles SET state = 'sold' WHERE code = 'VE-0006'`);
    const after = (await call('GET', `${API}/export-vehicles`, undefined, tokens.garage)).body[
      'hydra:member'
    ] as Json[];
    expect(after.map((vehicle) => vehicle.code)).not.toContain('VE-0006');
    expect((await call('GET', `${API}/export-vehicles/VE-0006`, undefined, tokens.garage)).status).toBe(404);
    expect((await call('GET', `${API}/export-vehicles/VE-0002`, undefined, tokens.garage)).body).toMatchObject({
      code: 'VE-0002',
      status: 'roulant',
    });
  });

  it('refuses a quote request with wrong fields, in French, and records nothing', async () => {
    const count = async () =>
      Number(
        (
          (await shop.database.db.execute('SELECT count(*)::int AS n FROM export_quote_requests')) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    const before = await count();
    const blank = await call(
      'POST',
      `${API}/export-vehicles/VE-0001/quote-requests`,
      { message: 'Bonjour' },
      tokens.garage,
    );
    expect(blank.status).toBe(422);
    expect(blank.body.violations).toEqual([
      {
        propertyPath: 'phoneNumber',
        message: expect.stringMatching(/numéro de téléphone/),
        code: 'export.phoneRequired',
      },
    ]);
    const wrong = await call(
      'POST',
      `${API}/export-vehicles/VE-0001/quote-requests`,
      { phoneNumber: '12', message: 'x'.repeat(2001) },
      tokens.garage,
    );
    expect(wrong.body.violations.map((v: Json) => v.propertyPath)).toEqual(['phoneNumber', 'message']);
    expect(
      (await call('POST', `${API}/export-vehicles/VE-0001/quote-requests`, { phoneNumber: '0612345678' }, tokens.lea))
        .status,
    ).toBe(403);
    expect(
      (await call('POST', `${API}/export-vehicles/VE-0001/quote-requests`, { phoneNumber: '0612345678' })).status,
    ).toBe(401);
    expect(
      (
        await call(
          'POST',
          `${API}/export-vehicles/VE-0006/quote-requests`,
          { phoneNumber: '0612345678' },
          tokens.garage,
        )
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', `${API}/export-vehicles/VE-0001/quote-requests`, { phoneNumber: 612345678 }, tokens.garage))
        .status,
    ).toBe(422);
    expect(await count()).toBe(before);
  });

  it('records a quote request, mails the yard (reply to the customer) and sends the customer a copy', async () => {
    const answer = await call(
      'POST',
      `${API}/export-vehicles/VE-0003/quote-requests`,
      {
        phoneNumber: '06 12 34 56 78',
        destination: ' Belgique ',
        message: 'Pour réparation : quel délai d’enlèvement ?',
      },
      tokens.garage,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      vehicle: `${API}/export-vehicles/VE-0003`,
      phoneNumber: '0612345678',
      destination: 'Belgique',
      requestedAt: '2026-11-23 13:30:00',
      notified: true,
    });

    const [copy, toYard] = await readOutbox(outbox, 2);
    expect(toYard!.to).toBe(YARD);
    expect(toYard!.subject).toBe('Demande de devis VE-0003 — Garage Central');
    expect(toYard!.text).toContain('Volkswagen Golf VII 1.6 TDI 110 (2014)');
    expect(toYard!.text).toContain('SIRET 73282932000074');
    expect(toYard!.text).toContain('garage@exemple.fr, 0612345678');
    expect(toYard!.text).toContain('le lundi 23 novembre 2026 à 14 h 30');
    const raw = readFileSync(join(outbox, readdirSync(outbox).filter((name) => name.includes(YARD))[0]!), 'utf8');
    expect(raw).toMatch(/^Reply-To: garage@exemple\.fr$/m);
    expect(copy!.to).toBe('garage@exemple.fr');
    expect(copy!.subject).toBe('Votre demande de devis — Volkswagen Golf VII 1.6 TDI 110 (2014)');
    expect(copy!.links).toContain('http://localhost:3000/compte/vehicules-export');

    const data = (await call('GET', `${API}/customers/${ids.garage}/personal-data`, undefined, tokens.garage)).body;
    expect(data.exportQuoteRequests).toEqual([
      expect.objectContaining({
        vehicle: 'Volkswagen Golf VII 1.6 TDI 110 (VE-0003)',
        phoneNumber: '0612345678',
        destination: 'Belgique',
      }),
    ]);
  });

  it('limits quote requests per customer', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (
          await call(
            'POST',
            `${API}/export-vehicles/VE-0002/quote-requests`,
            { phoneNumber: '+32 470 12 34 56' },
            tokens.garage,
          )
        ).status,
      );
    }
    // One request was made by the test before: ten an hour in all.
    expect(statuses.filter((status) => status === 201)).toHaveLength(9);
    expect(statuses.slice(9)).toEqual([429, 429, 429]);
  });

  it('forgets the quote requests when the account is deleted', async () => {
    expect(
      (await call('DELETE', `${API}/customers/${ids.garage}`, { currentPassword: PASSWORD }, tokens.garage)).status,
    ).toBe(204);
    const { rows } = (await shop.database.db.execute(
      `SELECT count(*)::int AS n FROM export_quote_requests WHERE customer_id = ${ids.garage}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
