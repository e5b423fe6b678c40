/**
 * Starts the shop API: checks its settings (a public shop needs a real payment provider), opens the
 * database (PGlite under var/ or DATABASE_URL), applies migrations, loads the seed catalogue on the
 * very first start, then serves HTTP until SIGINT/SIGTERM. Everything under var/ is the shop user's alone.
 */
import { join } from 'node:path';
import { buildApp } from './app.js';
import {
  ConfigError,
  demonstrationNotice,
  loadConfig,
  paymentProviderFor,
  paymentRegistry,
  STAFF_TOKEN_FILE,
} from './config.js';
import { openDatabase } from './db/client.js';
import { createJwtService, drawnSecret, loadJwtKey } from './auth/jwt.js';
import { createMailer } from './mail/mailer.js';
import { definitionNamed } from './payments/registry.js';
import { createStorefrontNotifier } from './notify/storefront.js';
import { sweepPayments } from './payments/sweep.js';
import { applyRetention } from './jobs/retention.js';
import { startJobs } from './jobs/queue.js';
import { limitsRedis } from './http/rate-limits.js';
import { progressReporter } from './seed/progress.js';
import { isSeeded, seedCatalogue } from './seed/seed.js';
import { OWNER_ONLY_UMASK, ownerOnlyFolder, restrictToOwner } from './var-dir.js';

// Secrets, mails, photos and database files: readable by this user only.
process.umask(OWNER_ONLY_UMASK);

/** Settings first, before any file is touched: a shop that cannot run as set says why and stops. */
async function checkedSettings() {
  try {
    const registry = await paymentRegistry();
    const loaded = loadConfig(registry);
    const provider = paymentProviderFor(
      {
        ...loaded.paymentSettings,
        siteUrl: loaded.siteUrl,
        host: loaded.host,
        paymentProvider: loaded.paymentProvider,
      },
      registry,
    );
    return { config: loaded, provider, registry };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`shop-api : ${error.message}\n`);
    process.exit(1);
  }
}
const { config, provider, registry } = await checkedSettings();

ownerOnlyFolder(config.varDir);
// A folder left by an earlier version, or copied with loose modes, is tightened too.
const foreign = restrictToOwner(config.varDir);
if (foreign.length > 0) {
  process.stderr.write(
    `shop-api : droits non restreints sur ${foreign.length} fichier(s) d’un autre utilisateur sous ${config.varDir} ` +
      `(${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}) : rendez-les à l’utilisateur de la boutique (chown).\n`,
  );
}
const database = await openDatabase({
  url: config.databaseUrl,
  poolMax: config.databasePoolMax,
  dataDir: join(config.varDir, 'pglite'),
});
await database.migrate();

if (!(await isSeeded(database.db))) {
  const progress = progressReporter('Premier démarrage : chargement du catalogue de démonstration');
  await seedCatalogue(database.db, { parts: config.seedParts, onProgress: progress.update });
  progress.stop();
}

if (config.revalidateUrl && !config.revalidateSecret) {
  process.stderr.write(
    'shop-api : STOREFRONT_REVALIDATE_URL sans REVALIDATE_SECRET, le storefront ne sera pas prévenu des changements.\n',
  );
}
const notifier = createStorefrontNotifier({
  url: config.revalidateUrl,
  secret: config.revalidateSecret,
  onError: (error) =>
    process.stderr.write(
      `shop-api : storefront non prévenu (${error instanceof Error ? error.message : String(error)})\n`,
    ),
});

if (!definitionNamed(registry, provider)?.realMoney)
  process.stdout.write(`shop-api : ${demonstrationNotice(registry)}\n`);

// One report per outage, not one per reconnection attempt.
let redisDown = false;
const redis = config.redisUrl
  ? limitsRedis(config.redisUrl, (error) => {
      if (!redisDown) process.stderr.write(`shop-api : Redis injoignable, limites non comptées (${error.message})\n`);
      redisDown = true;
    })
  : undefined;
redis?.on('ready', () => (redisDown = false));

const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: join(config.varDir, 'mail'), from: config.mailFrom });
const app = await buildApp({
  db: database.db,
  publicUrl: config.publicUrl,
  mediaDir: join(config.varDir, 'media'),
  notifier,
  // Without STAFF_API_TOKEN, a token drawn once into var/staff-token: the staff commands on this machine read it there.
  staffToken: config.staffToken ?? drawnSecret(join(config.varDir, STAFF_TOKEN_FILE)),
  rateLimitScale: config.rateLimitScale,
  redis,
  jwt: createJwtService(loadJwtKey(config.jwtSecret, join(config.varDir, 'jwt-secret')), config.jwtTtlSeconds),
  mailer,
  siteUrl: config.siteUrl,
  staffEmail: config.staffEmail,
  trustProxy: config.trustProxy,
  paymentRegistry: registry,
  paymentProvider: provider,
  paymentSettings: config.paymentSettings,
  testRoutes: config.testRoutes,
  metricsToken: config.metricsToken,
  logger: { level: process.env.LOG_LEVEL || 'warn' },
});

// Background work (jobs/queue.ts): every minute, checkouts past their time give their parts back,
// holds of closed payments end, refunds a provider could not make yet are tried again; every six
// hours, unused accounts are warned, then erased 2 years after the last sign-in (jobs/retention.ts).
const jobs = await startJobs({
  database,
  handlers: {
    'payment-sweep': () => sweepPayments(app.context, app.log),
    'account-retention': () => applyRetention(app.context, app.log),
  },
  onError: (error, job) =>
    process.stderr.write(
      `shop-api : ${job ? `tâche ${job} en échec, nouvel essai plus tard` : 'file des tâches'} (${(error as Error).message})\n`,
    ),
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  process.stderr.write(`shop-api: ${signal} reçu, arrêt…\n`);
  // Readiness fails first, so that a load balancer stops sending requests; then the server stops
  // taking new ones and waits for those in flight.
  app.context.lifecycle.draining = true;
  await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
  await app.close();
  await jobs.stop();
  redis?.disconnect();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
process.stdout.write(
  `shop-api prêt sur ${config.publicUrl} (base ${database.kind === 'pglite' ? `PGlite, ${join(config.varDir, 'pglite')}` : 'PostgreSQL'})\n`,
);
