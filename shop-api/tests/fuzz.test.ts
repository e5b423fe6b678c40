/**
 * Hostile input, short form: FUZZ_REQUESTS (default 1 500) hostile requests over
 * HTTP across every route of the shop API. No 5xx; another customer's resources never answer with a
 * success; a refused request leaves every table as it was (checksum); the server still answers at
 * the end. `npm run bench:fuzz` runs the same with 10 000 and more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtService } from '../src/auth/jwt.js';
import { customers } from '../src/db/schema.js';
import { eq } from 'drizzle-orm';
import { hostileRequests, type FuzzActors } from './fuzz/hostile.js';
import { databaseChecksum } from './helpers/database-state.js';
import { startTestShop, type TestShop } from './helpers/backends.js';
import { sessionToken } from './helpers/sessions.js';

const COUNT = Number(process.env.FUZZ_REQUESTS || 1500);
const API = '/api/v2/shop';
const key = new TextEncoder().encode('fuzz-tests-signing-key-of-enough-length-00000');

describe('hostile input on every route of the shop API', () => {
  let shop: TestShop;
  let base: string;
  let actors: FuzzActors;
  const jwt = createJwtService(key);

  beforeAll(async () => {
    shop = await startTestShop('pglite', 20, { jwt, staffToken: 'fuzz-staff-token-0123456789abcdef' });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(base + path, {
        method,
        headers: {
          accept: 'application/ld+json',
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.status === 204 ? null : response.json();
    };
    const ids: number[] = [];
    for (const email of ['a.fuzz@exemple.fr', 'b.fuzz@exemple.fr']) {
      await call('POST', `${API}/customers`, {
        firstName: 'Test',
        lastName: 'Fuzz',
        email,
        password: 'pieces-auto-2026',
      });
      const [row] = await shop.database.db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.email, email));
      ids.push(row!.id);
    }
    const db = shop.database.db;
    const a = { id: ids[0]!, email: 'a.fuzz@exemple.fr' };
    const tokenA = await sessionToken(db, jwt, a);
    const address = await call(
      'POST',
      `${API}/addresses`,
      { firstName: 'Anne', lastName: 'Fuzz', street: '1 rue A', city: 'Douai', postcode: '59500', countryCode: 'FR' },
      tokenA,
    );
    const cart = await call('POST', `${API}/orders`, { localeCode: 'fr_FR' }, tokenA);
    const part = (await call('GET', `${API}/products?itemsPerPage=1`))['hydra:member'][0];
    await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: part.code }, tokenA);
    actors = {
      tokenB: await sessionToken(db, jwt, { id: ids[1]!, email: 'b.fuzz@exemple.fr' }),
      // Refused for their date or their key alone: each names a live session of A.
      expiredToken: await sessionToken(
        db,
        createJwtService(key, 3600, () => new Date(Date.now() - 2 * 86_400_000)),
        a,
      ),
      forgedToken: await sessionToken(
        db,
        createJwtService(new TextEncoder().encode('another-key-another-key-another-key-0000000'), 3600),
        a,
      ),
      customerA: ids[0]!,
      addressA: address.id,
      orderTokenA: cart.tokenValue,
    };
  }, 120_000);

  afterAll(async () => {
    await shop?.close();
  });

  it(`answers ${COUNT} hostile requests without a 5xx, a leak or a write it refused`, async () => {
    const requests = hostileRequests(shop.app.routeList, actors, COUNT);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let checksum = await databaseChecksum(shop.database.db);
    for (const request of requests) {
      let status: number;
      try {
        const response = await fetch(base + request.url, {
          method: request.method,
          headers: request.headers,
          body: request.payload,
          redirect: 'manual',
        });
        status = response.status;
        await response.arrayBuffer();
      } catch (error) {
        problems.push(`${request.method} ${request.url.slice(0, 120)} (${request.kind}) : ${(error as Error).message}`);
        continue;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const where = `${request.method} ${request.url.slice(0, 120)} (${request.kind}) → ${status}`;
      if (status >= 500) problems.push(`5xx : ${where}`);
      if (request.foreign && status < 300) problems.push(`ressource d’un autre client servie : ${where}`);
      const after = await databaseChecksum(shop.database.db);
      if (status >= 400 && after !== checksum) problems.push(`refusée mais écrite : ${where}`);
      checksum = after;
    }
    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.log(
      `fuzz shop-api : ${requests.length} requêtes sur ${new Set(shop.app.routeList.map((r) => `${r.method} ${r.url}`)).size} routes — ${summary}`,
    );
    expect(problems).toEqual([]);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  }, 600_000);
});
