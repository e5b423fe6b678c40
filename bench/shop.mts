/**
 * What the storefront benchmarks share: starting the whole shop (`scripts/start.mjs`, production
 * build, its own ports, data and build folders), waiting for it, and stopping every child on exit.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** `stopsItsOwn`: the child stops its own children in order on SIGTERM; the others are stopped as a group. */
const children: { child: ChildProcess; stopsItsOwn: boolean }[] = [];

export function start(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; stopsItsOwn?: boolean } = {},
): ChildProcess {
  const child = spawn(command, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...options.env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  children.push({ child, stopsItsOwn: options.stopsItsOwn ?? false });
  return child;
}

function stopAll() {
  for (const { child, stopsItsOwn } of children) {
    // scripts/start.mjs stops the storefront before shop-api; signalling its whole group at once stopped
    // shop-api under the storefront, which printed a "fetch failed" stack trace per request in flight.
    try {
      process.kill(stopsItsOwn ? child.pid! : -child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

export async function waitFor(url: string, minutes: number): Promise<void> {
  const deadline = Date.now() + minutes * 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} ne répond pas`);
}

/** Starts the shop on `web`/`api` with fresh data in var/<name>, and resolves once it answers. */
export async function startShop(
  name: string,
  { web, api, parts = 3000, env = {} }: { web: number; api: number; parts?: number; env?: Record<string, string> },
) {
  process.stdout.write('construction et démarrage de la boutique de mesure (peut prendre quelques minutes)…\n');
  const child = start(process.execPath, ['scripts/start.mjs', '--fresh-data'], {
    env: {
      PORT: String(web),
      SHOP_API_PORT: String(api),
      SHOP_VAR_DIR: `var/${name}`,
      NEXT_DIST_DIR: `.next-${name}`,
      SEED_PARTS: String(parts),
      DATABASE_URL: '',
      ...env,
    },
    stopsItsOwn: true,
  });
  const shop = `http://localhost:${web}`;
  await waitFor(`${shop}/api/session`, 20);
  return { shop, child };
}

/** The path of a part page, read from a listing of the running shop. */
export async function firstPartPath(shop: string, listing = '/pieces/moteur'): Promise<string> {
  const html = await (await fetch(`${shop}${listing}`)).text();
  const path = html.match(/href="(\/piece\/P\d{7}\/[^"]+)"/)?.[1];
  if (!path) throw new Error(`aucune pièce dans ${listing}`);
  return path;
}

/** Builds and starts bench/bare-app, a bare Next.js page built by the same Next version: the yardstick. */
export function startBareApp(port: number): void {
  // Built outside the repository, or Next takes the shop's proxy.ts for the bare app's own. Turbopack
  // does not follow a node_modules symlink out of its root: hard links (a plain copy as a fallback).
  const bareDir = mkdtempSync(join(tmpdir(), 'bare-next-'));
  cpSync(`${root}bench/bare-app`, bareDir, { recursive: true });
  if (spawnSync('cp', ['-al', `${root}node_modules`, join(bareDir, 'node_modules')]).status !== 0) {
    cpSync(`${root}node_modules`, join(bareDir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  }
  // Next from the copy: one React instance for the build and the page.
  const nextBin = join(bareDir, 'node_modules/next/dist/bin/next');
  const build = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: bareDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('la page Next.js nue ne se construit pas');
  start(process.execPath, [nextBin, 'start', '-p', String(port)], { cwd: bareDir });
  process.on('exit', () => rmSync(bareDir, { recursive: true, force: true }));
}
