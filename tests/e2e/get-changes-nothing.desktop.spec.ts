import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { readOutbox } from '../../shop-api/src/mail/outbox';
import { E2E_DIST_DIR } from '../../playwright.config';
import { AccountPage } from './pages/account-page';
import { ShopPage } from './pages/shop-page';
import { stopProcess, waitFor } from './pages/processes';

/**
 * No page or route handler of the storefront that answers a GET changes a row of the shop's database.
 * A signed-in customer opening `/compte/commandes/<a stranger's cart token>` once made that cart theirs in the shop API. Every page and GET handler under app/ (walked at test time, so
 * a new one is covered without being listed; a dynamic one needs real values in the table below) and
 * the addresses proxy.ts rewrites are opened in Chromium, until the network is quiet so that client
 * effects run, as customer A, as a visitor with a cart and without cookies; handlers are fetched too.
 * The shop API's digest of every table must be the same after each address as before it.
 *
 * A shop of its own (a copy of the end-to-end build, a shop API on its own PGlite files serving the
 * test-only digest, SHOP_API_TEST_ROUTES=1): the suite's other journeys write to the shared shop
 * meanwhile.
 *
 * Writes on a GET by design, kept out of the walk rather than allowed in it:
 * - the proxy renews an expired access token with the refresh token (a new `refresh_tokens` row, the
 *   old one spent, `customers.last_seen_at`): the session's own, without which nothing can be read;
 *   A's token lives an hour (JWT_TTL), so no renewal happens here;
 * - rate-limit counters live in each process's memory, not in the database.
 * Anything else a GET writes is a bug, never a line here.
 */
const OFFSET = 94;
const WEB = Number(process.env.E2E_WEB_PORT || 3100) + OFFSET;
const API = Number(process.env.E2E_API_PORT || 8100) + OFFSET;
const SITE = `http://localhost:${WEB}`;
const API_URL = `http://127.0.0.1:${API}`;
const PUBLIC_API_URL = `http://localhost:${API}`;
const DIST = `.next-e2e-get-${WEB}`;
const VAR = `var/e2e-get-${WEB}`;
const PASSWORD = 'pieces-auto-2026';
const env = {
  ...process.env,
  PORT: String(WEB),
  SHOP_API_PORT: String(API),
  SHOP_API_URL: API_URL,
  SHOP_API_PUBLIC_URL: PUBLIC_API_URL,
  SITE_URL: SITE,
  SHOP_VAR_DIR: VAR,
  NEXT_DIST_DIR: DIST,
  SEED_PARTS: '60',
  DATABASE_URL: '',
  NEXT_TELEMETRY_DISABLED: '1',
  LOG_LEVEL: 'error',
  SHOP_TEST_ROUTES: '1',
  SHOP_API_TEST_ROUTES: '1',
  RATE_LIMIT_SCALE: '20',
  JWT_TTL: '3600',
};
let shopApiProcess: ChildProcess | null = null;
let storefront: ChildProcess | null = null;

// A trace of some 250 loads would cost more than the loads: the failure names each address itself.
test.use({ baseURL: SITE, trace: 'off' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(VAR, { recursive: true, force: true, maxRetries: 5 });
  rmSync(DIST, { recursive: true, force: true, maxRetries: 5 });
  expect(spawnSync('cp', ['-r', E2E_DIST_DIR, DIST]).status).toBe(0);
  shopApiProcess = spawn(process.execPath, ['--import', 'tsx', 'shop-api/src/server.ts'], { env, stdio: 'ignore' });
  await waitFor(`${API_URL}/health`);
  storefront = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(WEB)], {
    env,
    stdio: 'ignore',
  });
  await waitFor(`${SITE}/api/session`);
});

test.afterAll(async () => {
  await stopProcess(storefront);
  await stopProcess(shopApiProcess);
  rmSync(DIST, { recursive: true, force: true, maxRetries: 5 });
});

// --- The routes, read from app/ -------------------------------------------------------------------

