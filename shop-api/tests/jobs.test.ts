/**
 * Background jobs on pg-boss (src/jobs/queue.ts): kept in the shop's database, so a job waits for the
 * next instance to start, two instances on one database run each job once, and a failed run is
 * tried again. On both backends: PGlite runs the same code as PostgreSQL.
 */
import { PgBoss, fromPglite } from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import { startJobs, type JobName, type ShopJobs } from '../src/jobs/queue.js';
import type { Database } from '../src/db/client.js';
import { ALL_BACKENDS, freshDatabase } from './helpers/backends.js';

const until = async (condition: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(ALL_BACKENDS)('background jobs on %s', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function database(): Promise<Database> {
    const fresh = await freshDatabase(backend);
    cleanups.push(fresh.drop);
    return fresh.database;
  }

  /** An instance's jobs, counting the runs of each kind in `runs`. */
  async function instance(
    db: Database,
    runs: Record<JobName, number>,
    { fail = 0, retentionDelaySeconds = 3600 } = {},
  ): Promise<ShopJobs> {
    let failures = fail;
    const count = (name: JobName) => async () => {
      runs[name] += 1;
      if (failures > 0) {
        failures -= 1;
        throw new Error('fournisseur de paiement injoignable');
      }
    };
    const jobs = await startJobs({
      database: db,
      handlers: { 'payment-sweep': count('payment-sweep'), 'account-retention': count('account-retention') },
      onError: () => {},
      pollingIntervalSeconds: 0.5,
      retentionDelaySeconds,
      retryDelaySeconds: 1,
      scheduled: false,
    });
    cleanups.push(() => jobs.stop(2000));
    return jobs;
  }

  it('keeps the schedules in the database: the sweep every minute, retention every six hours', async () => {
    const db = await database();
    const jobs = await startJobs({
      database: db,
      handlers: { 'payment-sweep': async () => {}, 'account-retention': async () => {} },
      onError: () => {},
    });
    cleanups.push(() => jobs.stop(2000));
    const schedules = await jobs.boss.getSchedules();
    expect(Object.fromEntries(schedules.map((entry) => [entry.name, entry.cron]))).toEqual({
      'payment-sweep': '* * * * *',
      'account-retention': '17 */6 * * *',
    });
  });

  it('two instances on one database run each job once; a start queues one retention run however many start', async () => {
    const db = await database();
    const runs = { 'payment-sweep': 0, 'account-retention': 0 };
    // On PostgreSQL they start at the same moment; PGlite is one process's, so its two start in turn.
    const start = () => instance(db, runs, { retentionDelaySeconds: 0 });
    const [a, b] = backend === 'postgres' ? await Promise.all([start(), start()]) : [await start(), await start()];
    // Both ask for a sweep at the same moment, as both clocks would.
    await Promise.all([a.boss.send('payment-sweep'), b.boss.send('payment-sweep')]);
    await until(() => runs['payment-sweep'] >= 1 && runs['account-retention'] >= 1);
    await pause(3000);
    expect(runs).toEqual({ 'payment-sweep': 1, 'account-retention': 1 });
  });

  it('a job queued while no instance runs is worked by the next one to start', async () => {
    const db = await database();
    const runs = { 'payment-sweep': 0, 'account-retention': 0 };
    // The queues exist once the shop has run; then it stops.
    await (await instance(db, runs)).stop(2000);
    const producer = db.pglite
      ? new PgBoss({ db: fromPglite(db.pglite), backend: 'pglite', schedule: false, supervise: false })
      : new PgBoss({ connectionString: db.url, schedule: false, supervise: false, max: 1 });
    await producer.start();
    await producer.send('payment-sweep');
    await producer.stop({ close: true, graceful: false });
    expect(runs['payment-sweep']).toBe(0);
    await instance(db, runs);
    await until(() => runs['payment-sweep'] === 1);
  });

  it('a run that fails is tried again, then done', async () => {
    const db = await database();
    const runs = { 'payment-sweep': 0, 'account-retention': 0 };
    const jobs = await instance(db, runs, { fail: 1 });
    const id = (await jobs.boss.send('payment-sweep'))!;
    await until(() => runs['payment-sweep'] === 2);
    let job = await jobs.boss.getJobById('payment-sweep', id);
    for (let tries = 0; job?.state !== 'completed' && tries < 50; tries += 1) {
      await pause(100);
      job = await jobs.boss.getJobById('payment-sweep', id);
    }
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
  });
});
