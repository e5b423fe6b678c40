/**
 * The cluster's instances as the people on call see them: which process listens on a port, what
 * HAProxy says of each server, and shoppers that pay through HAProxy while instances come and go.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createJwtService } from '../../shop-api/src/auth/jwt.js';
import type { Db } from '../../shop-api/src/db/client.js';
import { storeSession } from '../../shop-api/tests/helpers/sessions.js';
import { LEA_ADDRESS } from '../../shop-api/tests/helpers/address.js';
import { API, CLUSTER, secrets } from './helpers.js';

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The process listening on `port` (read from ss), or null. */
export function pidOn(port: number): number | null {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = line.match(/pid=(\d+)/)?.[1];
  return pid ? Number(pid) : null;
}

/** HAProxy's view of each server, `backend/server` → `UP`, `DOWN`, `MAINT`… (its statistics, CSV). */
export async function haproxyStatus(): Promise<Map<string, string>> {
  const csv = await (await fetch(`${CLUSTER.stats}/;csv`)).text();
  const [header, ...lines] = csv.trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const status = columns.indexOf('status');
  return new Map(
    lines.map((line) => {
      const cells = line.split(',');
      return [`${cells[0]}/${cells[1]}`, cells[status]!.split(' ')[0]!];
    }),
  );
}

/** Waits until HAProxy shows `server` in `state` (`UP`/`DOWN`); the milliseconds it took. */
export async function untilHaproxySays(server: string, state: string, ms = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await haproxyStatus()).get(server) === state) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${server} n’est pas ${state} après ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One call of a paying shopper: when it started, the step, and its status (0: no answer). */
export interface Call {
  at: number;
  step: string;
  status: number;
}

/** A checkout that reached the sandbox's « Payer »: the order's token, and whether it answered « paid ». */
export interface Checkout {
  cart: string;
  paid: boolean;
}

async function call(
  calls: Call[],
  step: string,
  method: string,
  path: string,
  { body, token, base = CLUSTER.api }: { body?: unknown; token?: string; base?: string } = {},
) {
  const at = Date.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        accept: 'application/ld+json',
        ...(body === 'form' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(body !== undefined && body !== 'form' ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === 'form' ? '' : body === undefined ? undefined : JSON.stringify(body),
    });
    calls.push({ at, step, status: response.status });
    const text = await response.text();
    const location = response.headers.get('location') ?? '';
    return { status: response.status, location, body: text.startsWith('{') ? JSON.parse(text) : {} };
  } catch {
    calls.push({ at, step, status: 0 });
    return { status: 0, location: '', body: {} };
  }
}

/** A new customer (made in the database) and an access token of theirs, signed with the cluster's key. */
export async function newCustomer(db: Db): Promise<string> {
  const jwt = createJwtService(new TextEncoder().encode(secrets().JWT_SECRET!));
  const email = `grappe-${randomUUID()}@exemple.fr`;
  const [customer] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO customers (email, first_name, last_name, password_hash, verified_at, last_seen_at)
      VALUES (${email}, 'Léa', 'Martin', 'jamais utilisé', now(), now()) RETURNING id`,
  );
  return jwt.sign({ customerId: customer!.id, email, session: await storeSession(db, customer!.id) });
}

/** A part on sale that no payment holds, drawn at random; null when none is left. */
export async function partOnSale(db: Db): Promise<string | null> {
  const [part] = await rows<{ code: string }>(
    db,
    sql`SELECT p.code FROM products p JOIN product_variants v ON v.product_id = p.id
      WHERE p.enabled AND p.sold_at IS NULL AND v.on_hand > 0 AND v.held_by_payment_id IS NULL
      ORDER BY random() LIMIT 1`,
  );
  return part?.code ?? null;
}

/**
 * The checkout of one part up to the payment page, as the storefront makes it: a cart, the part, the
 * address, the delivery, the payment (which holds the part). The cart's token and the payment page's
 * address, or null at the first step that failed.
 */
export async function openPayment(calls: Call[], token: string, code: string, base = CLUSTER.api) {
  const cart = await call(calls, 'panier', 'POST', `${API}/orders`, { body: {}, token, base });
  const tokenValue = cart.body.tokenValue as string | undefined;
  if (cart.status !== 201 || !tokenValue) return null;
  const order = `${API}/orders/${tokenValue}`;
  const item = { productVariant: `${API}/product-variants/${code}` };
  if ((await call(calls, 'ajout', 'POST', `${order}/items`, { body: item, token, base })).status !== 201) return null;
  const address = { billingAddress: LEA_ADDRESS };
  const addressed = await call(calls, 'adresse', 'PUT', order, { body: address, token, base });
  const shipment = addressed.body.shipments?.[0];
  if (addressed.status !== 200 || !shipment) return null;
  const delivery = { shippingMethod: 'retrait_casse' };
  const shipped = await call(calls, 'livraison', 'PATCH', `${order}/shipments/${shipment.id}`, {
    body: delivery,
    token,
    base,
  });
  if (shipped.status !== 200) return null;
  const returns = {
    afterSuccessUrl: `${CLUSTER.site}/commande/valide`,
    afterCancelUrl: `${CLUSTER.site}/commande/livraison`,
  };
  const pay = await call(calls, 'paiement', 'POST', `${order}/pay`, { body: returns, token, base });
  if (pay.status !== 200) return null;
  return { cart: tokenValue, page: new URL(pay.body.checkoutUrl as string).pathname };
}

/**
 * Shoppers who buy one part each, again and again until `done()`, through the shop API's public
 * address (HAProxy): the checkout, then the sandbox's « Payer ». A step that fails ends that
 * checkout; the next one starts.
 */
export async function payingShoppers(db: Db, count: number, done: () => boolean) {
  const calls: Call[] = [];
  const checkouts: Checkout[] = [];
  async function shopper() {
    while (!done()) {
      const code = await partOnSale(db);
      if (!code) return;
      const opened = await openPayment(calls, await newCustomer(db), code);
      if (!opened) continue;
      const paid = await call(calls, 'page de paiement', 'POST', `${opened.page}/pay`, { body: 'form' });
      checkouts.push({ cart: opened.cart, paid: paid.status === 303 && paid.location.endsWith('/commande/valide') });
    }
  }
  const running = Array.from({ length: count }, shopper);
  return { calls, checkouts, finished: Promise.all(running) };
}

/** Orders the sandbox said were paid that the database does not hold as paid (a payment lost). */
export async function paidButNotPlaced(db: Db, checkouts: Checkout[]): Promise<string[]> {
  const lost: string[] = [];
  for (const { cart } of checkouts.filter((checkout) => checkout.paid)) {
    const [order] = await rows<{ payment_state: string }>(
      db,
      sql`SELECT payment_state FROM orders WHERE token_value = ${cart}`,
    );
    if (order?.payment_state !== 'paid') lost.push(`${cart}: ${order?.payment_state ?? 'introuvable'}`);
  }
  return lost;
}

/** How many calls of each step got each status: `panier 201 × 40, ajout 201 × 40…`. */
export function callSummary(calls: Call[]): string {
  const counts = new Map<string, number>();
  for (const { step, status } of calls) counts.set(`${step} ${status}`, (counts.get(`${step} ${status}`) ?? 0) + 1);
  return [...counts].map(([key, count]) => `${key} × ${count}`).join(', ');
}