interface Route {
  /** The file under app/ that answers. */
  file: string;
  /** Its URL, dynamic segments as written (`/piece/[code]/[slug]`). */
  pattern: string;
  /** A route handler (fetched as well as opened). */
  handler: boolean;
}

/** Metadata files Next serves as route handlers, and their URL. */
const METADATA_ROUTES: Record<string, string> = {
  'robots.ts': 'robots.txt',
  'sitemap.ts': 'sitemap.xml',
  'manifest.ts': 'manifest.webmanifest',
};

/** Every page and GET handler under `dir`: route groups `(x)` and slots `@x` add no segment, `_x` folders are private. */
function routesUnder(dir: string, segments: string[] = []): Route[] {
  const routes: Route[] = [];
  const url = (last?: string) => `/${[...segments, ...(last ? [last] : [])].join('/')}`;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name.startsWith('_')) continue;
      // Intercepting routes ((.)x, (..)x) would need their own rule here.
      expect(entry.name, `${path}: a kind of folder this walk does not know`).not.toMatch(/^\(\.+\)/);
      const grouped = /^\(.*\)$/.test(entry.name) || entry.name.startsWith('@');
      routes.push(...routesUnder(path, grouped ? segments : [...segments, entry.name]));
    } else if (/^page\.(tsx|ts|jsx|js)$/.test(entry.name)) {
      routes.push({ file: path, pattern: url(), handler: false });
    } else if (/^route\.(ts|js)$/.test(entry.name)) {
      const source = readFileSync(path, 'utf8');
      if (/export\s+(async\s+)?function\s+GET\b|export\s+const\s+GET\b|export\s*\{[^}]*\bGET\b/.test(source))
        routes.push({ file: path, pattern: url(), handler: true });
    } else if (METADATA_ROUTES[entry.name]) {
      routes.push({ file: path, pattern: url(METADATA_ROUTES[entry.name]), handler: true });
    }
  }
  return routes;
}

const isDynamic = (pattern: string) => pattern.includes('[');

/** Whether `url` is one the pattern answers (`[x]` one segment, `[...x]` one or more, `[[...x]]` any). */
function answers(pattern: string, url: string): boolean {
  const path = url.split('?')[0]!;
  const source = pattern
    .split('/')
    .slice(1)
    .map((segment) =>
      /^\[\[\.\.\..+\]\]$/.test(segment)
        ? '(?:/[^/]+)*'
        : /^\[\.\.\..+\]$/.test(segment)
          ? '(?:/[^/]+)+'
          : /^\[.+\]$/.test(segment)
            ? '/[^/]+'
            : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('');
  return new RegExp(`^${source || '/'}$`).test(path);
}

// --- The digest of the shop's database ----------------------------------------------------------

type Digest = Map<string, { rows: number; md5: string }>;

async function digest(): Promise<Digest> {
  const response = await fetch(`${API_URL}/test/database-digest`);
  expect(response.status, 'the test shop API serves its digest (SHOP_API_TEST_ROUTES=1)').toBe(200);
  const { tables } = (await response.json()) as { tables: { table: string; rows: number; md5: string }[] };
  return new Map(tables.map(({ table, rows, md5 }) => [table, { rows, md5 }]));
}

/** The tables whose rows differ, with their row counts. */
function changedTables(before: Digest, after: Digest): string[] {
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((table) => before.get(table)?.md5 !== after.get(table)?.md5)
    .map((table) => `${table} (${before.get(table)?.rows ?? '-'} → ${after.get(table)?.rows ?? '-'} rows)`);
}

/** The digest once two readings a moment apart agree (answers may write after they are sent). */
async function settledDigest(): Promise<Digest> {
  let last = await digest();
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = await digest();
    if (changedTables(last, now).length === 0) return now;
    last = now;
  }
  throw new Error('the database never stopped changing');
}

// --- The world: customers, carts, an order, live links ------------------------------------------

/** The path of the newest link to `prefix` mailed to `email`. */
async function mailedLink(email: string, prefix: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await readOutbox(`${VAR}/mail`, 50)).find(
          (sent) => sent.to === email && sent.links.some((link) => new URL(link).pathname.startsWith(prefix)),
        );
        found = mail?.links.map((link) => new URL(link).pathname).find((path) => path.startsWith(prefix));
        return found;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

