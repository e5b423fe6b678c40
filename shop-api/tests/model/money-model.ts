/**
 * Model-based test of the shop's money and stock promises. Two or three shoppers, the staff, the
 * sandbox page and Stripe (its real SDK against a local double) act in random order on a handful of
 * parts, over real HTTP against two instances of the shop API sharing one database (one paying on the
 * sandbox, one on Stripe). After every step the database is checked against the invariants:
 *
 *  I1  a paid order's captured amount equals its total, and its total equals items + delivery;
 *  I2  a sold part is in exactly one paid order, or was sold at the counter; never in two;
 *  I3  a part is held ⇔ exactly one open payment holds it and the part is in that payment's order,
 *      and an open payment holds every part of its order for the order's total (nothing drifts);
 *  I4  a paid order's items, addresses and totals never change afterwards;
 *  I5  a customer has at most one open payment (and so holds parts for one order at a time).
 *
 * Each shopper has two carts: the one the shop API picks up for them, and a visitor's cart they filled
 * before signing in, which their token makes theirs (as on a second device).
 *
 * fast-check draws the command sequences and shrinks a failing one to the shortest it can find.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.js';
import { createJwtService } from '../../src/auth/jwt.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { createMailer } from '../../src/mail/mailer.js';
import type { AppContext } from '../../src/context.js';
import { stripeClient } from '../../src/payments/stripe/client.js';
import { sweepPayments } from '../../src/payments/sweep.js';
import { seedCatalogue } from '../../src/seed/seed.js';
import { freshDatabase, type Backend } from '../helpers/backends.js';
import { startStripeDouble, type StripeDouble } from '../helpers/stripe-double.js';
import type { Json } from '../helpers/call.js';
import { LEA_ADDRESS } from '../helpers/address.js';
import { storeSession } from '../helpers/sessions.js';

const API = '/api/v2/shop';
const ADMIN = '/api/v2/admin';
const SITE = 'http://localhost:3000';
const STAFF = 'model-staff-token-of-enough-length-000';
const WEBHOOK_SECRET = 'whsec_model_secret';
const STRIPE_WEBHOOK_PATH = '/api/v2/shop/payment-webhooks/stripe';
const PASSWORD = 'Mot-de-passe-du-modele-1';
const PAY_URLS = { afterSuccessUrl: `${SITE}/commande/valide`, afterCancelUrl: `${SITE}/commande/livraison` };
const ADDRESSES = [
  LEA_ADDRESS,
  {
    firstName: 'Marc',
    lastName: 'Petit',
    street: '3 place du Marché',
    city: 'Lens',
    postcode: '62300',
    countryCode: 'FR',
  },
];
const METHODS = ['retrait_casse', 'colis', 'messagerie'];
/** Weights of the run's parts: light, medium, heavy enough for the pallet, very heavy (pallet only). */
const WEIGHTS = [2_000, 12_000, 24_000, 120_000];
const SHOPPERS = 3;
/** Carts a shopper acts on: 0 is picked up by `POST /orders` as the customer, 1 is made as a visitor. */
const CARTS = 2;
const PARTS = WEIGHTS.length;

interface Shopper {
  customerId: number;
  email: string;
  /** The shopper's session (refresh-token family), which every token of theirs names. */
  session: string;
  carts: (string | null)[];
}
interface Checkout {
  provider: 'sandbox' | 'stripe';
  url: string;
  /** The Stripe double's session (stripe checkouts only). */
  session?: Json;
}

/** What the commands know of the world: handles to act on, and what was observed. */
interface Model {
  shoppers: Shopper[];
  parts: string[];
  checkouts: Checkout[];
  /** Stripe events already sent, for replays. */
  events: Json[];
  /** Placed orders as first seen paid: I4 compares later states with these. */
  placed: Map<string, string>;
  counterSold: Set<string>;
  steps: number;
  /** What the run reached (so a test can tell it exercised the paths it is about). */
  reached: { placed: Set<string>; refunded: Set<number>; held: number; superseded: number };
  /** The invariants checked (all by default; one at a time to find each one's shortest failure). */
  checked: Set<InvariantName>;
}

