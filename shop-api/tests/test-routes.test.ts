/**
 * The test-only routes (SHOP_API_TEST_ROUTES=1): absent unless asked for; when present a digest per table
 * that moves with any write, never the rows themselves, and an account's address made older.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { BACKENDS, PUBLIC_URL, startTestShop, type TestShop } from './helpers/backends.js';

const DIGEST = '/test/database-digest';

describe('SHOP_API_TEST_ROUTES', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['true', false],
    ['1', true],
  ])('set to %o turns the test routes %s', (value, expected) => {
    const before = process.env.SHOP_API_TEST_ROUTES;
    try {
      if (value === undefined) delete process.env.SHOP_API_TEST_ROUTES;
      else process.env.SHOP_API_TEST_ROUTES = value;
      expect(loadConfig().testRoutes).toBe(expected);
    } finally {
      if (before === undefined) delete process.env.SHOP_API_TEST_ROUTES;
      else process.env.SHOP_API_TEST_ROUTES = before;
    }
  });
});

describe.each(BACKENDS)('the database digest on %s', (backend) => {
  let testing: TestShop;
  /** The same shop's database served as in service: no test routes. */
  let plain: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    testing = await startTestShop(backend, 10, { testRoutes: true });
    plain = await buildApp({ db: testing.database.db, publicUrl: PUBLIC_URL, mediaDir: testing.mediaDir });
  });
  afterAll(async () => {
    await plain?.close();
    await testing?.close();
  });

  const digest = async (app: TestShop['app']) => app.inject({ method: 'GET', url: DIGEST });

  it('is not there without the setting', async () => {
    expect((await digest(plain)).statusCode).toBe(404);
    expect(plain.routeList.some((route) => route.url.startsWith('/test/'))).toBe(false);
  });

  it('gives each table its row count and a hash, the same twice, another after a write', async () => {
    const first = await digest(testing.app);
    expect(first.statusCode).toBe(200);
    const { tables } = first.json() as { tables: { table: string; rows: number; md5: string }[] };
    expect(tables.map((t) => t.table)).toEqual(expect.arrayContaining(['public.orders', 'public.customers']));
    for (const entry of tables) {
      expect(Object.keys(entry).sort()).toEqual(['md5', 'rows', 'table']);
      expect(entry.md5).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(tables.find((t) => t.table === 'public.products')!.rows).toBe(10);
    // Hashes only: no part's name or code is in the answer.
    expect(first.body).not.toMatch(/P\d{7}/);
    expect((await digest(testing.app)).json()).toEqual(first.json());

    const cart = await testing.app.inject({
      method: 'POST',
      url: '/api/v2/shop/orders',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ localeCode: 'fr_FR' }),
    });
    expect(cart.statusCode).toBe(201);
    const after = ((await digest(testing.app)).json() as { tables: typeof tables }).tables;
    const changed = after.filter((t, i) => t.md5 !== tables[i]!.md5).map((t) => t.table);
    expect(changed).toEqual(['public.orders']);
    expect(after.find((t) => t.table === 'public.orders')!.rows).toBe(
      tables.find((t) => t.table === 'public.orders')!.rows + 1,
    );
  });

  it('makes an account’s address older for journeys that need its tenure, and only with the setting', async () => {
    const { createCustomer } = await import('../src/db/customers.js');
    await createCustomer(testing.database.db, {
      email: 'ancienne@exemple.fr',
      firstName: 'Léa',
      lastName: 'Martin',
      passwordHash: 'x',
    });
    const age = (app: TestShop['app'], email: string) =>
      app.inject({
        method: 'POST',
        url: '/test/email-tenure',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email, days: 8 }),
      });
    expect((await age(plain, 'ancienne@exemple.fr')).statusCode).toBe(404);
    expect((await age(testing.app, 'ancienne@exemple.fr')).statusCode).toBe(204);
    expect((await age(testing.app, 'personne@exemple.fr')).statusCode).toBe(404);
    const result = await testing.database.db.execute(
      sql`SELECT email_since FROM customers WHERE email = 'ancienne@exemple.fr'`,
    );
    const [row] = (result as unknown as { rows: { email_since: Date | string }[] }).rows;
    expect(Date.now() - new Date(row!.email_since).getTime()).toBeGreaterThan(7 * 86_400_000);
  });
});
