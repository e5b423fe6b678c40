/**
 * The shop API process as `npm start` runs it (src/server.ts), in a temporary data folder:
 * - a shop whose SITE_URL is public, or that listens beyond loopback (SHOP_API_HOST), refuses to start
 *   on the sandbox payment page unless told so (PAYMENT_PROVIDER=sandbox), and says what to set; on
 *   localhost the sandbox stays the default;
 * - its data folder (PGlite files, drawn secrets, mail outbox, media) belongs to its user alone, even
 *   under a permissive umask and over a folder an older version left world-writable.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'shop-startup-'));
/** Processes still running, stopped after the tests even when one fails midway. */
const running = new Set<() => Promise<number | null>>();

/** Variables of the developer's or CI's environment that would change what the process chooses. */
const CLEARED = [
  'DATABASE_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
  'PAYMENT_PROVIDER',
  'SITE_URL',
  'STAFF_API_TOKEN',
  'JWT_SECRET',
  'SMTP_URL',
  'STOREFRONT_REVALIDATE_URL',
  'REVALIDATE_SECRET',
  'SHOP_API_PUBLIC_URL',
  'SHOP_API_HOST',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      })
      .on('error', reject);
  });
}

interface Started {
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
}

/** Starts src/server.ts under umask 000 (the most permissive a user could have) with `env`. */
async function startServer(varDir: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !CLEARED.includes(key)));
  const child = spawn('/bin/sh', ['-c', 'umask 000 && exec "$0" "$@"', process.execPath, '--import', 'tsx', server], {
    env: { ...clean, SHOP_VAR_DIR: varDir, SHOP_API_PORT: String(port), SEED_PARTS: '4', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  running.add(stop);
  void exited.then(() => running.delete(stop));
  return { port, output: () => output, exited, stop };
}

/** Waits for /health, or for the process to end first. */
async function ready(started: Started): Promise<boolean> {
  let done = false;
  void started.exited.then(() => {
    done = true;
  });
  for (let tries = 0; tries < 600 && !done; tries++) {
    try {
      if ((await fetch(`http://127.0.0.1:${started.port}/health`)).ok) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Every folder and file under `root` (itself included), with its permission bits. */
function modes(root: string): { path: string; kind: 'folder' | 'file'; mode: string }[] {
  const found: { path: string; kind: 'folder' | 'file'; mode: string }[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    found.push({
      path: path.slice(root.length) || '/',
      kind: stat.isDirectory() ? 'folder' : 'file',
      mode: (stat.mode & 0o777).toString(8),
    });
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(root);
  return found;
}
const notOwnerOnly = (root: string) =>
  modes(root).filter(({ kind, mode }) => mode !== (kind === 'folder' ? '700' : '600'));

afterAll(async () => {
  await Promise.all([...running].map((stop) => stop()));
  rmSync(work, { recursive: true, force: true });
});

describe('payment provider at start-up', () => {
  it.each([
    ['an https SITE_URL', { SITE_URL: 'https://www.pieces-auto-recyclees.fr' }],
    ['a SITE_URL on a public host, over http', { SITE_URL: 'http://203.0.113.7:3000' }],
    ['a SITE_URL on a named host, over http', { SITE_URL: 'http://boutique.example.fr' }],
  ])(
    'refuses to serve %s on the sandbox page unless PAYMENT_PROVIDER=sandbox is set, before touching any data',
    async (_label, env) => {
      const varDir = join(work, `refused-${Math.random().toString(36).slice(2)}`);
      const started = await startServer(varDir, env);
      expect(await ready(started)).toBe(false);
      expect(await started.exited).toBe(1);
      expect(started.output()).toContain(`SITE_URL (${env.SITE_URL}) est une adresse publique`);
      expect(started.output()).toContain('STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET');
      expect(started.output()).toContain('PAYMENT_PROVIDER=sandbox');
      expect(started.output()).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
      expect(existsSync(varDir)).toBe(false);
    },
  );

  it('refuses to listen on every address (SHOP_API_HOST=0.0.0.0, SITE_URL unset) on the sandbox page unless told so', async () => {
    const varDir = join(work, `refused-${Math.random().toString(36).slice(2)}`);
    const started = await startServer(varDir, { SHOP_API_HOST: '0.0.0.0' });
    expect(await ready(started)).toBe(false);
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('SHOP_API_HOST (0.0.0.0) ouvre l’API à d’autres machines que celle-ci');
    expect(started.output()).toContain('PAYMENT_PROVIDER=sandbox');
    expect(existsSync(varDir)).toBe(false);
  });

  it('refuses PAYMENT_PROVIDER=stripe without its keys, and a provider it does not know', async () => {
    for (const [env, message] of [
      [{ PAYMENT_PROVIDER: 'stripe' }, 'PAYMENT_PROVIDER=stripe demande STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET'],
      [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER vaut « stripe » ou « sandbox »'],
    ] as const) {
      const started = await startServer(join(work, 'never'), env);
      expect(await started.exited).toBe(1);
      expect(started.output()).toContain(message);
    }
  });
});

describe('the data folder belongs to the shop’s user alone', () => {
  it('serves a public shop on the sandbox when told so, and leaves only owner-only folders and files (0700, 0600)', async () => {
    // A folder an older version left open to everyone, with a secret readable by all.
    const varDir = join(work, 'var');
    mkdirSync(join(varDir, 'mail'), { recursive: true });
    writeFileSync(join(varDir, 'jwt-secret'), 'an-old-secret-drawn-with-loose-modes-0123456789');
    for (const path of [varDir, join(varDir, 'mail')]) chmodSync(path, 0o777);
    chmodSync(join(varDir, 'jwt-secret'), 0o666);

    const publicShop = await startServer(varDir, {
      SITE_URL: 'https://www.pieces-auto-recyclees.fr',
      PAYMENT_PROVIDER: 'sandbox',
    });
    expect(await ready(publicShop), publicShop.output()).toBe(true);
    expect(publicShop.output()).toContain('page de paiement de démonstration');
    const base = `http://127.0.0.1:${publicShop.port}`;
    // A mail in the outbox, a drawn image under media.
    const registered = await fetch(`${base}/api/v2/shop/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Camille',
        lastName: 'Martin',
        email: 'camille@example.fr',
        password: 'un mot de passe assez long',
      }),
    });
    expect(registered.status).toBe(204);
    const parts = await (
      await fetch(`${base}/api/v2/shop/products?itemsPerPage=1`, { headers: { accept: 'application/ld+json' } })
    ).json();
    const image = await fetch(parts['hydra:member'][0].images[0].path.replace(/^https?:\/\/[^/]+/, base));
    expect(image.status).toBe(200);
    expect(await publicShop.stop()).toBe(0);

    const tree = modes(varDir).map(({ path }) => path);
    for (const expected of ['/', '/pglite', '/jwt-secret', '/staff-token', '/mail', '/media'])
      expect(tree).toContain(expected);
    expect(tree.filter((path) => path.startsWith('/mail/'))).toHaveLength(1);
    expect(tree.filter((path) => path.startsWith('/media/parts/'))).toHaveLength(1);
    expect(tree.filter((path) => path.startsWith('/pglite/')).length).toBeGreaterThan(100);
    expect(notOwnerOnly(varDir)).toEqual([]);

    // Started again on localhost: the sandbox is the default there, and the files stay owner-only.
    chmodSync(join(varDir, 'staff-token'), 0o644);
    const localShop = await startServer(varDir, {});
    expect(await ready(localShop), localShop.output()).toBe(true);
    expect(localShop.output()).toContain('page de paiement de démonstration');
    expect(await localShop.stop()).toBe(0);
    expect(notOwnerOnly(varDir)).toEqual([]);
  });
});