export type InvariantName = 'I1' | 'I2' | 'I3' | 'I4' | 'I5';
const INVARIANTS: InvariantName[] = ['I1', 'I2', 'I3', 'I4', 'I5'];

interface World {
  sandbox: string;
  stripe: string;
  db: import('../../src/db/client.js').Db;
  clock: { now: Date };
  jwt: ReturnType<typeof createJwtService>;
  stripeSdk: ReturnType<typeof stripeClient>;
  double: StripeDouble;
  /** Every provider (sandbox and Stripe), for the sweep's refunds. */
  providers: AppContext['paymentProviders'];
}

class InvariantViolation extends Error {}

async function http(base: string, method: string, path: string, body?: unknown, token?: string, form = false) {
  const response = await fetch(`${base}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      accept: 'application/ld+json',
      ...(form
        ? { 'content-type': 'application/x-www-form-urlencoded' }
        : body !== undefined
          ? { 'content-type': 'application/json' }
          : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: form ? '' : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Json | null = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* HTML or empty */
  }
  if (response.status >= 500 && response.status !== 502)
    throw new InvariantViolation(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return { status: response.status, body: json ?? {}, location: response.headers.get('location') };
}

const tokenOf = (world: World, shopper: Shopper) =>
  world.jwt.sign({ customerId: shopper.customerId, email: shopper.email, session: shopper.session });

/**
 * The token of the shopper's cart `c`, creating one when there is none (or it was placed): cart 0 as the
 * customer (the shop API's pickup may answer cart 1 once it is theirs: the same cart), cart 1 as a
 * visitor, which the customer's token then makes theirs.
 */
async function cartOf(world: World, shopper: Shopper, c: number): Promise<string | null> {
  const token = await tokenOf(world, shopper);
  const known = shopper.carts[c];
  if (known) {
    const found = await http(world.sandbox, 'GET', `${API}/orders/${known}`, undefined, token);
    if (found.status === 200 && found.body.checkoutState !== 'completed') return known;
  }
  const created = await http(world.sandbox, 'POST', `${API}/orders`, {}, c === 0 ? token : undefined);
  shopper.carts[c] = created.status === 201 ? created.body.tokenValue : null;
  return shopper.carts[c]!;
}

type Cmd = fc.AsyncCommand<Model, World>;
const always = () => true;

function command(label: string, run: (model: Model, world: World) => Promise<void>): Cmd {
  return {
    check: always,
    async run(model, world) {
      await run(model, world);
      model.steps += 1;
      await checkInvariants(model, world, label);
    },
    toString: () => label,
  };
}

/** Every command the shoppers, the staff and the providers can issue. */
function commandArbitraries(): fc.Arbitrary<Cmd>[] {
  const shopper = fc.integer({ min: 0, max: SHOPPERS - 1 });
  /** A shopper and one of their carts, the picked-up one twice as often (most shoppers have one cart). */
  const hand = fc.tuple(
    shopper,
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: CARTS - 1 }) },
    ),
  );
  const part = fc.integer({ min: 0, max: PARTS - 1 });
  const pick = fc.nat(20);
  const all: fc.Arbitrary<Cmd>[] = [
    fc.tuple(hand, part).map(([[s, c], p]) =>
      command(`add(shopper ${s}, cart ${c}, part ${p})`, async (m, w) => {
        await add(m, w, m.shoppers[s]!, c, p);
      }),
    ),
    fc.tuple(hand, pick).map(([[s, c], k]) =>
      command(`remove(shopper ${s}, cart ${c}, line ${k})`, async (m, w) => {
        const who = m.shoppers[s]!;
        const cart = who.carts[c];
        if (!cart) return;
        const token = await tokenOf(w, who);
        const order = await http(w.sandbox, 'GET', `${API}/orders/${cart}`, undefined, token);
        const items = (order.body.items ?? []) as Json[];
        if (items.length > 0)
          await http(
            w.sandbox,
            'DELETE',
            `${API}/orders/${cart}/items/${items[k % items.length]!.id}`,
            undefined,
            token,
          );
      }),
    ),
    fc.tuple(hand, fc.integer({ min: 0, max: ADDRESSES.length - 1 }), fc.boolean()).map(([[s, c], a, plate]) =>
      command(`address(shopper ${s}, cart ${c}, address ${a}${plate ? ', plate' : ''})`, async (m, w) => {
        const who = m.shoppers[s]!;
        const cart = who.carts[c];
        if (!cart) return;
        await http(
          w.sandbox,
          'PUT',
          `${API}/orders/${cart}`,
          { billingAddress: ADDRESSES[a], licencePlates: plate ? 'AB-123-CD' : null },
          await tokenOf(w, who),
        );
      }),
    ),
    fc.tuple(hand, fc.integer({ min: 0, max: METHODS.length - 1 })).map(([[s, c], k]) =>
      command(`ship(shopper ${s}, cart ${c}, ${METHODS[k]})`, async (m, w) => {
        const who = m.shoppers[s]!;
        const cart = who.carts[c];
        if (!cart) return;
        const token = await tokenOf(w, who);
        const order = await http(w.sandbox, 'GET', `${API}/orders/${cart}`, undefined, token);
        const shipment = (order.body.shipments ?? [])[0];
        if (shipment)
          await http(
            w.sandbox,
            'PATCH',
            `${API}/orders/${cart}/shipments/${shipment.id}`,
            { shippingMethod: METHODS[k] },
            token,
          );
      }),
    ),
    fc.tuple(hand, fc.constantFrom('sandbox' as const, 'stripe' as const)).map(([[s, c], provider]) =>
      command(`pay(shopper ${s}, cart ${c}, ${provider})`, async (m, w) => {
        await pay(m, w, m.shoppers[s]!, c, provider);
      }),
    ),
    fc
      .tuple(
        hand,
        fc.integer({ min: 0, max: METHODS.length - 1 }),
        fc.constantFrom('sandbox' as const, 'stripe' as const),
      )
      .map(([[s, c], k, provider]) =>
        command(`checkout(shopper ${s}, cart ${c}, ${METHODS[k]}, ${provider})`, async (m, w) => {
          await checkoutSteps(m, w, m.shoppers[s]!, c, { address: 0, method: k, provider });
        }),
      ),
    fc
      .tuple(
        shopper,
        part,
        part,
        fc.integer({ min: 0, max: METHODS.length - 1 }),
        fc.constantFrom('sandbox' as const, 'stripe' as const),
      )
      .map(([s, p, q, k, provider]) =>
        command(`two-devices(shopper ${s}, parts ${p} and ${q}, ${METHODS[k]}, ${provider})`, async (m, w) => {
          // One customer, a part in each of their carts (a phone, a laptop), going through the checkout on
          // one, then on the other: the second payment ends the first (I5). Invariants hold at each step.
          const who = m.shoppers[s]!;
          const label = `two-devices(shopper ${s})`;
          await add(m, w, who, 0, p);
          await add(m, w, who, 1, q);
          await checkInvariants(m, w, `${label}, both parts added`);
          await checkoutSteps(m, w, who, 0, { address: 0, method: k, provider });
          await checkInvariants(m, w, `${label}, first checkout`);
          await checkoutSteps(m, w, who, 1, { address: 0, method: k, provider });
        }),
      ),
    fc.tuple(hand, fc.integer({ min: 0, max: METHODS.length - 1 })).map(([[s, c], k]) =>
      command(`buy(shopper ${s}, cart ${c}, ${METHODS[k]})`, async (m, w) => {
        // A shopper who goes straight through: address, delivery, pay, and pays on the sandbox page.
        if (!(await checkoutSteps(m, w, m.shoppers[s]!, c, { address: 1, method: k, provider: 'sandbox' }))) return;
        const last = m.checkouts.at(-1);
        if (last?.provider === 'sandbox')
          await http(w.sandbox, 'POST', `${new URL(last.url).pathname}/pay`, undefined, undefined, true);
      }),
    ),
    pick.map((k) =>
      command(`sandbox-pay(checkout ${k})`, async (m, w) => {
        const sandbox = m.checkouts.filter((c) => c.provider === 'sandbox');
        if (sandbox.length === 0) return;
        await http(
          w.sandbox,
          'POST',
          `${new URL(sandbox[sandbox.length - 1 - (k % sandbox.length)]!.url).pathname}/pay`,
          undefined,
          undefined,
          true,
        );
      }),
    ),
    pick.map((k) =>
      command(`sandbox-cancel(checkout ${k})`, async (m, w) => {
        const sandbox = m.checkouts.filter((c) => c.provider === 'sandbox');
        if (sandbox.length === 0) return;
        await http(
          w.sandbox,
          'POST',
          `${new URL(sandbox[sandbox.length - 1 - (k % sandbox.length)]!.url).pathname}/cancel`,
          undefined,
          undefined,
          true,
        );
      }),
    ),
    fc.tuple(pick, fc.constantFrom('completed', 'expired')).map(([k, type]) =>
      command(`stripe-${type}(checkout ${k})`, async (m, w) => {
        const stripe = m.checkouts.filter((c) => c.provider === 'stripe' && c.session);
        if (stripe.length === 0) return;
        const session = stripe[stripe.length - 1 - (k % stripe.length)]!.session!;
        const event =
          type === 'completed'
            ? {
                id: `evt_${m.events.length}`,
                object: 'event',
                type: 'checkout.session.completed',
                data: {
                  object: {
                    id: session.id,
                    object: 'checkout.session',
                    payment_status: 'paid',
                    payment_intent: session.payment_intent,
                    amount_total: session.amount_total,
                    currency: 'eur',
                  },
                },
              }
            : {
                id: `evt_${m.events.length}`,
                object: 'event',
                type: 'checkout.session.expired',
                data: { object: { id: session.id, object: 'checkout.session', payment_status: 'unpaid' } },
              };
        m.events.push(event);
        await sendWebhook(w, event);
      }),
    ),
    pick.map((k) =>
      command(`stripe-replay(event ${k})`, async (m, w) => {
        if (m.events.length > 0) await sendWebhook(w, m.events[k % m.events.length]!);
      }),
    ),
    fc.constant(
      command('sweep(+31 min)', async (_m, w) => {
        w.clock.now = new Date(w.clock.now.getTime() + 31 * 60_000);
        await sweepPayments({ db: w.db, paymentProviders: w.providers, now: () => w.clock.now });
      }),
    ),
    fc.tuple(pick, fc.constantFrom('validate', 'wait', 'ship', 'fulfill', 'cancel')).map(([k, operation]) =>
      command(`staff-${operation}(order ${k})`, async (_m, w) => {
        const list = await http(w.sandbox, 'GET', `${ADMIN}/orders`, undefined, STAFF);
        const placed = ((list.body as unknown as Json[]) ?? []).filter((o) => o.number);
        if (placed.length === 0) return;
        await http(
          w.sandbox,
          'POST',
          `${ADMIN}/orders/${placed[k % placed.length]!.number}/${operation}`,
          undefined,
          STAFF,
        );
      }),
    ),
    part.map((p) =>
      command(`counter-sale(part ${p})`, async (m, w) => {
        const sold = await http(w.sandbox, 'POST', `${ADMIN}/products/${m.parts[p]}/mark-sold`, undefined, STAFF);
        if (sold.status === 200 && sold.body.changed !== false) m.counterSold.add(m.parts[p]!);
      }),
    ),
    shopper.map((s) =>
      command(`delete-account(shopper ${s})`, async (m, w) => {
        const who = m.shoppers[s]!;
        await http(
          w.sandbox,
          'DELETE',
          `${API}/customers/${who.customerId}`,
          { currentPassword: PASSWORD },
          await tokenOf(w, who),
        );
      }),
    ),
  ];
  // Shoppers add parts and go through the checkout more often than anything else happens.
  // (Choices of a checkout or an event count from the newest, where fast-check's shrinking leads.)
  const [addPart, , , , , checkout, twoDevices, buy, sandboxPay, , stripeEvent] = all;
  return [...all, addPart!, addPart!, addPart!, checkout!, twoDevices!, buy!, sandboxPay!, stripeEvent!];
}

async function add(m: Model, w: World, who: Shopper, c: number, p: number) {
  const cart = await cartOf(w, who, c);
  if (cart)
    await http(
      w.sandbox,
      'POST',
      `${API}/orders/${cart}/items`,
      { productVariant: `${API}/product-variants/${m.parts[p]}` },
      await tokenOf(w, who),
    );
}

/** The storefront's three steps in a row on the shopper's cart `c`: address, delivery, pay; false without a cart. */
async function checkoutSteps(
  m: Model,
  w: World,
  who: Shopper,
  c: number,
  choice: { address: number; method: number; provider: 'sandbox' | 'stripe' },
): Promise<boolean> {
  const cart = who.carts[c];
  if (!cart) return false;
  const token = await tokenOf(w, who);
  const addressed = await http(
    w.sandbox,
    'PUT',
    `${API}/orders/${cart}`,
    { billingAddress: ADDRESSES[choice.address] },
    token,
  );
  const shipment = (addressed.body.shipments ?? [])[0];
  if (shipment)
    await http(
      w.sandbox,
      'PATCH',
      `${API}/orders/${cart}/shipments/${shipment.id}`,
      { shippingMethod: METHODS[choice.method] },
      token,
    );
  await pay(m, w, who, c, choice.provider);
  return true;
}

async function pay(m: Model, w: World, who: Shopper, c: number, provider: 'sandbox' | 'stripe') {
  const cart = who.carts[c];
  if (!cart) return;
  const [elsewhere] = await rows<Json>(
    w,
    sql`SELECT COUNT(*)::int AS n FROM payments p JOIN orders o ON o.id = p.order_id
    WHERE p.state = 'new' AND o.customer_id = ${who.customerId} AND o.token_value <> ${cart}`,
  );
  const paid = await http(
    provider === 'sandbox' ? w.sandbox : w.stripe,
    'POST',
    `${API}/orders/${cart}/pay`,
    PAY_URLS,
    await tokenOf(w, who),
  );
  if (paid.status !== 200) return;
  // The customer's payment open on their other cart was cancelled by this one (I5's case).
  if (elsewhere!.n > 0) m.reached.superseded += 1;
  const url = paid.body.checkoutUrl as string;
  if (m.checkouts.some((c) => c.url === url)) return;
  m.checkouts.push(
    url.includes('/sandbox/checkout/')
      ? { provider: 'sandbox', url }
      : { provider: 'stripe', url, session: w.double.sessions.find((session) => session.url === url) },
  );
}

async function sendWebhook(world: World, event: Json) {
  const payload = JSON.stringify(event);
  const response = await fetch(`${world.stripe}${STRIPE_WEBHOOK_PATH}`, {
    method: 'POST',
    body: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': world.stripeSdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
  if (response.status >= 500)
    throw new InvariantViolation(`Stripe webhook answered ${response.status}: ${await response.text()}`);
}

const rows = async <T>(world: World, query: ReturnType<typeof sql>) =>
  ((await world.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Checks I1–I5 against the database; throws an InvariantViolation naming the broken one. */
async function checkInvariants(model: Model, world: World, after: string) {
  const fail: Fail = (message: string) => {
    throw new InvariantViolation(`${message} (after ${after})`);
  };
  // I1: captured = total = items + delivery, for every order a payment placed.
  await noteReached(model, world);
  if (model.checked.has('I1')) await checkI1(world, fail);
  if (model.checked.has('I2')) await checkI2(model, world, fail);
  if (model.checked.has('I3')) await checkI3(world, fail);
  if (model.checked.has('I4')) await checkI4(model, world, fail);
  if (model.checked.has('I5')) await checkI5(world, fail);
}

type Fail = (message: string) => never;

async function noteReached(model: Model, world: World) {
  for (const row of await rows<Json>(world, sql`SELECT token_value FROM orders WHERE state <> 'cart'`))
    model.reached.placed.add(row.token_value);
  for (const row of await rows<Json>(world, sql`SELECT id FROM payments WHERE state IN ('refund_due', 'refunded')`))
    model.reached.refunded.add(row.id);
  const [held] = await rows<Json>(
    world,
    sql`SELECT COUNT(*)::int AS n FROM product_variants WHERE held_by_payment_id IS NOT NULL`,
  );
  model.reached.held += held!.n;
}

async function checkI1(world: World, fail: Fail) {
  const paid = await rows<Json>(
    world,
    sql`
    SELECT o.token_value, o.number, o.state, o.total, o.items_total, o.shipping_total,
      (SELECT COALESCE(SUM(i.total), 0) FROM order_items i WHERE i.order_id = o.id)::int AS items_sum,
      (SELECT p.captured_amount FROM payments p WHERE p.order_id = o.id AND p.state = 'completed') AS captured,
      (SELECT COUNT(*) FROM payments p WHERE p.order_id = o.id AND p.state = 'completed')::int AS completed
    FROM orders o WHERE o.state <> 'cart'`,
  );
  for (const order of paid) {
    if (order.completed !== 1) fail(`I1: order ${order.number} placed with ${order.completed} completed payments`);
    if (order.captured !== order.total)
      fail(`I1: order ${order.number} captured ${order.captured} for a total of ${order.total}`);
    if (order.items_total !== order.items_sum || order.total !== order.items_sum + order.shipping_total) {
      fail(
        `I1: order ${order.number} total ${order.total} ≠ items ${order.items_sum} + delivery ${order.shipping_total}`,
      );
    }
  }
}

/** I2: a sold part is in exactly one live paid order, or was sold at the counter; never in two. */
async function checkI2(model: Model, world: World, fail: Fail) {
  const sold = await rows<Json>(
    world,
    sql`
    SELECT p.code, p.sold_at IS NOT NULL AS sold,
      (SELECT COUNT(*) FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE i.variant_id = v.id AND o.state IN ('new', 'validated', 'fulfilled'))::int AS live_orders
    FROM products p JOIN product_variants v ON v.product_id = p.id WHERE p.code IN ${sql.raw(`('${model.parts.join("','")}')`)}`,
  );
  for (const part of sold) {
    if (part.live_orders > 1) fail(`I2: part ${part.code} is in ${part.live_orders} paid orders`);
    if (part.live_orders === 1 && !part.sold) fail(`I2: part ${part.code} is in a paid order but on sale again`);
    if (part.sold && part.live_orders === 0 && !model.counterSold.has(part.code))
      fail(`I2: part ${part.code} is sold but in no paid order`);
    if (part.live_orders === 1 && model.counterSold.has(part.code))
      fail(`I2: part ${part.code} was sold at the counter and in a paid order`);
  }
}

/** I3: held ⇔ exactly one open payment holds it, for its order; an open payment holds its whole order, at its total. */
async function checkI3(world: World, fail: Fail) {
  const holds = await rows<Json>(
    world,
    sql`
    SELECT v.code, v.held_by_payment_id AS holder, pay.state AS holder_state,
      EXISTS (SELECT 1 FROM order_items i WHERE i.variant_id = v.id AND i.order_id = pay.order_id) AS in_order
    FROM product_variants v LEFT JOIN payments pay ON pay.id = v.held_by_payment_id
    WHERE v.held_by_payment_id IS NOT NULL`,
  );
  for (const hold of holds) {
    if (hold.holder_state !== 'new') fail(`I3: part ${hold.code} held by a ${hold.holder_state} payment`);
    if (!hold.in_order) fail(`I3: part ${hold.code} held by a payment whose order no longer has it`);
  }
  const open = await rows<Json>(
    world,
    sql`
    SELECT p.id, p.amount, o.total, o.state,
      (SELECT COUNT(*) FROM order_items i WHERE i.order_id = o.id)::int AS items,
      (SELECT COUNT(*) FROM order_items i JOIN product_variants v ON v.id = i.variant_id WHERE i.order_id = o.id AND v.held_by_payment_id = p.id)::int AS held
    FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.state = 'new'`,
  );
  for (const payment of open) {
    if (payment.state !== 'cart') fail(`I3: payment ${payment.id} still open on a placed order`);
    if (payment.amount !== payment.total)
      fail(`I3: open payment ${payment.id} asks ${payment.amount} for an order now at ${payment.total}`);
    if (payment.items !== payment.held)
      fail(`I3: open payment ${payment.id} holds ${payment.held} of its order's ${payment.items} parts`);
  }
}

