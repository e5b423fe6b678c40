#!/usr/bin/env node
/**
 * `npm start`: the whole shop on one machine.
 *  1. starts shop-api (PGlite under var/, or PostgreSQL with DATABASE_URL; first start loads the seed),
 *  2. builds the storefront when its sources or settings changed since the last build,
 *  3. serves the storefront in production mode, and prints both URLs.
 * Ctrl-C stops both. Flags: --build-only (build and exit), --dev (next dev), --fresh-data (wipe the
 * var dir first: used by the end-to-end tests).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nextHost } from './next-host.mjs';
import { buildStorefront } from './storefront-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const mode = args.has('--build-only') ? 'build' : args.has('--dev') ? 'dev' : 'start';

const apiPort = Number(process.env.SHOP_API_PORT || 8000);
const webPort = Number(process.env.PORT || 3000);
const env = {
  ...process.env,
  SHOP_API_PORT: String(apiPort),
  SHOP_API_URL: process.env.SHOP_API_URL || `http://127.0.0.1:${apiPort}`,
  SHOP_API_PUBLIC_URL: process.env.SHOP_API_PUBLIC_URL || `http://localhost:${apiPort}`,
  SITE_URL: process.env.SITE_URL || `http://localhost:${webPort}`,
  // shop-api tells the storefront what went stale; both sides sign with this secret. Without one
  // configured, each start draws its own (it only has to match between the two processes).
  STOREFRONT_REVALIDATE_URL: process.env.STOREFRONT_REVALIDATE_URL || `http://127.0.0.1:${webPort}/api/revalidate`,
  REVALIDATE_SECRET: process.env.REVALIDATE_SECRET || randomBytes(32).toString('hex'),
  NEXT_TELEMETRY_DISABLED: '1',
};
const distDir = resolve(root, process.env.NEXT_DIST_DIR || '.next');

const say = (message) => process.stdout.write(`\u001b[1m[boutique]\u001b[0m ${message}\n`);
const children = new Set();
let stopping = false;

function run(command, commandArgs, options = {}) {
  const child = spawn(command, commandArgs, { cwd: root, env, stdio: 'inherit', ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function exited(child) {
  return new Promise((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) resolveExit(child.exitCode ?? 1);
    else child.once('exit', (code) => resolveExit(code ?? 1));
  });
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const deadline = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, 10_000);
  // Newest first: the storefront calls shop-api, so shop-api outlives the storefront's last request.
  for (const child of [...children].reverse()) {
    child.kill('SIGTERM');
    await exited(child);
  }
  clearTimeout(deadline);
  process.exit(code);
}
process.on('SIGINT', () => {
  say('arrêt de la boutique…');
  void stopAll(0);
});
process.on('SIGTERM', () => void stopAll(0));

async function waitForApi(api) {
  const started = Date.now();
  for (;;) {
    if (api.exitCode !== null) throw new Error('shop-api s’est arrêté pendant son démarrage (voir ci-dessus).');
    try {
      const response = await fetch(`${env.SHOP_API_URL}/health`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 30 * 60_000) throw new Error('shop-api ne répond pas après 30 minutes.');
    await new Promise((r) => setTimeout(r, 300));
  }
}

try {
  if (args.has('--fresh-data')) {
    const varDir = resolve(root, process.env.SHOP_VAR_DIR || 'var');
    if (!varDir.startsWith(root))
      throw new Error(`SHOP_VAR_DIR doit être dans le dépôt pour --fresh-data (${varDir}).`);
    rmSync(varDir, { recursive: true, force: true });
  }
  say(`démarrage de shop-api sur le port ${apiPort}…`);
  const api = run(process.execPath, ['--import', 'tsx', 'shop-api/src/server.ts']);
  api.on('exit', (code) => {
    if (!stopping) {
      say(`shop-api s’est arrêté (code ${code}).`);
      void stopAll(1);
    }
  });
  await waitForApi(api);

  if (mode === 'build') {
    await buildStorefront({ root, env, distDir, say, run, exited });
    await stopAll(0);
  }
  if (mode === 'start') await buildStorefront({ root, env, distDir, say, run, exited });

  // The shopper's address reaches server code only through this preload (lib/shop-api/client-address.ts);
  // STOREFRONT_HOST keeps Next to one interface (the TLS proxy's) when it must not be reached directly.
  const webEnv = {
    ...env,
    // SIGTERM drains (lib/ops/lifecycle.ts) instead of Next's immediate exit; next dev keeps its own.
    ...(mode === 'start' ? { NEXT_MANUAL_SIG_HANDLE: '1' } : {}),
    NODE_OPTIONS: [env.NODE_OPTIONS, `--import=${pathToFileURL(join(root, 'scripts/peer-address.mjs')).href}`]
      .filter(Boolean)
      .join(' '),
  };
  const webArgs = [
    mode === 'dev' ? 'dev' : 'start',
    '-p',
    String(webPort),
    ...(nextHost(env.STOREFRONT_HOST) ? ['-H', nextHost(env.STOREFRONT_HOST)] : []),
  ];
  const web = run(join(root, 'node_modules/.bin/next'), webArgs, { env: webEnv });
  web.on('exit', (code) => {
    if (!stopping) {
      say(`le storefront s’est arrêté (code ${code}).`);
      void stopAll(1);
    }
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${webPort}/api/session`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  say(`boutique prête : http://localhost:${webPort}  (shop-api : ${env.SHOP_API_PUBLIC_URL})`);
  say('Ctrl-C pour tout arrêter.');
} catch (error) {
  say(`erreur : ${error.message}`);
  await stopAll(1);
}
