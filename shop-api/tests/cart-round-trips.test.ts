/**
 * Adding a part is the shop's busiest write: its answer is the whole cart (the storefront shows it
 * without reading the cart again), and it costs about half the SQL statements it used to (15 and 18
 * with a delivery: the order was read three times). Statements are counted as Drizzle sends them
 * (BEGIN and COMMIT aside).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { seedCatalogue } from '../src/seed/seed.js';
import { BACKENDS, freshDatabase, PUBLIC_URL, type TestShop } from './helpers/backends.js';
import { jsonCaller, type Json } from './helpers/call.js';

const API = '/api/v2/shop';
const address = {
  firstName: 'Camille',
  lastName: 'Durand',
  street: '12 rue des Lilas',
  city: 'Lille',
  postcode: '59000',
  countryCode: 'FR',
};

describe.each(BACKENDS)('adding a part on %s', (backend) => {
  let shop: TestShop;
  let statements: string[] | null = null;
  const call = jsonCaller(() => shop);
  /** The statements one call sends. */
  async function counted<T>(run: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
    statements = [];
    try {
      const result = await run();
      return { result, sql: statements };
    } finally {
      statements = null;
    }
  }

  beforeAll(async () => {
    // node-postgres's driver logs BEGIN and COMMIT, PGlite's does not: they are left out on both.
    const onQuery = (sql: string) => {
      if (!/^(begin|commit|rollback)\b/i.test(sql)) statements?.push(sql);
    };
    const { database, drop } = await freshDatabase(backend, { onQuery });
    await seedCatalogue(database.db, { parts: 40 });
    const mediaDir = mkdtempSync(join(tmpdir(), 'shop-media-'));
    const app = await buildApp({ db: database.db, publicUrl: PUBLIC_URL, mediaDir });
    shop = {
      database,
      app,
      mediaDir,
      async close() {
        await app.close();
        await drop();
      },
    };
  });
  afterAll(async () => {
    await shop?.close();
  });

  const parts = async (n: number) =>
    (await call('GET', `${API}/products?itemsPerPage=${n}`)).body['hydra:member'] as Json[];

  it('answers the whole cart in 8 statements: nothing to read again', async () => {
    const [first, second] = await parts(2);
    const token = (await call('POST', `${API}/orders`, {})).body.tokenValue as string;
    await call('POST', `${API}/orders/${token}/items`, { productVariant: first!.code });

    const { result: added, sql } = await counted(() =>
      call('POST', `${API}/orders/${token}/items`, { productVariant: second!.code }),
    );
    expect(added.status).toBe(201);
    // Exactly what reading the cart answers.
    expect(added.body).toEqual((await call('GET', `${API}/orders/${token}`)).body);
    expect(added.body).toMatchObject({
      tokenValue: token,
      itemsTotalQuantities: 2,
      itemsTotal: first!.defaultVariantData.price + second!.defaultVariantData.price,
      total: first!.defaultVariantData.price + second!.defaultVariantData.price,
      items: [{ productName: first!.name }, { productName: second!.name }],
    });
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(8);
  });

  it('reprices the delivery of an addressed cart in the same answer, in 9 statements at most', async () => {
    const [, , third, fourth] = await parts(4);
    const token = (await call('POST', `${API}/orders`, {})).body.tokenValue as string;
    await call('POST', `${API}/orders/${token}/items`, { productVariant: third!.code });
    expect((await call('PUT', `${API}/orders/${token}`, { billingAddress: address })).status).toBe(200);

    const { result: added, sql } = await counted(() =>
      call('POST', `${API}/orders/${token}/items`, { productVariant: fourth!.code }),
    );
    expect(added.status).toBe(201);
    expect(added.body).toEqual((await call('GET', `${API}/orders/${token}`)).body);
    expect(added.body.shipments).toHaveLength(1);
    expect(added.body.total).toBe(added.body.itemsTotal + added.body.shippingTotal);
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(9);
  });

  it('removes a part in 7 statements: the order row read once for access, the items only by the change', async () => {
    const [, , , , , sixth, seventh] = await parts(7);
    const token = (await call('POST', `${API}/orders`, {})).body.tokenValue as string;
    await call('POST', `${API}/orders/${token}/items`, { productVariant: sixth!.code });
    const added = await call('POST', `${API}/orders/${token}/items`, { productVariant: seventh!.code });
    const first = (added.body.items as Json[])[0]!.id;

    const { result: removed, sql } = await counted(() => call('DELETE', `${API}/orders/${token}/items/${first}`));
    expect(removed.status).toBe(204);
    expect((await call('GET', `${API}/orders/${token}`)).body).toMatchObject({
      itemsTotalQuantities: 1,
      itemsTotal: seventh!.defaultVariantData.price,
      total: seventh!.defaultVariantData.price,
      items: [{ productName: seventh!.name }],
    });
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(7);
  });

  it('refuses the same part twice without changing the cart', async () => {
    const [, , , , fifth] = await parts(5);
    const token = (await call('POST', `${API}/orders`, {})).body.tokenValue as string;
    const once = await call('POST', `${API}/orders/${token}/items`, { productVariant: fifth!.code });
    const twice = await call('POST', `${API}/orders/${token}/items`, { productVariant: fifth!.code });
    expect(twice.status).toBe(422);
    expect((await call('GET', `${API}/orders/${token}`)).body).toEqual(once.body);
  });
});