/**
 * I1, I3 and I5, the invariants the database alone states (I2 and I4 need the run's history): the
 * violations found in `db`, a database restored from a backup for instance.
 */
export async function storedInvariantViolations(db: World['db']): Promise<string[]> {
  const found: string[] = [];
  const fail: Fail = (message) => {
    found.push(message);
    throw new InvariantViolation(message);
  };
  for (const check of [checkI1, checkI3, checkI5]) {
    try {
      await check({ db } as World, fail);
    } catch (error) {
      if (!(error instanceof InvariantViolation)) throw error;
    }
  }
  return found;
}

/** I4: a paid order never changes (states aside). */
async function checkI4(model: Model, world: World, fail: Fail) {
  const snapshots = await rows<Json>(
    world,
    sql`
    SELECT o.token_value, o.number, o.state, o.total, o.items_total, o.shipping_total, o.billing_address, o.shipping_address, o.licence_plates,
      (SELECT string_agg(i.variant_code || ':' || i.total, ',' ORDER BY i.id) FROM order_items i WHERE i.order_id = o.id) AS items
    FROM orders o WHERE o.state <> 'cart'`,
  );
  for (const order of snapshots) {
    const { state: _state, ...fixed } = order;
    const now = JSON.stringify(fixed);
    const before = model.placed.get(order.token_value);
    if (before === undefined) model.placed.set(order.token_value, now);
    else if (before !== now) fail(`I4: paid order ${order.number} changed from ${before} to ${now}`);
  }
}

