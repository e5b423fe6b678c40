#!/usr/bin/env node
/**
 * `npm test`: every test of the project, in order —
 *  0. the team's habits: Prettier's format check, ESLint (no error, no warning) and knip (no unused file,
 *     export or dependency), madge (no import circle in the storefront or in shop-api), dependency-cruiser
 *     (the layers of both halves, decision 0030); as `npm run lint`,
 *  1. type checks of the shop API (the storefront is type-checked by its build),
 *  2. Vitest: unit tests, then shop-api integration tests on PostgreSQL when DATABASE_URL is set
 *     (PGlite otherwise; the database layer's on both),
 *  3. Playwright end-to-end tests in Chromium against the whole shop, built and started for them.
 * Ends with the names of the tests that failed (CI shows the end of the output) and one line
 * "Tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'var', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);

function step(title, command, args, env = {}) {
  process.stdout.write(`\n\u001b[1m▶ ${title}\u001b[0m\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

const results = [];
results.push(step('Format (Prettier)', bin('prettier'), ['--check', '--log-level=warn', '.']));
results.push(step('Lint (ESLint)', bin('eslint'), ['.', '--max-warnings=0']));
results.push(step('Unused code (knip)', bin('knip'), []));
results.push(step('Import circles (madge)', 'npm', ['run', '--silent', 'lint:circles']));
results.push(step('Layers (dependency-cruiser)', 'npm', ['run', '--silent', 'lint:layers']));
results.push(step('Types (shop-api)', bin('tsc'), ['--noEmit', '-p', 'shop-api']));
results.push(
  step(`Vitest (unit, shop-api on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, bin('vitest'), [
    'run',
    // The cluster's own tests need a running cluster: `npm run test:cluster`, below.
    '--project=unit',
    '--project=shop-api',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(out, 'vitest.json')}`,
  ]),
);
results.push(
  step('Playwright (Chromium, desktop and phone)', bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'playwright.json'),
  }),
);

let passed = 0;
let failed = 0;
/** "file › test: first line of the error", for each test that failed. */
const failures = [];
const firstLine = (text = '') =>
  text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim()) ?? '';
const vitestFile = join(out, 'vitest.json');
if (existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults)
    for (const test of file.assertionResults.filter((result) => result.status === 'failed'))
      failures.push(`${file.name.replace(root, '')} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
}
const playwrightFile = join(out, 'playwright.json');
if (existsSync(playwrightFile)) {
  const { stats, suites } = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests.filter((t) => t.status === 'unexpected' || t.status === 'flaky'))
        failures.push(
          `${spec.file} › [${test.projectName}] ${[...titles, spec.title].join(' › ')}: ${test.status === 'flaky' ? 'flaky, ' : ''}${firstLine(test.results.find((r) => r.error)?.error?.message)}`,
        );
    for (const inner of suite.suites ?? []) visit(inner, [...titles, inner.title]);
  };
  for (const suite of suites ?? []) visit(suite, []);
}
if (failures.length > 0) process.stdout.write(`\nFailed:\n${failures.map((line) => `  ✘ ${line}`).join('\n')}\n`);
const ok = results.every(Boolean) && failed === 0 && passed > 0;
process.stdout.write(`\nTests: ${passed} passed, ${failed} failed\n`);
process.exit(ok ? 0 : 1);