/** A call to the test shop API as the storefront makes them (plain JSON), with a customer's token if given. */
async function shopApi<T = Record<string, unknown>>(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${API_URL}/api/v2/shop/${path}`, {
    method,
    headers: {
      accept: 'application/json',
      'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** An account registered through the shop API; its mailed confirmation link. */
async function register(email: string, firstName: string, company?: { companyName: string; siret: string }) {
  const registered = await shopApi('POST', 'customers', {
    firstName,
    lastName: 'Martin',
    email,
    password: PASSWORD,
    ...company,
  });
  expect(registered.status, `registration of ${email}`).toBeLessThan(300);
  return mailedLink(email, '/verification/');
}

async function confirm(link: string) {
  // With the password: the link confirms the registration whose password comes with it.
  const confirmed = await shopApi('PATCH', `customers/verify/${link.split('/').pop()}`, { password: PASSWORD });
  expect(confirmed.status, `confirmation of ${link}`).toBe(202);
}

/** A live recovery link (decision 0028): `email`'s account moves to another address; the one left is mailed the way back. */
async function recoveryLink(email: string, movedTo: string) {
  await confirm(await register(email, 'Emma'));
  // The address has held the account a week (the test shop's own route): leaving it gives it a way back.
  const aged = await fetch(`${API_URL}/test/email-tenure`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, days: 8 }),
  });
  expect(aged.status, `tenure of ${email}`).toBe(204);
  const session = (
    await shopApi<{ token: string; customer: string }>('POST', 'customers/token', { email, password: PASSWORD })
  ).body;
  const moved = await shopApi(
    'PUT',
    `customers/${session.customer.split('/').pop()}`,
    { email: movedTo, currentPassword: PASSWORD },
    session.token,
  );
  expect(moved.status, `e-mail change of ${email}`).toBe(200);
  await confirm(await mailedLink(movedTo, '/verification/'));
  return mailedLink(email, '/recuperation/');
}

const ADDRESS = {
  firstName: 'Léa',
  lastName: 'Martin',
  street: '12 rue des Forges',
  postcode: '59500',
  city: 'Douai',
  countryCode: 'FR',
};

/** A customer's cart holding `code`, with a delivery address; its token. */
async function addressedCart(token: string, code: string): Promise<string> {
  const cart = (await shopApi<{ tokenValue: string }>('POST', 'orders', {}, token)).body.tokenValue;
  expect((await shopApi('POST', `orders/${cart}/items`, { productVariant: code }, token)).status).toBe(201);
  const addressed = await shopApi(
    'PUT',
    `orders/${cart}`,
    { billingAddress: ADDRESS, shippingAddress: ADDRESS },
    token,
  );
  expect(addressed.status).toBe(200);
  return cart;
}

/** An order placed and paid by the customer: `code` collected at the yard, paid on the sandbox page; its token. */
async function placedOrder(token: string, code: string): Promise<string> {
  const cart = await addressedCart(token, code);
  const { body } = await shopApi<{ shipments: { id: number }[] }>('GET', `orders/${cart}`, undefined, token);
  const chosen = await shopApi(
    'PATCH',
    `orders/${cart}/shipments/${body.shipments[0]!.id}`,
    { shippingMethod: 'retrait_casse' },
    token,
  );
  expect(chosen.status).toBe(200);
  const urls = { afterSuccessUrl: `${SITE}/commande/valide`, afterCancelUrl: `${SITE}/commande/livraison` };
  const { checkoutUrl } = (await shopApi<{ checkoutUrl: string }>('POST', `orders/${cart}/pay`, urls, token)).body;
  const paid = await fetch(`${API_URL}${new URL(checkoutUrl).pathname}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(paid.headers.get('location')).toBe(urls.afterSuccessUrl);
  return cart;
}

async function addressBookEntry(token: string): Promise<number> {
  const created = await shopApi<{ id: number }>('POST', 'addresses', ADDRESS, token);
  expect(created.status).toBe(201);
  return created.body.id;
}