/** I5: a customer has at most one open payment, whichever of their carts it is on. */
async function checkI5(world: World, fail: Fail) {
  const open = await rows<Json>(
    world,
    sql`
    SELECT o.customer_id, COUNT(*)::int AS open FROM payments p JOIN orders o ON o.id = p.order_id
    WHERE p.state = 'new' AND o.customer_id IS NOT NULL GROUP BY o.customer_id HAVING COUNT(*) > 1`,
  );
  for (const customer of open) fail(`I5: customer ${customer.customer_id} has ${customer.open} open payments`);
}

export interface ModelShop {
  world: World;
  /** The database both instances share (a backup test copies it). */
  database: import('../../src/db/client.js').Database;
  /** Puts the run's parts back on sale and forgets every order, payment and shopper of the last run. */
  reset(checked?: InvariantName[]): Promise<Model>;
  close(): Promise<void>;
}

/** Two shop-API instances (sandbox, Stripe) on one fresh database of `backend`, listening on loopback. */
export async function startModelShop(backend: Backend): Promise<ModelShop> {
  const { database, drop } = await freshDatabase(backend);
  await seedCatalogue(database.db, { parts: 40 });
  const clock = { now: new Date('2026-11-20T10:00:00Z') };
  const now = () => clock.now;
  const jwt = createJwtService(new TextEncoder().encode('model-test-signing-key-of-enough-length-000'), 3600, now);
  const double = await startStripeDouble();
  const stripeSdk = stripeClient({ secretKey: 'sk_test_model', apiBase: double.base });
  const mailer = createMailer({ outboxDir: mkdtempSync(join(tmpdir(), 'model-outbox-')), from: 'boutique@test' });
  const common = {
    db: database.db,
    mediaDir: mkdtempSync(join(tmpdir(), 'model-media-')),
    now,
    jwt,
    mailer,
    staffToken: STAFF,
    siteUrl: SITE,
    logger: false as const,
  };
  const sandboxApp = await buildApp({ ...common, publicUrl: 'http://127.0.0.1:1' });
  const stripeApp = await buildApp({
    ...common,
    publicUrl: 'http://127.0.0.1:2',
    paymentProvider: 'stripe',
    paymentSettings: {
      stripeSecretKey: 'sk_test_model',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiBase: double.base,
    },
  });
  const listen = async (app: typeof sandboxApp) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };
  // The Stripe instance knows both: the sandbox's payments are closed and refunded for free.
  const providers = stripeApp.paymentProviders;
  const world: World = {
    sandbox: await listen(sandboxApp),
    stripe: await listen(stripeApp),
    db: database.db,
    clock,
    jwt,
    stripeSdk,
    double,
    providers,
  };
  const passwordHash = await hashPassword(PASSWORD);
  const partCodes = (await rows<Json>(world, sql`SELECT code FROM products ORDER BY id LIMIT ${PARTS}`)).map(
    (row) => row.code as string,
  );
  let run = 0;
  return {
    world,
    database,
    async reset(checked = INVARIANTS) {
      run += 1;
      await world.db.execute(sql`DELETE FROM payments`);
      await world.db.execute(sql`DELETE FROM orders`);
      await world.db.execute(sql`DELETE FROM customers`);
      await world.db.execute(sql`UPDATE product_variants SET on_hand = 1, held_by_payment_id = NULL`);
      await world.db.execute(sql`UPDATE products SET sold_at = NULL, enabled = true`);
      for (const [i, code] of partCodes.entries())
        await world.db.execute(sql`UPDATE products SET weight_grams = ${WEIGHTS[i]!} WHERE code = ${code}`);
      const shoppers: Shopper[] = [];
      for (let s = 0; s < SHOPPERS; s += 1) {
        const email = `acheteur${s}.run${run}@example.test`;
        const [row] = await rows<Json>(
          world,
          sql`INSERT INTO customers (email, first_name, last_name, password_hash, verified_at, last_seen_at)
          VALUES (${email}, 'Client', ${`N°${s}`}, ${passwordHash}, ${clock.now}, ${clock.now}) RETURNING id`,
        );
        const customerId = row!.id as number;
        shoppers.push({
          customerId,
          email,
          session: await storeSession(world.db, customerId),
          carts: Array<string | null>(CARTS).fill(null),
        });
      }
      return {
        shoppers,
        parts: partCodes,
        checkouts: [],
        events: [],
        placed: new Map(),
        counterSold: new Set(),
        steps: 0,
        reached: { placed: new Set(), refunded: new Set(), held: 0, superseded: 0 },
        checked: new Set(checked),
      };
    },
    async close() {
      await sandboxApp.close();
      await stripeApp.close();
      await double.close();
      await drop();
    },
  };
}

