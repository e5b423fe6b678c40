/**
 * The shop API's background work, on pg-boss (decision 0034): the payment sweep every minute and the
 * account retention rule every six hours (and once soon after a start). pg-boss keeps the schedule and
 * the jobs in the shop's own database, so with several instances on one PostgreSQL each run happens
 * once: one instance's clock monitor sends a slot's job, one worker claims it (SKIP LOCKED); a job left
 * by a stopped instance is worked by the next one; a failed run is retried with backoff. On PGlite the
 * same code runs through pg-boss's PGlite backend, in the shop's one process.
 */
import { fromPglite, PgBoss, type Queue } from 'pg-boss';
import type { Database } from '../db/client.js';

/** The queues, by name: what each one does when its job comes. */
type JobHandlers = Record<JobName, () => Promise<unknown>>;

const JOB_NAMES = ['payment-sweep', 'account-retention'] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** When each job is sent (cron, Europe/Paris). */
const SCHEDULES: Record<JobName, string> = {
  // Checkouts past their time give their parts back within about a minute.
  'payment-sweep': '* * * * *',
  'account-retention': '17 */6 * * *',
};

/**
 * One job queued and one running at most (`stately`): a slow run is never stacked behind copies of
 * itself. A run that fails is tried again 30 s, 1 min, 2 min… later, five times; a run that hangs is
 * given up after ten minutes and retried.
 */
const QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  policy: 'stately',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 600,
  retentionSeconds: 7 * 24 * 3600,
  deleteAfterSeconds: 7 * 24 * 3600,
};

export interface JobOptions {
  /** The shop's own database: the jobs are kept in its `pgboss` schema. */
  database: Pick<Database, 'pglite' | 'url'>;
  handlers: JobHandlers;
  /** Told of a job that failed, and of pg-boss's own errors (a lost connection). */
  onError: (error: unknown, job?: JobName) => void;
  /** How often an idle worker looks for a job; the schedules have a minute's precision. */
  pollingIntervalSeconds?: number;
  /** Seconds after the start before the first retention run (tests: 0). */
  retentionDelaySeconds?: number;
  /** Seconds before a failed run's first retry (tests: 1). */
  retryDelaySeconds?: number;
  /** False: no job is sent by the clock (tests that count runs). */
  scheduled?: boolean;
}

export interface ShopJobs {
  boss: PgBoss;
  /** Stops taking jobs and waits for the running ones (at most `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

function bossFor({ pglite, url }: JobOptions['database'], scheduled: boolean): PgBoss {
  const common = { schedule: scheduled, supervise: true, migrate: true };
  if (pglite) return new PgBoss({ ...common, db: fromPglite(pglite), backend: 'pglite' });
  // Its own small pool: the jobs need a connection or two, the requests keep theirs.
  return new PgBoss({ ...common, connectionString: url, max: 2, application_name: 'shop-api-jobs' });
}

async function ensureQueue(boss: PgBoss, name: JobName, queue: Omit<Queue, 'name'>) {
  if (await boss.getQueue(name)) {
    // Its policy stays what it was made with; the retry settings follow this version's.
    const { policy: _kept, ...settings } = queue;
    return boss.updateQueue(name, settings);
  }
  try {
    await boss.createQueue(name, queue);
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if (!(await boss.getQueue(name))) throw error;
  }
}

export async function startJobs(options: JobOptions): Promise<ShopJobs> {
  const scheduled = options.scheduled ?? true;
  const boss = bossFor(options.database, scheduled);
  boss.on('error', (error) => options.onError(error));
  await boss.start();
  for (const name of JOB_NAMES) {
    await ensureQueue(boss, name, {
      ...QUEUE_OPTIONS,
      retryDelay: options.retryDelaySeconds ?? QUEUE_OPTIONS.retryDelay,
    });
    // A slot missed while every instance was down is made up once on the next start.
    if (scheduled) await boss.schedule(name, SCHEDULES[name], null, { tz: 'Europe/Paris', missed: 'once' });
    await boss.work(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 }, async () => {
      try {
        return await options.handlers[name]();
      } catch (error) {
        options.onError(error, name);
        throw error; // pg-boss retries it
      }
    });
  }
  // The retention rule also runs soon after a start (a shop restarted often still applies it); the
  // instances started within ten minutes of each other (a rolling restart) share one such run.
  await boss.sendThrottled(
    'account-retention',
    null,
    { startAfter: options.retentionDelaySeconds ?? 60 },
    600,
    'start',
  );
  return {
    boss,
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs, close: true }),
  };
}
