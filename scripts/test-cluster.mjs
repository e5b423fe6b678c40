#!/usr/bin/env node
/**
 * `npm run test:cluster`: starts a fresh cluster (scripts/cluster.mjs, its own ports and folder), runs
 * the tests of tests/cluster against it and the money model on its PostgreSQL, stops it all, and
 * prints `N passed, N failed`. Exit code 1 when a test failed or the cluster did not start.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.CLUSTER_PORT || '5100';
const dir = join(root, 'var-cluster-test');
const env = { ...process.env, CLUSTER_PORT: port, CLUSTER_DIR: dir, SEED_PARTS: process.env.SEED_PARTS || '1000' };
const say = (message) => process.stdout.write(`\u001b[1m[test:cluster]\u001b[0m ${message}\n`);

rmSync(dir, { recursive: true, force: true });
const cluster = spawn(process.execPath, [join(root, 'scripts/cluster.mjs')], { cwd: root, env, stdio: 'inherit' });
const stopped = new Promise((resolve) => cluster.once('exit', resolve));

async function ready() {
  const started = Date.now();
  for (;;) {
    if (cluster.exitCode !== null) return false;
    try {
      const answers = await Promise.all(
        [0, 11, 12].map((offset) => fetch(`http://127.0.0.1:${Number(port) + offset}/api/session`)),
      );
      if (answers.every((answer) => answer.ok)) return true;
    } catch {
      /* not yet */
    }
    if (Date.now() - started > 20 * 60_000) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function vitest(args, extraEnv = {}) {
  const out = mkdtempSync(join(tmpdir(), 'test-cluster-'));
  const file = join(out, 'report.json');
  const child = spawn(
    join(root, 'node_modules/.bin/vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' },
  );
  return new Promise((resolve) =>
    child.once('exit', () => {
      const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
      rmSync(out, { recursive: true, force: true });
      resolve({ passed: report?.numPassedTests ?? 0, failed: report ? report.numFailedTests : 1 });
    }),
  );
}

/** The browser journeys (tests/cluster/*.cluster.spec.ts), counted from Playwright's JSON report. */
function playwright() {
  const out = mkdtempSync(join(tmpdir(), 'test-cluster-'));
  const file = join(out, 'report.json');
  const child = spawn(
    join(root, 'node_modules/.bin/playwright'),
    ['test', '-c', 'tests/cluster/playwright.config.ts', '--reporter=list,json'],
    { cwd: root, env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file }, stdio: 'inherit' },
  );
  return new Promise((resolve) =>
    child.once('exit', () => {
      const stats = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).stats : null;
      rmSync(out, { recursive: true, force: true });
      resolve({ passed: stats?.expected ?? 0, failed: stats ? stats.unexpected + stats.flaky : 1 });
    }),
  );
}

let passed = 0;
let failed = 0;
if (await ready()) {
  for (const run of [
    // What the instances share first, on a catalogue still full and instances as started; then a
    // shopper's browser; then instances killed and restarted under load (they buy hundreds of parts).
    await vitest(['--project', 'cluster', 'tests/cluster/shared-state.test.ts']),
    await playwright(),
    await vitest(['--project', 'cluster', 'tests/cluster/failover.test.ts']),
    // The money model (two shop-API instances on one database) on the cluster's PostgreSQL.
    await vitest(['--project', 'shop-api', 'shop-api/tests/money-invariants.test.ts'], {
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${Number(port) + 31}/postgres`,
    }),
  ]) {
    passed += run.passed;
    failed += run.failed;
  }
} else {
  say('la grappe n’a pas démarré.');
  failed += 1;
}
cluster.kill('SIGINT');
await stopped;
rmSync(dir, { recursive: true, force: true });
say(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
