/**
 * What the instances of the cluster share (ARCHITECTURE.md, "Several instances"), through its real
 * servers: PostgreSQL, Redis, HAProxy, two shop APIs and two storefronts of one build.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { API, CLUSTER, secrets, within } from './helpers.js';

const text = async (url: string) => (await fetch(url)).text();

describe('the cluster', () => {
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
});
