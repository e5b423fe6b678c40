/**
 * No GET (or HEAD) route of the shop API changes a row. Reading a visitor's cart
 * with a customer's token once made it that customer's (order-access.ts): a link opened was enough to
 * take a stranger's cart, its part and its address. Every GET route the app registers (its own list,
 * so a new route is covered without being named here) is called with real values of a small world
 * (other people's carts, orders, ids, codes, a live reset link…) and unknown ones, as customer A, as
 * customer B, anonymously, with a broken token, with A's token after sign-out and with the staff
 * token; every table's rows are compared before and after each call, whatever the answer.
 *
 * Not covered here: the rate-limit counters live in each process's memory (http/rate-limits.ts), not
 * in the database, and a part's drawn photo is written once under the media folder, not as a row.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.js';
import { createCustomer, updateCustomer } from '../src/db/customers.js';
import { accountRecoveries, registrations } from '../src/db/schema.js';
import { CHANNEL_CODE } from '../src/domain/channel.js';
import { newToken, tokenDigest } from '../src/domain/secrets.js';
import { createMailer } from '../src/mail/mailer.js';
import { LEA_ADDRESS } from './helpers/address.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import { jsonCaller, type Json } from './helpers/call.js';
import { databaseRows, rowChanges } from './helpers/database-state.js';

const API = '/api/v2/shop';
const PASSWORD = 'pieces-auto-2026';
const STAFF_TOKEN = 'get-routes-staff-token-0123456789abcdef';
const SITE = 'http://localhost:3000';
const PAY_URLS = { afterSuccessUrl: `${SITE}/commande/valide`, afterCancelUrl: `${SITE}/commande/livraison` };

/**
 * Columns a GET may change by design (`table` as `schema.table`), each with its reason. None today:
 * sign-in and token refresh set `customers.last_seen_at`, but they are POSTs. A GET found writing is a
 * bug to fix, not a line to add here.
 */
const CHANGED_BY_DESIGN: { table: string; column: string; why: string }[] = [];
const IGNORED = new Map<string, string[]>();
for (const { table, column } of CHANGED_BY_DESIGN) IGNORED.set(table, [...(IGNORED.get(table) ?? []), column]);

/** The GET routes Fastify's router serves, read from its printed tree (`├── /segment (GET, HEAD)`). */
function printedGetRoutes(tree: string): string[] {
  const path: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const node = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!node) continue;
    path.length = node[1]!.length / 4;
    path.push(node[2]!);
    if (node[3]?.split(', ').includes('GET')) routes.push(path.join(''));
  }
  return routes;
}

