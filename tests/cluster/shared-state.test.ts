/**
 * What the instances of the cluster share (ARCHITECTURE.md, "Several instances"), through its real
 * servers: PostgreSQL, Redis, HAProxy, two shop APIs and two storefronts of one build.
 */
import { join } from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../shop-api/src/mail/outbox.js';
import { API, CLUSTER, secrets, within } from './helpers.js';
import { newCustomer, openPayment, partOnSale } from './instances.js';
import { openDatabase } from '../../shop-api/src/db/client.js';

const text = async (url: string) => (await fetch(url)).text();

describe('the cluster', () => {
  it('through HAProxy, a search, a listing’s second page and an unknown part are answered by the page itself (the proxy’s rewrites stay inside each storefront)', async () => {
    for (let i = 0; i < 4; i++) {
      const search = await fetch(`${CLUSTER.shop}/recherche?q=phare`, { redirect: 'manual' });
      expect(search.status).toBe(200);
      expect(await search.text()).toContain('/piece/P');
      const second = await fetch(`${CLUSTER.shop}/pieces/moteur?page=2`, { redirect: 'manual' });
      expect(second.status).toBe(200);
      const unknown = await fetch(`${CLUSTER.shop}/piece/P9999999/nulle-part`, { redirect: 'manual' });
      expect(unknown.status).toBe(404);
    }
  });

  it('a sale through shop API 2 leaves the listing served by both storefronts within 5 s', async () => {
    const home = await text(`${CLUSTER.storefronts[0]}/`);
    const family = /href="(\/pieces\/[a-z0-9-]+)"/.exec(home)?.[1];
    expect(family).toBeDefined();
    const listings = CLUSTER.storefronts.map((origin) => `${origin}${family}`);
    // Both storefronts have rendered the listing (and cached it) with the part in it.
    const first = await text(listings[0]!);
    const code = /\/piece\/(P\d+)\//.exec(first)?.[1];
    expect(code).toBeDefined();
    expect(await text(listings[1]!)).toContain(`/piece/${code}/`);

    const sold = await fetch(`${CLUSTER.apis[1]}/api/v2/admin/products/${code}/mark-sold`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secrets().STAFF_API_TOKEN}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(sold.status).toBeLessThan(300);
    const gone = await Promise.all(
      listings.map((url) => within(5000, async () => !(await text(url)).includes(`/piece/${code}/`))),
    );
    process.stdout.write(`vente → listes des deux storefronts : ${gone.join(' ms, ')} ms\n`);
  });

  it('a hold made through shop API 2 shows « Réservée » on the part page of both storefronts within 5 s', async () => {
    const database = await openDatabase({ url: CLUSTER.databaseUrl });
    // The part page's availability line (the word alone is also in the messages sent to the islands).
    const reserved = 'Réservée – un autre client est en train de la commander';
    try {
      const code = (await partOnSale(database.db))!;
      // Both storefronts have the part page (cached) on sale.
      const pages = await Promise.all(
        CLUSTER.storefronts.map(async (origin) => {
          const answer = await fetch(`${origin}/piece/${code}/x`, { redirect: 'manual' });
          return new URL(answer.headers.get('location') ?? `/piece/${code}/x`, origin).pathname;
        }),
      );
      for (const [i, origin] of CLUSTER.storefronts.entries())
        expect(await text(`${origin}${pages[i]}`)).not.toContain(reserved);
      const opened = await openPayment([], await newCustomer(database.db), code, CLUSTER.apis[1]);
      expect(opened).not.toBeNull();
      const shown = await Promise.all(
        CLUSTER.storefronts.map((origin, i) =>
          within(5000, async () => (await text(`${origin}${pages[i]}`)).includes(reserved)),
        ),
      );
      process.stdout.write(`réservation → fiches des deux storefronts : ${shown.join(' ms, ')} ms\n`);
    } finally {
      await database.close();
    }
  });

  it('counts one address’s failed sign-ins across both shop APIs', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await fetch(`${CLUSTER.apis[i % 2]}${API}/authentication-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
        body: JSON.stringify({ email: `grappe-${i}@exemple.fr`, password: 'un-essai' }),
      });
      statuses.push(response.status);
    }
    // Each instance saw 10 or 11, under its ceiling of 20; together they passed it.
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
  });

  it('both shop APIs up, the retention run queued at their start is one job', async () => {
    const client = new pg.Client({ connectionString: CLUSTER.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'account-retention' AND singleton_key = 'start'`,
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('a retention run with both shop APIs up sends one warning mail, through SMTP, however many runs are asked for', async () => {
    const client = new pg.Client({ connectionString: CLUSTER.databaseUrl });
    await client.connect();
    const email = `inactif-${Date.now()}@exemple.fr`;
    const boss = new PgBoss({
      connectionString: CLUSTER.databaseUrl,
      schedule: false,
      supervise: false,
      migrate: false,
    });
    try {
      // Unused for 2 years less 20 days: due its warning.
      await client.query(
        `INSERT INTO customers (email, first_name, last_name, password_hash, verified_at, created_at, last_seen_at)
         VALUES ($1, 'Léa', 'Martin', 'x', now() - interval '710 days', now() - interval '710 days', now() - interval '710 days')`,
        [email],
      );
      await boss.start();
      // Runs asked for at once, as two instances' clocks would: the queue takes one, the rule sends once.
      await Promise.all([boss.send('account-retention', null), boss.send('account-retention', null)]);
      const mailbox = join(process.env.CLUSTER_DIR || 'var-cluster', 'shop', 'mail');
      const warnings = async () => (await readOutbox(mailbox, 500)).filter((mail) => mail.to.includes(email));
      await within(60_000, async () => (await warnings()).length > 0);
      // Another run after it: the warning is recorded, nothing more goes out.
      await boss.send('account-retention', null);
      await within(30_000, async () => {
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'account-retention' AND state IN ('created', 'retry', 'active')`,
        );
        return rows[0].n === 0;
      });
      const sent = await warnings();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toMatch(/compte/i);
    } finally {
      await boss.stop({ graceful: false, close: true });
      await client.end();
    }
  });
});
