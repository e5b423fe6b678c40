#!/usr/bin/env node
/**
 * `npm run start:cluster`: the shop as it runs on several machines, on this one's loopback
 * (ARCHITECTURE.md, "Several instances"): PostgreSQL and Redis (Debian's servers), two shop-API
 * instances, two storefront instances of one build (each with its own copy of the build folder, so a
 * cache they do not share cannot hide behind a shared disk), and HAProxy in front of both halves with
 * health checks. Data and settings are kept in var-cluster/ across restarts. Ctrl-C stops all of it.
 *
 * The ports follow CLUSTER_PORT (default 4100): the shop on CLUSTER_PORT, the shop API's public
 * address on +1, HAProxy's statistics on +2, storefronts on +11 and +12, shop APIs on +21 and +22,
 * PostgreSQL on +31, Redis on +32, the mail catcher (SMTP) on +33.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nextHost } from './next-host.mjs';
import { buildStorefront } from './storefront-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = resolve(root, process.env.CLUSTER_DIR || 'var-cluster');
const base = Number(process.env.CLUSTER_PORT || 4100);
const ports = {
  shop: base,
  api: base + 1,
  stats: base + 2,
  storefronts: [base + 11, base + 12],
  apis: [base + 21, base + 22],
  postgres: base + 31,
  redis: base + 32,
  smtp: base + 33,
};

/** With CLUSTER_CPU_PROF_DIR, each instance writes a CPU profile there when it stops (open it in Chrome's DevTools). */
const profiling = process.env.CLUSTER_CPU_PROF_DIR
  ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.CLUSTER_CPU_PROF_DIR)}`]
  : [];

const say = (message) => process.stdout.write(`\u001b[1m[grappe]\u001b[0m ${message}\n`);
const children = new Set();
let stopping = false;

function run(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  children.add(child);
  child.on('exit', (code) => {
    children.delete(child);
    if (!stopping && options.essential) {
      say(`${options.essential} s’est arrêté (code ${code}) : arrêt de tout.`);
      void stopAll(1);
    }
  });
  return child;
}

/**
 * Starts an instance and waits until `readyUrl` answers; from then on keeps it running as a service
 * manager would (systemd's Restart=always): started again a second after it stops, whatever stopped
 * it (a crash, a SIGKILL, the SIGTERM of a rolling restart). HAProxy's health checks take it out of
 * rotation meanwhile and put it back once it answers.
 */
async function service(name, start, readyUrl) {
  const first = start();
  await waitFor(readyUrl, first, name);
  const keep = (child) =>
    child.once('exit', (code, signal) => {
      if (stopping) return;
      say(`${name} s’est arrêté (${signal ?? `code ${code}`}) : redémarrage.`);
      setTimeout(() => {
        if (!stopping) keep(start());
      }, 1000);
    });
  keep(first);
}

const exited = (child) =>
  new Promise((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) resolveExit(child.exitCode ?? 1);
    else child.once('exit', (code) => resolveExit(code ?? 1));
  });

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const deadline = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, 20_000);
  // HAProxy and the instances together (each drains what it has in flight), then the servers they use.
  const servers = [...children].filter((child) => child.sharedServer);
  const others = [...children].filter((child) => !child.sharedServer);
  for (const child of others) child.kill('SIGTERM');
  await Promise.all(others.map(exited));
  for (const child of servers.reverse()) {
    child.kill('SIGTERM');
    await exited(child);
  }
  clearTimeout(deadline);
  process.exit(code);
}
process.on('SIGINT', () => {
  say('arrêt de la grappe…');
  void stopAll(0);
});
process.on('SIGTERM', () => void stopAll(0));

/** Resolves once `url` answers 2xx (or `ok` says so); fails if `child` stops first or after `ms`. */
async function waitFor(url, child, name, ms = 30 * 60_000) {
  const started = Date.now();
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${name} s’est arrêté pendant son démarrage.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > ms) throw new Error(`${name} ne répond pas (${url}).`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A Debian binary, or a clear French message naming the package. */
function binary(candidates, pkg) {
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  throw new Error(`${candidates[0]} introuvable : installez le paquet Debian ${pkg} (apt-get install -y ${pkg}).`);
}

/** Settings every instance must share, drawn once and kept (0600) with the cluster's data. */
function sharedSecrets() {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const draw = () => randomBytes(32).toString('hex');
  const secrets = {
    JWT_SECRET: draw(),
    REVALIDATE_SECRET: draw(),
    STAFF_API_TOKEN: draw(),
    METRICS_TOKEN: draw(),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** PostgreSQL as the `postgres` user when run as root (it refuses root), in var-cluster/postgresql. */
async function startPostgres() {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
  const bin = versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : '/usr/lib/postgresql/15/bin';
  const initdb = binary([join(bin, 'initdb')], 'postgresql');
  const postgres = binary([join(bin, 'postgres')], 'postgresql');
  const pgData = join(dataDir, 'postgresql');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
      }
    : {};
  if (!existsSync(join(pgData, 'PG_VERSION'))) {
    say('PostgreSQL : création de la base…');
    mkdirSync(pgData, { recursive: true, mode: 0o700 });
    if (asRoot) chownSync(pgData, user.uid, user.gid);
    execFileSync(initdb, ['-D', pgData, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8'], { stdio: 'ignore', ...user });
  }
  // Its log in var-cluster/postgresql.log, not on the terminal.
  const log = openSync(join(dataDir, 'postgresql.log'), 'a');
  const server = run(
    postgres,
    ['-D', pgData, '-p', String(ports.postgres), '-k', pgData, '-c', 'listen_addresses=127.0.0.1'],
    { stdio: ['ignore', log, log], essential: 'PostgreSQL', ...user },
  );
  server.sharedServer = true;
  const url = `postgresql://postgres@127.0.0.1:${ports.postgres}/postgres`;
  for (let attempt = 0; ; attempt++) {
    try {
      execFileSync('psql', [url, '-c', 'SELECT 1'], { stdio: 'ignore' });
      break;
    } catch (error) {
      if (server.exitCode !== null || attempt > 150) throw new Error('PostgreSQL ne démarre pas.', { cause: error });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return url;
}

/** Redis for the shared page cache and rate limits; nothing on disk, bounded memory (LRU eviction). */
async function startRedis() {
  const server = binary(['/usr/bin/redis-server'], 'redis-server');
  const redis = run(
    server,
    [
      '--port',
      String(ports.redis),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory',
      process.env.CLUSTER_REDIS_MAXMEMORY || '512mb',
      '--maxmemory-policy',
      'allkeys-lru',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], essential: 'Redis' },
  );
  redis.sharedServer = true;
  const url = `redis://127.0.0.1:${ports.redis}`;
  for (let attempt = 0; ; attempt++) {
    try {
      execFileSync('redis-cli', ['-p', String(ports.redis), 'ping'], { stdio: 'ignore' });
      return url;
    } catch (error) {
      if (attempt > 100) throw new Error('Redis ne démarre pas.', { cause: error });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * HAProxy in front: round robin (no stickiness, so a problem of shared state shows), health checks
 * every second (three failures take a server out, two successes bring it back, its share of traffic
 * growing over 5 s while it warms up), retries and redispatch on a connection failure, never a second
 * send of a request that is not idempotent.
 */
function startHaproxy() {
  const haproxy = binary(['/usr/sbin/haproxy'], 'haproxy');
  // The storefronts listen on `localhost` (scripts/next-host.mjs): HAProxy resolves it as Node does.
  const servers = (prefix, list, host) =>
    list
      .map((port, i) => `  server ${prefix}${i + 1} ${host}:${port} check inter 1s fall 3 rise 2 slowstart 5s`)
      .join('\n');
  const config = `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  # A process under load answers its check late, not never: taken out only after 3 s without answer.
  timeout check 3s
  option redispatch
  retries 2
  retry-on conn-failure empty-response 503

frontend shop
  bind 127.0.0.1:${ports.shop}
  option forwardfor
  # Every shopper's request gets its id here; the storefront passes it to the shop API (its logs).
  http-request set-header X-Request-Id %[uuid(4)]
  # A request that is not idempotent is never sent a second time (a payment, an order).
  http-request disable-l7-retry unless METH_GET || METH_HEAD || METH_OPTIONS
  # Which storefront answered (for the tests and whoever debugs this loopback cluster).
  http-response set-header X-Instance %[srv_name]
  default_backend storefronts

frontend shop_api
  bind 127.0.0.1:${ports.api}
  option forwardfor
  http-request set-header X-Request-Id %[uuid(4)] unless { req.hdr(x-request-id) -m found }
  http-request disable-l7-retry unless METH_GET || METH_HEAD || METH_OPTIONS
  default_backend shop_apis

backend storefronts
  balance roundrobin
  option httpchk GET /health/ready
  http-check expect status 200
${servers('web', ports.storefronts, 'localhost')}

backend shop_apis
  balance roundrobin
  option httpchk GET /health/ready
  http-check expect status 200
${servers('api', ports.apis, '127.0.0.1')}

listen stats
  bind 127.0.0.1:${ports.stats}
  stats enable
  stats uri /
`;
  const file = join(dataDir, 'haproxy.cfg');
  writeFileSync(file, config);
  execFileSync(haproxy, ['-c', '-q', '-f', file], { stdio: 'inherit' });
  run(haproxy, ['-W', '-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'], essential: 'HAProxy' });
}

try {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // PostgreSQL's own user must reach its folder inside.
  chmodSync(dataDir, 0o711);
  const secrets = sharedSecrets();
  const databaseUrl = await startPostgres();
  const redisUrl = await startRedis();
  // Mail through SMTP, as between machines: a catcher keeps each message in var-cluster/shop/mail.
  const mail = run(
    process.execPath,
    [join(root, 'scripts/mail-catcher.mjs'), String(ports.smtp), join(dataDir, 'shop', 'mail')],
    { essential: 'le serveur de courrier' },
  );
  mail.sharedServer = true;
  say(`PostgreSQL sur ${ports.postgres}, Redis sur ${ports.redis}, courrier (SMTP) sur ${ports.smtp}.`);

  const siteUrl = process.env.SITE_URL || `http://localhost:${ports.shop}`;
  const env = {
    ...process.env,
    ...secrets,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SITE_URL: siteUrl,
    // The storefront and the revalidation calls go through HAProxy, as they would between machines.
    SHOP_API_URL: `http://127.0.0.1:${ports.api}`,
    SHOP_API_PUBLIC_URL: process.env.SHOP_API_PUBLIC_URL || `http://localhost:${ports.api}`,
    STOREFRONT_REVALIDATE_URL: `http://127.0.0.1:${ports.shop}/api/revalidate`,
    // The instances' own files (seeded parts' stand-in photos, a cache); mail goes through SMTP.
    SHOP_VAR_DIR: join(dataDir, 'shop'),
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    // One hop (HAProxy) between shoppers and each half: the address it appends is the shopper's.
    STOREFRONT_PROXY_HOPS: '1',
    DRAIN_DELAY_MS: process.env.DRAIN_DELAY_MS || '4500',
    NEXT_DEPLOYMENT_ID: process.env.NEXT_DEPLOYMENT_ID || 'grappe',
    NEXT_TELEMETRY_DISABLED: '1',
  };

  // The first shop API applies the migrations and loads the seed alone; then the second.
  for (const [i, port] of ports.apis.entries()) {
    say(`démarrage de shop-api ${i + 1} sur ${port}…`);
    await service(
      `shop-api ${i + 1}`,
      () =>
        run(process.execPath, [...profiling, '--import', 'tsx', 'shop-api/src/server.ts'], {
          env: { ...env, SHOP_API_PORT: String(port) },
        }),
      `http://127.0.0.1:${port}/health/ready`,
    );
  }
  startHaproxy();
  await waitFor(`http://127.0.0.1:${ports.api}/health/ready`, null, 'HAProxy (shop API)', 30_000);

  // One build folder per cluster address (its addresses are in the build): test:cluster keeps its own.
  const buildName = base === 4100 ? '.next-cluster' : `.next-cluster-${base}`;
  const buildDir = join(root, buildName);
  await buildStorefront({ root, env, distDir: buildDir, say, run: (c, a, o) => run(c, a, { env, ...o }), exited });
  const webEnv = {
    ...env,
    // SIGTERM drains (lib/ops/lifecycle.ts) instead of Next's immediate exit.
    NEXT_MANUAL_SIG_HANDLE: '1',
    // Loopback only: HAProxy is the way in.
    STOREFRONT_HOST: '127.0.0.1',
    NODE_OPTIONS: [env.NODE_OPTIONS, `--import=${pathToFileURL(join(root, 'scripts/peer-address.mjs')).href}`]
      .filter(Boolean)
      .join(' '),
  };
  for (const [i, port] of ports.storefronts.entries()) {
    // Each instance its own copy of the one build: what it caches on disk is its own.
    const copy = `${buildName}-web${i + 1}`;
    rmSync(join(root, copy), { recursive: true, force: true });
    cpSync(buildDir, join(root, copy), { recursive: true });
    say(`démarrage du storefront ${i + 1} sur ${port}…`);
    await service(
      `storefront ${i + 1}`,
      () =>
        run(
          process.execPath,
          [
            ...profiling,
            join(root, 'node_modules/next/dist/bin/next'),
            'start',
            '-p',
            String(port),
            '-H',
            nextHost(webEnv.STOREFRONT_HOST),
          ],
          {
            env: { ...webEnv, NEXT_DIST_DIR: copy },
          },
        ),
      `http://localhost:${port}/health/ready`,
    );
  }
  await waitFor(`http://127.0.0.1:${ports.shop}/health/ready`, null, 'HAProxy (boutique)', 30_000);
  say(`grappe prête : ${siteUrl}  (shop API : ${env.SHOP_API_PUBLIC_URL}, HAProxy : http://127.0.0.1:${ports.stats}/)`);
  say('Ctrl-C pour tout arrêter.');
} catch (error) {
  say(`erreur : ${error.message}`);
  await stopAll(1);
}