async function signIn(page: Page, email: string) {
  const account = new AccountPage(page);
  await account.goto('/connexion');
  await account.signIn(email, PASSWORD);
  await expect(page).toHaveURL(/\/compte$/);
}

async function addPart(page: Page, code: string) {
  await new ShopPage(page).goto(`/piece/${code}`);
  await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
  await expect(page).toHaveURL(/\/panier\?ajout=/);
}

const cookie = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((c) => c.name === name)?.value;

// --- Loading a URL as a browser does -------------------------------------------------------------

/** Requests the page has in flight; `quiet()` resolves once none has been for 500 ms (Playwright's networkidle). */
function networkWatch(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    /** Resolves once quiet, or after `limitMs` (a write after that shows at the next address). */
    async quiet(limitMs = 10_000) {
      const deadline = Date.now() + limitMs;
      while ((inFlight.size > 0 || Date.now() - lastChange < 500) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
    },
    reset() {
      inFlight.clear();
      lastChange = Date.now();
    },
  };
}

test('no page or GET route handler of the storefront changes a row of the shop’s database', async ({ browser }) => {
  // Some 130 page loads one after another (three at a time): minutes on a busy machine.
  test.setTimeout(360_000);
  const routes = routesUnder('app');
  expect(routes.length, 'pages found under app/').toBeGreaterThan(20);

  // The world.
  const codes = (await shopApi<{ code: string }[]>('GET', 'products?itemsPerPage=30')).body.map((p) => p.code);
  expect(codes.length).toBeGreaterThanOrEqual(6);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const emailA = `a.${stamp}@exemple.fr`;
  const emailB = `b.${stamp}@exemple.fr`;
  const [linkA, linkB, verificationLink] = await Promise.all([
    // A is a professional: the export vehicles' pages are theirs.
    register(emailA, 'Alice', { companyName: 'Alice Pièces SARL', siret: '732 829 320 00074' }),
    register(emailB, 'Bruno'),
    // D never confirms: their link stays alive for the walk.
    register(`d.${stamp}@exemple.fr`, 'Denise'),
  ]);
  await Promise.all([confirm(linkA), confirm(linkB)]);
  const tokenB = (await shopApi<{ token: string }>('POST', 'customers/token', { email: emailB, password: PASSWORD }))
    .body.token;
  const contextA = await browser.newContext({ baseURL: SITE });
  const pageA = await contextA.newPage();
  const visitor = await browser.newContext({ baseURL: SITE });
  const visitorPage = await visitor.newPage();
  await signIn(pageA, emailA);
  const tokenA = (await cookie(contextA, 'shop_token'))!;
  const [orderA, orderB, addressA, addressB] = await Promise.all([
    placedOrder(tokenA, codes[0]!),
    placedOrder(tokenB, codes[1]!),
    addressBookEntry(tokenA),
    addressBookEntry(tokenB),
    addPart(visitorPage, codes[4]!),
  ]);
  // Once their orders are placed: a customer's new cart would be the one they already have.
  const [cartB] = await Promise.all([
    // B's cart: a part and a delivery address.
    addressedCart(tokenB, codes[3]!),
    // A's open cart, in their browser.
    addPart(pageA, codes[2]!),
  ]);
  // A live password-reset link (B's).
  expect((await shopApi('POST', 'customers/reset-password', { email: emailB })).status).toBe(202);
  const resetLink = await mailedLink(emailB, '/mot-de-passe-oublie/');
  const recovery = await recoveryLink(`e.${stamp}@exemple.fr`, `e2.${stamp}@exemple.fr`);
  const vehicle = (await shopApi<{ code: string }[]>('GET', 'export-vehicles', undefined, tokenA)).body[0]!.code;
  expect(await cookie(contextA, 'shop_cart_token'), 'A’s cart: the checkout pages render for A').toBeTruthy();
  const cartVisitor = await cookie(visitor, 'shop_cart_token');
  expect(cartVisitor).toBeTruthy();
  const partPath = async (code: string) =>
    (await fetch(`${SITE}/piece/${code}`, { redirect: 'manual' })).headers.get('location')!;
  // A's own order, and other people's: an order, a customer's cart with an address, a visitor's cart.
  const tokenNames = new Map([
    [orderA, 'A’s order'],
    [orderB, 'B’s order'],
    [cartB, 'B’s cart'],
    [cartVisitor!, 'the visitor’s cart'],
  ]);
  const orderTokens = [...tokenNames.keys()];
  expect(orderTokens, 'four different orders and carts').toHaveLength(4);
  const search = (words: string) => `/recherche/~1~${Buffer.from(words, 'utf8').toString('base64url')}`;

  /** Real values of the test shop for each dynamic route: a new one fails the test until it has some. */
  const values: Record<string, string[]> = {
    '/[page]': ['/mentions-legales'],
    '/marques/[slug]': ['/marques/renault'],
    // A part sold (A's) and one on sale.
    '/piece/[code]/[slug]': [await partPath(codes[0]!), await partPath(codes[5]!)],
    '/pieces/[[...slug]]': ['/pieces', '/pieces/freinage/maitre-cylindre'],
    '/recherche/[terms]': [search('phare')],
    '/compte/adresses/[id]': [`/compte/adresses/${addressA}`, `/compte/adresses/${addressB}`],
    '/compte/commandes/[token]': orderTokens.map((token) => `/compte/commandes/${token}`),
    '/compte/commandes/[token]/retractation': orderTokens.map((token) => `/compte/commandes/${token}/retractation`),
    '/compte/vehicules-export/[code]': [`/compte/vehicules-export/${vehicle}`],
    '/mot-de-passe-oublie/[token]': [resetLink],
    '/recuperation/[token]': [recovery],
    '/verification/[token]': [verificationLink],
    '/sitemaps/[file]': ['/sitemaps/pages.xml', '/sitemaps/pieces-1.xml'],
  };
  const patterns = new Set(routes.map((route) => route.pattern));
  const missing = routes.filter((route) => isDynamic(route.pattern) && !values[route.pattern]);
  expect(
    missing.map((route) => `${route.file} (${route.pattern})`),
    'dynamic routes with no value in the table',
  ).toEqual([]);
  expect(
    Object.keys(values).filter((pattern) => !patterns.has(pattern)),
    'table entries naming no route',
  ).toEqual([]);
  for (const [pattern, urls] of Object.entries(values))
    for (const url of urls) expect(answers(pattern, url), `${url} is an address of ${pattern}`).toBe(true);

  // Addresses the proxy rewrites or guards, beyond the bare routes.
  const brand = ((await (await fetch(`${SITE}/api/brands`)).json()) as { code: string }[])[0]!.code;
  const model = ((await (await fetch(`${SITE}/api/vehicles?parent=${brand}`)).json()) as { code: string }[])[0]!.code;
  const extra: { file: string; url: string; handler: boolean }[] = [
    { file: 'proxy.ts', url: '/pieces?page=2&tri=prix-croissant', handler: false },
    { file: 'proxy.ts', url: '/recherche?q=phare&page=2', handler: false },
    { file: 'app/api/vehicles/route.ts', url: `/api/vehicles?parent=${model}`, handler: true },
    { file: 'app/api/parts/route.ts', url: `/api/parts?vehicle=${model}&taxon=family_moteur`, handler: true },
    { file: 'app/api/families/route.ts', url: '/api/families?taxon=family_moteur', handler: true },
    { file: 'app/(account)/compte/session/route.ts', url: '/compte/session?retour=/compte/commandes', handler: true },
  ];
  const walk = [
    ...routes.flatMap((route) =>
      (isDynamic(route.pattern) ? values[route.pattern]! : [route.pattern]).map((url) => ({
        file: route.file,
        url,
        handler: route.handler,
      })),
    ),
    ...extra,
  ];

  // The sessions, each put back as it was before every load (a page may drop a cookie, never a row).
  const { exp } = JSON.parse(Buffer.from(tokenA.split('.')[1]!, 'base64url').toString()) as { exp: number };
  expect(exp * 1000 - Date.now(), 'A’s access token outlives the walk: no renewal').toBeGreaterThan(15 * 60_000);
  const sessions = await Promise.all(
    [
      { name: 'A', customer: true, context: contextA, page: pageA },
      { name: 'visiteur avec panier', customer: false, context: visitor, page: visitorPage },
      {
        name: 'sans cookie',
        customer: false,
        context: await browser.newContext({ baseURL: SITE }),
        page: null as Page | null,
      },
    ].map(async (session) => {
      const page = session.page ?? (await session.context.newPage());
      // Links prefetch the pages they name, each walked on its own; pictures go through Next's image
      // optimiser to the shop API's media files, no page or handler of app/ and no row: both would
      // only load the two cores.
      await session.context.route(
        (url) => url.searchParams.has('_rsc') || url.pathname === '/_next/image',
        (route) =>
          route.request().resourceType() === 'image' || route.request().headers()['next-router-prefetch']
            ? route.abort()
            : route.continue(),
      );
      const cookies = await session.context.cookies();
      return { ...session, page, cookies, network: networkWatch(page), opened: new Set<string>() };
    }),
  );
  type Session = (typeof sessions)[number];

  let opened = 0;
  let fetched = 0;
  const restore = async (session: Session) => {
    await session.context.clearCookies();
    await session.context.addCookies(session.cookies);
  };
  /**
   * Opens `url` in the session's browser, as the session was (a page may drop a cookie, never a row),
   * until the network is quiet; fetches it first when it is a handler, or when the session has no
   * account: the proxy sends account and checkout addresses to the sign-in page (or the cart), which
   * the browser then opens only the first time.
   */
  async function load(session: Session, url: string, handler: boolean) {
    if (handler || !session.customer) {
      await restore(session);
      // Once again when the storefront closed a kept-alive connection as it was reused.
      const answer = await session.context.request
        .get(url, { maxRedirects: 0 })
        .catch((error: Error) =>
          /ECONNRESET|socket hang up/.test(error.message)
            ? session.context.request.get(url, { maxRedirects: 0 })
            : Promise.reject(error),
        );
      fetched += 1;
      // A handler that failed would prove nothing (the error page fails on purpose).
      if (handler) expect(answer.status(), `${url} as ${session.name}`).toBeLessThan(500);
      const to = answer.headers().location;
      if (answer.status() >= 300 && answer.status() < 400 && to && session.opened.has(new URL(to, SITE).pathname))
        return;
    }
    await restore(session);
    session.network.reset();
    await session.page.goto(url, { waitUntil: 'load' }).catch((error: Error) => {
      // A file to download (the personal data) is no page: fetched above.
      if (!/Download is starting|ERR_ABORTED/.test(error.message)) throw error;
    });
    opened += 1;
    // Client effects run once React has hydrated the page (the header says so); a file or an
    // answer of a handler has no header.
    if (await session.page.locator('header').count())
      await expect(session.page.locator('header[data-hydrated]')).toBeAttached({ timeout: 15_000 });
    await session.network.quiet();
    session.opened.add(new URL(session.page.url()).pathname);
  }

  const changes: string[] = [];
  let before = await settledDigest();
  // The sessions open each address at the same time: a change is the address's, whoever made it.
  for (const { file, url, handler } of walk) {
    await Promise.all(sessions.map((session) => load(session, url, handler)));
    const after = await digest();
    const changed = changedTables(before, after);
    const named = [...tokenNames].filter(([token]) => url.includes(token)).map(([, name]) => ` (${name})`);
    if (changed.length > 0) changes.push(`${file}: GET ${url}${named.join('')} changed ${changed.join(', ')}`);
    before = after;
  }
  // Writes that follow an answer (background work) show up a moment later.
  const late = changedTables(before, await settledDigest());
  if (late.length > 0) changes.push(`after the last GET (${walk.at(-1)!.url}): ${late.join(', ')}`);
  console.log(
    `GET sans écriture : ${walk.length} adresses × ${sessions.length} sessions, ${opened} pages ouvertes, ${fetched} requêtes`,
  );
  expect(changes).toEqual([]);
});