describe.each(BACKENDS)('GET routes change no row on %s', (backend) => {
  let shop: TestShop;
  const call = jsonCaller(() => shop);
  /** Who calls: the Authorization header each identity sends (none for the visitor). */
  const callers: Record<string, string | undefined> = {};
  /** Real and unknown values for each path parameter, by `<segment before it>/:<name>`: label → value. */
  const values: Record<string, Record<string, string | number>> = {};
  /** Query strings tried on the routes that read one (besides none): label → query. */
  const queries: Record<string, Record<string, string>> = {};
  let visitorCart = '';
  let cartA = '';

  let passwordHash: Promise<string> | undefined;
  async function customer(email: string, fields: Partial<Parameters<typeof createCustomer>[1]> = {}) {
    const created = await createCustomer(shop.database.db, {
      email,
      firstName: 'Léa',
      lastName: 'Martin',
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
      verifiedAt: new Date(),
      ...fields,
    });
    if (created === 'email-taken') throw new Error(email);
    return created;
  }

  /** Signs in through the real route: the token names a live session. */
  async function signIn(email: string): Promise<{ token: string; refresh: string }> {
    const answer = await call('POST', `${API}/authentication-token`, { email, password: PASSWORD });
    expect(answer.status).toBe(200);
    return { token: answer.body.token, refresh: answer.body.refresh_token };
  }

  async function ok(answer: Promise<{ status: number; body: Json }>, status = 200): Promise<Json> {
    const { status: got, body } = await answer;
    expect(got, JSON.stringify(body)).toBe(status);
    return body;
  }

  /** A cart of `token`'s customer (or a visitor's) holding `codes`, addressed, with pickup at the yard chosen. */
  async function readyCart(token: string | undefined, codes: string[], address: Json): Promise<string> {
    const cart = await ok(call('POST', `${API}/orders`, {}, token), 201);
    for (const code of codes)
      await ok(call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: code }, token), 201);
    const addressed = await ok(call('PUT', `${API}/orders/${cart.tokenValue}`, address, token));
    await ok(
      call(
        'PATCH',
        `${API}/orders/${cart.tokenValue}/shipments/${addressed.shipments[0].id}`,
        { shippingMethod: 'retrait_casse' },
        token,
      ),
    );
    return cart.tokenValue;
  }

  const staff = (method: string, url: string) => call(method, url, undefined, STAFF_TOKEN);
  const sessionOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

  beforeAll(async () => {
    shop = await startTestShop(backend, 20, {
      staffToken: STAFF_TOKEN,
      mailer: createMailer({ outboxDir: mkdtempSync(join(tmpdir(), 'shop-outbox-get-')), from: 'boutique@test' }),
    });
    const db = shop.database.db;
    const products = (await call('GET', `${API}/products?itemsPerPage=100`)).body['hydra:member'] as Json[];
    const codes = products.map((product) => product.code as string);

    // Customers made straight in the database, confirmed, then signed in over HTTP.
    const a = await customer('a.lecture@exemple.fr');
    const b = await customer('b.lecture@exemple.fr', {
      groupCode: 'professional',
      companyName: 'Garage Central',
      siret: '73282932000074',
    });
    // C registered and was mailed a link (a registration of its own, decision 0026), never followed.
    const confirmationC = newToken();
    const unconfirmed = await customer('c.lecture@exemple.fr', { verifiedAt: null });
    await db.insert(registrations).values({
      customerId: unconfirmed.id,
      firstName: 'Céline',
      lastName: 'Lecture',
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
      tokenHash: tokenDigest(confirmationC),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const tokenA = (await signIn(a.email)).token;
    const tokenB = (await signIn(b.email)).token;
    const ended = await signIn(a.email);
    await ok(call('POST', `${API}/invalidate-token`, { refresh_token: ended.refresh }));
    const addressA = await ok(call('POST', `${API}/addresses`, LEA_ADDRESS, tokenA), 201);
    const addressB = await ok(
      call('POST', `${API}/addresses`, { ...LEA_ADDRESS, firstName: 'Bruno', company: 'Garage Central' }, tokenB),
      201,
    );

    // A's order: two parts, paid on the sandbox page, handed over, one of them withdrawn.
    const paidA = await readyCart(tokenA, [codes[0]!, codes[1]!], { billingAddressId: addressA.id });
    const paymentA = await ok(call('POST', `${API}/orders/${paidA}/pay`, PAY_URLS, tokenA));
    const placed = await shop.app.inject({
      method: 'POST',
      url: new URL(paymentA.checkoutUrl).pathname + '/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(placed.statusCode).toBe(303);
    for (const operation of ['validate', 'ship', 'fulfill'])
      await ok(staff('POST', `/api/v2/admin/orders/${paidA}/${operation}`));
    const orderA = await ok(call('GET', `${API}/orders/${paidA}`, undefined, tokenA));
    await ok(call('POST', `${API}/orders/${paidA}/withdrawals`, { items: [orderA.items[0].id] }, tokenA), 201);
    // A's cart now, and a visitor's cart with a part and an address.
    cartA = (await ok(call('POST', `${API}/orders`, {}, tokenA), 201)).tokenValue;
    await ok(call('POST', `${API}/orders/${cartA}/items`, { productVariant: codes[2] }, tokenA), 201);
    visitorCart = await readyCart(undefined, [codes[3]!], {
      email: 'visiteur@exemple.fr',
      billingAddress: { ...LEA_ADDRESS, firstName: 'Victor' },
    });
    // B's cart with a payment left open on the sandbox page (its part held), and a quote request.
    const cartB = await readyCart(tokenB, [codes[4]!], { billingAddressId: addressB.id });
    const paymentB = await ok(call('POST', `${API}/orders/${cartB}/pay`, PAY_URLS, tokenB));
    const vehicles = (await ok(call('GET', `${API}/export-vehicles`, undefined, tokenB)))['hydra:member'] as Json[];
    await ok(
      call('POST', `${API}/export-vehicles/${vehicles[0]!.code}/quote-requests`, { phoneNumber: '0612345678' }, tokenB),
      201,
    );
    // A reset link A asked for (live), and one of B's that expired.
    const resetA = newToken();
    await updateCustomer(db, a.id, {
      resetTokenHash: tokenDigest(resetA),
      resetExpiresAt: new Date(Date.now() + 3600_000),
    });
    const resetB = newToken();
    await updateCustomer(db, b.id, {
      resetTokenHash: tokenDigest(resetB),
      resetExpiresAt: new Date(Date.now() - 1000),
    });
    // The way back of an address A's account left (decision 0028), live.
    const recoveryA = newToken();
    await db.insert(accountRecoveries).values({
      customerId: a.id,
      email: 'ancienne-adresse-a@exemple.fr',
      tokenHash: tokenDigest(recoveryA),
      provenSince: new Date(Date.now() - 3600_000),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    await shop.app.backgroundTasks.idle();

    const product = await ok(call('GET', `${API}/products/${codes[5]}`));
    const imageId = String(product.images[0]['@id']).split('/').pop()!;
    const taxon = (await ok(call('GET', `${API}/taxons`)))['hydra:member'][0] as Json;
    const productTaxon = String(product.productTaxons[0]).split('/').pop()!;
    const unknownToken = 'aucun-panier-de-ce-nom-0000000000';

    Object.assign(callers, {
      A: `Bearer ${tokenA}`,
      B: `Bearer ${tokenB}`,
      visitor: undefined,
      'broken token': 'Bearer a.b.c',
      'A after sign-out': `Bearer ${ended.token}`,
      staff: `Bearer ${STAFF_TOKEN}`,
    });
    const orderTokens = {
      "visitor's cart": visitorCart,
      "A's cart": cartA,
      "A's paid order": paidA,
      "B's cart being paid": cartB,
      'unknown token': unknownToken,
    };
    const productCodes = {
      'part for sale': codes[5]!,
      'sold part': codes[0]!,
      'held part': codes[4]!,
      unknown: 'P9999999',
    };
    Object.assign(values, {
      'orders/:token': orderTokens,
      'reset-password/:token': {
        "A's live reset link": resetA,
        "B's expired reset link": resetB,
        "C's confirmation link": confirmationC,
        "visitor's cart token": visitorCart,
        unknown: unknownToken,
      },
      'account-verification-requests/:token': {
        "C's confirmation link": confirmationC,
        "A's live reset link": resetA,
        unknown: unknownToken,
      },
      'account-recoveries/:token': {
        "A's live recovery link": recoveryA,
        "A's live reset link": resetA,
        unknown: unknownToken,
      },
      'customers/:id': { A: a.id, B: b.id, 'unconfirmed C': unconfirmed.id, unknown: 999_999 },
      'addresses/:id': { "A's": addressA.id, "B's": addressB.id, unknown: 999_999 },
      'channels/:code': { 'the channel': CHANNEL_CODE, unknown: 'INCONNU' },
      'taxons/:code': { 'a family': taxon.code, unknown: 'INCONNU' },
      'products/:code': productCodes,
      'product-variants/:code': productCodes,
      'product-taxons/:id': { "a part's": productTaxon, unknown: '999999' },
      'product-images/:id': { "a part's": imageId, unknown: '999999' },
      'parts/:file': {
        'photo to draw': `${codes[5]}-1.webp`,
        "sold part's photo": `${codes[0]}-2.webp`,
        'imported photo missing': `${codes[5]}-1-0123456789ab.webp`,
        unknown: 'P9999999-1.webp',
      },
      'countries/:code': { France: 'FR', unknown: 'XX' },
      'shipping-methods/:code': { pickup: 'retrait_casse', unknown: 'inconnu' },
      'export-vehicles/:code': { 'a vehicle': vehicles[0]!.code, unknown: 'VE-9999' },
      'checkout/:session': {
        "B's open payment": sessionOf(paymentB.checkoutUrl),
        "A's paid payment": sessionOf(paymentA.checkoutUrl),
        unknown: 'sbx_inconnu',
      },
    });
    Object.assign(queries, {
      [`${API}/shipping-methods`]: Object.fromEntries(
        Object.entries(orderTokens).map(([label, token]) => [`priced for ${label}`, `?tokenValue=${token}`]),
      ),
      [`${API}/products`]: {
        'page 2 by price': '?itemsPerPage=5&page=2&order[price]=desc',
        'a family': `?taxon=${API}/taxons/${taxon.code}`,
        'exact family': `?productTaxons.taxon.code=${taxon.code}`,
        search: '?search=porte',
      },
      [`${API}/products-index`]: { 'page 2': '?itemsPerPage=5&page=2' },
      [`${API}/taxons`]: { children: `?parentCode=${taxon.code}` },
      [`${API}/orders`]: { 'page 1': '?page=1' },
      ['/api/v2/admin/orders']: { new: '?state=new', fulfilled: '?state=fulfilled' },
    });
  });

  afterAll(async () => {
    await shop?.close();
  });

  it('answers every GET route, for everyone, without writing a row', async () => {
    const db = shop.database.db;
    const routes = shop.app.routeList.filter((route) => route.method === 'GET').map((route) => route.url);
    // The app's list holds every GET route the router serves, those registered before its hook too.
    expect([...routes].sort()).toEqual(printedGetRoutes(shop.app.printRoutes({ commonPrefix: false })).sort());
    const problems: string[] = [];
    const answered = new Map<string, number[]>(routes.map((route) => [route, []]));
    let before = await databaseRows(db);
    let calls = 0;
    for (const route of routes) {
      // Each path parameter takes the world's values for it: a route with a new parameter must add some.
      let targets = [{ url: route, label: '' }];
      for (const [, segment, name] of route.matchAll(/([^/]+)\/:(\w+)/g)) {
        const pool = values[`${segment}/:${name}`];
        if (!pool) {
          problems.push(`${route}: no values for :${name}, add some to the world`);
          targets = [];
          continue;
        }
        targets = targets.flatMap((target) =>
          Object.entries(pool).map(([label, value]) => ({
            url: target.url.replace(`:${name}`, encodeURIComponent(value)),
            label: `${target.label}${name}: ${label}; `,
          })),
        );
      }
      targets = targets.flatMap((target) => [
        target,
        ...Object.entries(queries[route] ?? {}).map(([label, query]) => ({
          url: target.url + query,
          label: `${target.label}${label}; `,
        })),
      ]);
      for (const { url, label } of targets)
        for (const method of ['GET', 'HEAD'] as const)
          for (const [who, authorization] of Object.entries(callers)) {
            const response = await shop.app.inject({
              method,
              url,
              headers: { accept: 'application/ld+json', ...(authorization ? { authorization } : {}) },
            });
            calls += 1;
            answered.get(route)!.push(response.statusCode);
            // Work a handler left for after its answer (mails) would write then: wait for it.
            await shop.app.backgroundTasks.idle();
            const after = await databaseRows(db);
            const changes = rowChanges(before, after, IGNORED);
            if (changes.length > 0)
              problems.push(
                `${method} ${url} (${label}as ${who}) → ${response.statusCode} wrote: ${changes.join('; ')}`,
              );
            before = after;
          }
    }
    // Every route answered a success at least once: the world's values reached the handlers.
    for (const [route, statuses] of answered)
      if (!statuses.some((status) => status < 300)) problems.push(`${route}: never a success (${statuses.join(' ')})`);
    console.log(`${backend}: ${calls} calls on ${routes.length} GET routes`);
    expect(problems).toEqual([]);
    // The visitor's cart is still nobody's, A's cart still A's.
    expect((await call('GET', `${API}/orders/${visitorCart}`)).status).toBe(200);
    expect((await call('GET', `${API}/orders/${cartA}`)).status).toBe(404);
  }, 300_000);
});
