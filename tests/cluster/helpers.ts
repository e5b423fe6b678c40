/**
 * The cluster under test (`npm run test:cluster` starts it, scripts/test-cluster.mjs): its addresses,
 * from CLUSTER_PORT as scripts/cluster.mjs lays them out, and its shared secrets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const base = Number(process.env.CLUSTER_PORT || 4100);
export const CLUSTER = {
  shop: `http://127.0.0.1:${base}`,
  /** The shop's public address (SITE_URL): payments return there. */
  site: `http://localhost:${base}`,
  api: `http://127.0.0.1:${base + 1}`,
  stats: `http://127.0.0.1:${base + 2}`,
  storefronts: [`http://127.0.0.1:${base + 11}`, `http://127.0.0.1:${base + 12}`],
  apis: [`http://127.0.0.1:${base + 21}`, `http://127.0.0.1:${base + 22}`],
  databaseUrl: `postgresql://postgres@127.0.0.1:${base + 31}/postgres`,
};

export const secrets = (): Record<string, string> =>
  JSON.parse(readFileSync(join(process.env.CLUSTER_DIR || 'var-cluster', 'secrets.json'), 'utf8'));

export const API = '/api/v2/shop';

/** Polls `check` every 100 ms until it holds; the milliseconds it took, or throws after `ms`. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
