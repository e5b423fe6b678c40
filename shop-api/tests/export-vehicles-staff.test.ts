/**
 * The staff's export vehicles: `npm run vehicules-export -- import` creates, changes, sells or
 * withdraws vehicles from the sample spreadsheet (re-running changes nothing, refused lines say why),
 * and `list` shows every vehicle with its quote requests, flagging one whose mail to the yard failed.
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtService } from '../src/auth/jwt.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import { sessionToken } from './helpers/sessions.js';
import { jsonCaller } from './helpers/call.js';

const API = '/api/v2/shop';
const STAFF = 'staff-token-for-export-vehicles-0123456';
const cli = fileURLToPath(new URL('../src/staff/export-vehicles-cli.ts', import.meta.url));
const sample = fileURLToPath(new URL('../samples/vehicules-export-exemple.csv', import.meta.url));

describe.each(BACKENDS)('staff’s export vehicles on %s', (backend) => {
  let shop: TestShop;
  let run: (...args: string[]) => Promise<{ stdout: string; stderr: string; code: number }>;
  const jwt = createJwtService(new TextEncoder().encode('export-staff-test-key-of-enough-length-0'));
  const call = jsonCaller(() => shop);
  let garage = '';
  let mailWorks = true;

  beforeAll(async () => {
    shop = await startTestShop(backend, 10, {
      staffToken: STAFF,
      jwt,
      mailer: {
        send: async () => {
          if (!mailWorks) throw new Error('SMTP down');
        },
      },
    });
    await shop.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (shop.app.server.address() as AddressInfo).port;
    run = (...args) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
        env: { ...process.env, SHOP_API_URL: `http://127.0.0.1:${port}`, STAFF_API_TOKEN: STAFF },
      }).then(
        ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
        (error: { stdout: string; stderr: string; code: number }) => ({
          stdout: error.stdout,
          stderr: error.stderr,
          code: error.code,
        }),
      );
    await call('POST', `${API}/customers`, {
      firstName: 'Marc',
      lastName: 'Leroy',
      email: 'marc@garage.fr',
      password: 'pieces-auto-2026',
      companyName: 'Garage du Beffroi',
      siret: '73282932000074',
    });
    const { rows } = (await shop.database.db.execute(
      `SELECT id FROM customers WHERE email = 'marc@garage.fr'`,
    )) as unknown as { rows: { id: number }[] };
    garage = await sessionToken(shop.database.db, jwt, { id: Number(rows[0]!.id), email: 'marc@garage.fr' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('imports the sample: two new vehicles, one sold, one refused line with its reasons; again: nothing changes', async () => {
    const first = await run('import', sample);
    expect(first.stdout).toContain('Véhicules créés : 2 · modifiés : 1 · inchangés : 0 · refusés : 1');
    expect(first.stdout).toMatch(
      /ligne 5 \(VE-0103\) refusée : « etat » est vide\. .*Kilométrage « abc ».*Statut « épave » : roulant, vei, vge ou vhu\./,
    );
    expect(first.code).toBe(2);

    const offered = (await call('GET', `${API}/export-vehicles`, undefined, garage)).body['hydra:member'] as {
      code: string;
    }[];
    expect(offered.map((vehicle) => vehicle.code)).toEqual(expect.arrayContaining(['VE-0101', 'VE-0102']));
    expect(offered.map((vehicle) => vehicle.code)).not.toContain('VE-0001');
    expect((await call('GET', `${API}/export-vehicles/VE-0101`, undefined, garage)).body).toMatchObject({
      name: 'Renault Kangoo II 1.5 dCi 90',
      mileage: 187_500,
      status: 'vei',
      priceExclVat: 185_000,
      documents: [
        'Certificat d’immatriculation barré',
        'Rapport d’expertise VEI',
        'Certificat de situation administrative',
      ],
    });

    const again = await run('import', sample);
    expect(again.stdout).toContain('Véhicules créés : 0 · modifiés : 0 · inchangés : 3 · refusés : 1');
  });

  it('lists every vehicle with its quote requests, and says when the yard was not told', async () => {
    expect(
      (await call('POST', `${API}/export-vehicles/VE-0102/quote-requests`, { phoneNumber: '06 11 22 33 44' }, garage))
        .body.notified,
    ).toBe(true);
    mailWorks = false;
    const unsent = await call(
      'POST',
      `${API}/export-vehicles/VE-0101/quote-requests`,
      { phoneNumber: '03 27 00 00 00', destination: 'Maroc' },
      garage,
    );
    // The request is kept even though no mail went out.
    expect(unsent.status).toBe(201);
    expect(unsent.body.notified).toBe(false);

    const { stdout, code } = await run('list');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^VE-0001 +Renault Clio IV 1\.5 dCi 90 \(2016\) +vei +vendu/m);
    expect(stdout).toMatch(/^VE-0003 .* sur devis$/m);
    expect(stdout).toMatch(/DEVIS demandé le .* : Garage du Beffroi, Marc Leroy, 0611223344, marc@garage\.fr\n/);
    expect(stdout).toMatch(
      /DEVIS demandé le .* : Garage du Beffroi, Marc Leroy, 0327000000, marc@garage\.fr, destination Maroc \(mail au centre NON parti : rappelez le client\)/,
    );
  });

  it('refuses the staff routes without the staff token', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/v2/admin/export-vehicles' })).statusCode).toBe(401);
    expect(
      (
        await shop.app.inject({
          method: 'PUT',
          url: '/api/v2/admin/export-vehicles',
          headers: { authorization: `Bearer ${garage}` },
          payload: { lines: [] },
        })
      ).statusCode,
    ).toBe(401);
  });
});