export interface ModelRunResult {
  runs: number;
  steps: number;
  /** Orders placed, payments refunded, and steps that ended with a part held, over all runs. */
  placed: number;
  refunded: number;
  heldSteps: number;
  /** Payments opened while the same customer had one open on their other cart. */
  superseded: number;
  failure: string | null;
}

/** Runs `runs` random sequences (seeded) and reports; the failure, if any, is fast-check's shrunk counterexample. */
export async function runMoneyModel(
  shop: ModelShop,
  {
    runs,
    seed,
    maxCommands = 25,
    checked = INVARIANTS,
  }: { runs: number; seed: number; maxCommands?: number; checked?: InvariantName[] },
): Promise<ModelRunResult> {
  let steps = 0;
  let executed = 0;
  const reached = { placed: 0, refunded: 0, held: 0, superseded: 0 };
  const result = await fc.check(
    fc.asyncProperty(fc.commands(commandArbitraries(), { maxCommands, size: 'max' }), async (commands) => {
      const model = await shop.reset(checked);
      executed += 1;
      try {
        await fc.asyncModelRun(() => ({ model, real: shop.world }), commands);
      } finally {
        steps += model.steps;
        reached.placed += model.reached.placed.size;
        reached.refunded += model.reached.refunded.size;
        reached.held += model.reached.held;
        reached.superseded += model.reached.superseded;
      }
    }),
    { numRuns: runs, seed, endOnFailure: false },
  );
  return {
    runs: executed,
    steps,
    placed: reached.placed,
    refunded: reached.refunded,
    heldSteps: reached.held,
    superseded: reached.superseded,
    failure: result.failed
      ? `${(result.errorInstance as Error | undefined)?.message ?? 'error'}\n${fc.defaultReportMessage(result)}`
      : null,
  };
}
