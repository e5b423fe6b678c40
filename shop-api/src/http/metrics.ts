/**
 * What the people on call read (Prometheus, through prom-client): the process's own figures, requests
 * and their latency by route, and the shop's state as the database states it (parts held, payments by
 * state, background jobs by queue and state), read at each scrape so that every instance reports the same truth. One registry per app:
 * tests build many apps in one process.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.js';

export function registerMetrics(app: FastifyInstance, db: Db): { registry: Registry } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Durée des requêtes HTTP, par méthode, route et statut',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // The route's pattern, never the URL: tokens in paths must not become labels (nor blow up their number).
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      { method: request.method, route: request.routeOptions.url ?? 'inconnue', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  new Gauge({
    name: 'shop_parts_held',
    help: 'Pièces retenues par un paiement ouvert',
    registers: [registry],
    async collect() {
      const result = (await db.execute(
        sql`SELECT count(*)::int AS n FROM product_variants WHERE held_by_payment_id IS NOT NULL`,
      )) as unknown as { rows: { n: number }[] };
      this.set(result.rows[0]!.n);
    },
  });
  new Gauge({
    name: 'shop_payments',
    help: 'Paiements par état (new : ouverts ; completed, cancelled, refund_due, refunded…)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const result = (await db.execute(
        sql`SELECT state, count(*)::int AS n FROM payments GROUP BY state`,
      )) as unknown as { rows: { state: string; n: number }[] };
      this.reset();
      for (const row of result.rows) this.set({ state: row.state }, row.n);
    },
  });
  new Gauge({
    name: 'shop_jobs',
    help: 'Tâches de fond par file et état (created : en attente ; active ; retry : échouée, à refaire ; failed : abandonnée)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // The queue's tables exist once an instance has started its jobs (jobs/queue.ts).
      const present = (await db.execute(sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`)) as unknown as {
        rows: { present: boolean }[];
      };
      if (!present.rows[0]!.present) return;
      const result = (await db.execute(
        sql`SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job GROUP BY name, state`,
      )) as unknown as { rows: { name: string; state: string; n: number }[] };
      for (const row of result.rows) this.set({ queue: row.name, state: row.state }, row.n);
    },
  });
  return { registry };
}
